package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.io.ByteBufferOutput;

import java.nio.ByteBuffer;

/**
 * Kryo's {@link ByteBufferOutput}, which writes into a {@link ByteBuffer} with relative puts, bounded at the
 * buffer's limit. {@code setBuffer(ByteBuffer)} takes the buffer's capacity as Kryo's capacity and only the
 * buffer's own limit check would stop a write past the limit; this sets capacity and maximum capacity to the
 * limit, so that Kryo throws {@code KryoBufferOverflowException} there as {@link ArrayOutput} does, and never
 * replaces the buffer with a bigger one of its own.
 */
final class BoundedByteBufferOutput extends ByteBufferOutput {

    /** Writes from {@code target.position()}, never at or past {@code target.limit()}; moves {@code target}'s position. */
    void aim(ByteBuffer target) {
        setBuffer(target, target.limit());
        capacity = target.limit();
        maxCapacity = target.limit();
    }
}
