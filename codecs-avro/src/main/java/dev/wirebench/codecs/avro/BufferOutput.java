package dev.wirebench.codecs.avro;

import java.io.OutputStream;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * The caller's buffer as the {@link OutputStream} Avro's {@code BinaryEncoder} writes to: bytes go straight into
 * {@code [offset, limit)} at absolute indexes (no copy, the buffer's position untouched), and a write that would
 * reach the limit throws {@link BufferOverflowException} before a byte of it is written. One instance per codec,
 * aimed at each call's buffer.
 */
final class BufferOutput extends OutputStream {

    private ByteBuffer dst;
    private int position;
    private int limit;

    /** Writes from now on go to {@code dst[offset, limit)}. */
    void aim(ByteBuffer dst, int offset, int limit) {
        this.dst = dst;
        this.position = offset;
        this.limit = limit;
    }

    /** Forgets the buffer, so that the codec does not keep the caller's buffer alive between calls. */
    void release() {
        dst = null;
    }

    /** The absolute index of the next byte. */
    int position() {
        return position;
    }

    @Override
    public void write(int b) {
        if (position >= limit) {
            throw new BufferOverflowException();
        }
        dst.put(position++, (byte) b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        if (length > limit - position) {
            throw new BufferOverflowException();
        }
        dst.put(position, bytes, offset, length);
        position += length;
    }
}
