package dev.wirebench.codecs.jdk;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * An {@link InputStream} over exactly the byte range {@code [offset, offset + length)} of a
 * caller's buffer, read with absolute indices so the buffer's position and limit are never
 * touched; the end of the range is the end of the stream. One instance is re-aimed for every
 * message.
 */
final class BufferInput extends InputStream {

    private ByteBuffer buffer;
    /** The heap buffer's backing array, or null for a direct (or read-only) buffer. */
    private byte[] array;
    private int arrayOffset;
    private int position;
    private int end;

    /** Starts reading at {@code src[offset]}; the stream ends at {@code offset + length}. */
    void aim(ByteBuffer src, int offset, int length) {
        this.buffer = src;
        this.array = src.hasArray() ? src.array() : null;
        this.arrayOffset = src.hasArray() ? src.arrayOffset() : 0;
        this.position = offset;
        this.end = offset + length;
    }

    /** Bytes not read yet. */
    int remaining() {
        return end - position;
    }

    /** Drops the reference to the caller's buffer, so a codec does not keep it alive between calls. */
    void release() {
        buffer = null;
        array = null;
    }

    @Override
    public int read() {
        if (position >= end) {
            return -1;
        }
        byte b = array != null ? array[arrayOffset + position] : buffer.get(position);
        position++;
        return b & 0xFF;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length == 0) {
            return 0;
        }
        int n = Math.min(length, end - position);
        if (n <= 0) {
            return -1;
        }
        if (array != null) {
            System.arraycopy(array, arrayOffset + position, bytes, offset, n);
        } else {
            buffer.get(position, bytes, offset, n);
        }
        position += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long skipped = Math.max(0, Math.min(n, end - position));
        position += (int) skipped;
        return skipped;
    }

    @Override
    public int available() {
        return end - position;
    }
}
