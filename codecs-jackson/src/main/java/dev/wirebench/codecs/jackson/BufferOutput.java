package dev.wirebench.codecs.jackson;

import java.io.OutputStream;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * An {@code OutputStream} over {@code [offset, limit)} of a {@link ByteBuffer}, re-aimed for every encode: Jackson's
 * generator flushes its buffer into the caller's buffer through it, with one bulk {@code put} per flush, heap or
 * direct, and without touching the buffer's position. A write that does not fit throws
 * {@link BufferOverflowException} and writes nothing of itself. One instance serves one codec, so one thread.
 */
final class BufferOutput extends OutputStream {

    private ByteBuffer buffer;
    private int start;
    private int at;
    private int limit;

    /** Points the stream at {@code [offset, limit)} of {@code buffer}, nothing written yet. */
    BufferOutput aim(ByteBuffer target, int offset, int end) {
        buffer = target;
        start = offset;
        at = offset;
        limit = end;
        return this;
    }

    /** Bytes written since {@link #aim}. */
    int written() {
        return at - start;
    }

    @Override
    public void write(int b) {
        if (at >= limit) {
            throw new BufferOverflowException();
        }
        buffer.put(at++, (byte) b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        if (length > limit - at) {
            throw new BufferOverflowException();
        }
        buffer.put(at, bytes, offset, length);
        at += length;
    }

    /** Nothing to release: the buffer is the caller's, and Jackson closes its target after each value. */
    @Override
    public void close() {
    }
}
