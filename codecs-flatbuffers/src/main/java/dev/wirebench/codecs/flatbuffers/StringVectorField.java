package dev.wirebench.codecs.flatbuffers;

import com.google.flatbuffers.Table;

import java.nio.ByteBuffer;

/**
 * Where a {@code [string]} field of a root table starts, for reading its elements in place.
 * flatc 2.0.8's Java generator gives such a field only {@code x(int j)}, a {@code java.lang.String}
 * per element, and {@code xVector()}, whose position is private; the scalar and string fields have
 * {@code xInByteBuffer} for that. This goes through the same {@link Table} helpers the generated
 * accessors use, with the field's vtable slot as the generated accessor passes it
 * ({@code 4 + 2 * field id}); {@code StringVectorFieldTest} holds it to the generated accessor.
 */
final class StringVectorField extends Table {

    private final int vtableSlot;

    StringVectorField(int vtableSlot) {
        this.vtableSlot = vtableSlot;
    }

    /**
     * The index of the vector's first element in {@code bb}, whose position is at the root offset
     * (as for {@code getRootAsX}), or -1 if the field is absent.
     */
    int vector(ByteBuffer bb) {
        __reset(bb.position() + bb.getInt(bb.position()), bb);
        int o = __offset(vtableSlot);
        return o == 0 ? -1 : __vector(o);
    }
}
