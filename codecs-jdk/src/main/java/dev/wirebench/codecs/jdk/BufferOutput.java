package dev.wirebench.codecs.jdk;

import java.io.OutputStream;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * An {@link OutputStream} over the byte range {@code [offset, limit)} of a caller's buffer, written
 * with absolute indices so the buffer's position and limit are never touched. One instance is
 * re-aimed at a new range for every message. It never writes at or past {@code limit}: a write
 * that does not fit throws {@link BufferOverflowException} before copying anything.
 */
final class BufferOutput extends OutputStream {

    private ByteBuffer buffer;
    /** The heap buffer's backing array, or null for a direct (or read-only) buffer. */
    private byte[] array;
    private int arrayOffset;
    private int position;
    private int limit;

    /** Starts writing at {@code dst[offset]}; nothing may be written at or past {@code limit}. */
    void aim(ByteBuffer dst, int offset, int limit) {
        this.buffer = dst;
        this.array = dst.hasArray() ? dst.array() : null;
        this.arrayOffset = dst.hasArray() ? dst.arrayOffset() : 0;
        this.position = offset;
        this.limit = limit;
    }

    /** The index after the last byte written. */
    int position() {
        return position;
    }

    /** Drops the reference to the caller's buffer, so a codec does not keep it alive between calls. */
    void release() {
        buffer = null;
        array = null;
    }

    @Override
    public void write(int b) {
        if (position >= limit) {
            throw new BufferOverflowException();
        }
        if (array != null) {
            array[arrayOffset + position] = (byte) b;
        } else {
            buffer.put(position, (byte) b);
        }
        position++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length > limit - position) {
            throw new BufferOverflowException();
        }
        if (array != null) {
            System.arraycopy(bytes, offset, array, arrayOffset + position, length);
        } else {
            buffer.put(position, bytes, offset, length);
        }
        position += length;
    }
}
