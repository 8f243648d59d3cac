package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.AbstractNativeCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.InputMismatchException;

/**
 * The Colfer codec of one canonical message: a {@link ColferMapping} between the record and its
 * generated struct, and {@link ColferBuffers} between the struct's {@code byte[]} serial and the
 * caller's buffer.
 *
 * <p>Encode fills one struct kept for the codec's life, so its list arrays and nested structs are
 * reused. Decode and traverse unmarshal into a second struct, reset before each call, and then build
 * the record from it or hash it: Colfer has no reader that leaves the bytes where they are, so
 * traverse materialises the generated structs (strings included) as decode does, minus the record.
 *
 * <p>Colfer's {@code unmarshal(buf, offset, end)} reads up to the end of the array and checks
 * {@code end} only once it is done. On a message it wrote that changes nothing: it stops at the
 * message's terminator. On hostile bytes it reads, and allocates from, the caller's bytes after
 * the message. The plain codec ({@code colfer}) unmarshals a heap buffer's array in place all the
 * same: that is Colfer. The guarded one ({@code colfer+guarded}) first copies the message to the
 * tail of a scratch array, so that Colfer's reads end where the message ends (see
 * {@link ColferBuffers#window}). A direct buffer is copied in both: Colfer reads only arrays.
 *
 * <p>The generated struct is the codec's {@link dev.wirebench.codec.NativeModel}: {@code toNative} fills the
 * struct kept for encoding and hands it out, {@code decodeNative} returns the struct decode unmarshals into, so a
 * user who keeps Colfer's structs pays neither mapping.
 *
 * @param <T> the canonical record
 * @param <C> the generated Colfer struct
 */
final class ColferCodec<T, C> extends AbstractNativeCodec<T, C> {

    static final String FORMAT = "colfer";
    static final String GUARDED_FORMAT = FORMAT + "+guarded";

    private final boolean guarded;
    private final ColferMapping<T, C> mapping;
    private final C out;
    private final C in;
    private final ColferBuffers buffers = new ColferBuffers();
    private final ColferBuffers.Marshaller marshal;
    /** The struct the next write marshals: a field rather than a captured variable, so no call allocates a lambda. */
    private C toWrite;

    ColferCodec(MessageType<T> messageType, ColferMapping<T, C> mapping, boolean guarded) {
        super(guarded ? GUARDED_FORMAT : FORMAT, messageType, structClass(mapping));
        this.guarded = guarded;
        this.mapping = mapping;
        this.out = mapping.newStruct();
        this.in = mapping.newStruct();
        this.marshal = (buf, offset) -> mapping.marshal(toWrite, buf, offset);
    }

    @SuppressWarnings("unchecked") // the generated struct's class is C
    private static <C> Class<C> structClass(ColferMapping<?, C> mapping) {
        return (Class<C>) mapping.newStruct().getClass();
    }

    /**
     * Only the guarded codec claims hostile input: the plain one passes the kit's truncations and
     * corruptions, but a corrupted length makes Colfer read past the message into the caller's array
     * (up to 16 MiB, and allocate a string of it) before it fails.
     */
    @Override
    public Conformance conformance() {
        return guarded ? Conformance.HOSTILE_INPUT : Conformance.MEASUREMENT;
    }

    /** Fills the one struct kept for encoding: its list arrays and nested structs are reused from call to call. */
    @Override
    public C toNative(T message) {
        mapping.fill(out, message);
        return out;
    }

    @Override
    public T fromNative(C struct) {
        return mapping.toRecord(struct);
    }

    @Override
    protected int encodeNative(C struct, ByteBuffer dst, int offset, int limit) {
        toWrite = struct;
        try {
            return buffers.write(marshal, dst, offset, limit);
        } catch (IllegalStateException e) {
            // Colfer refuses a text or serial over colferSizeMax bytes, a list over colferListMax elements
            throw new IllegalArgumentException(name() + " cannot carry this message: " + e.getMessage(), e);
        } finally {
            toWrite = null;
        }
    }

    /** The struct kept for decoding, reset and unmarshalled into: the next call overwrites it. */
    @Override
    protected C decodeNative(ByteBuffer src, int offset, int length) {
        return unmarshal(src, offset, length);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return mapping.checksum(unmarshal(src, offset, length));
    }

    /** Unmarshals exactly {@code length} bytes into the reused struct, or throws saying what was wrong. */
    private C unmarshal(ByteBuffer src, int offset, int length) {
        if (length > mapping.sizeMax()) {
            throw malformed(length + " bytes is more than Colfer's size limit of " + mapping.sizeMax());
        }
        byte[] array;
        int start;
        if (!guarded && src.hasArray()) {
            array = src.array();
            start = src.arrayOffset() + offset;
        } else {
            array = buffers.window(src, offset, length);
            start = array.length - length;
        }
        int limit = start + length;
        mapping.reset(in);
        int end;
        try {
            end = mapping.unmarshal(in, array, start, limit);
        } catch (BufferUnderflowException e) {
            throw malformed("truncated: a field runs past the end of the " + length + " bytes", e);
        } catch (SecurityException e) {
            // Colfer's limits: a text or serial over colferSizeMax bytes, a list over colferListMax elements
            throw malformed(e.getMessage(), e);
        } catch (InputMismatchException e) {
            throw malformed("a header byte that is no field of the schema at that place (an unknown field, "
                    + "fields out of order, or a corrupted length before it)", e);
        }
        int trailing = limit - end;
        if (trailing != 0) {
            throw malformed(trailing + (trailing == 1 ? " byte" : " bytes") + " after the end of the message");
        }
        return in;
    }
}
