package dev.wirebench.codecs.msgpack;

import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferOutput;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * Where {@link org.msgpack.core.MessagePacker} writes: the range {@code [offset, limit)} of the caller's buffer,
 * re-aimed by {@link #aim} before each encode, never written at or past the limit.
 *
 * <ul>
 *   <li>A heap buffer is written in place: {@link #next} hands the packer a {@link MessageBuffer} over the range of
 *       the buffer's array, so the bytes land where they belong and nothing is copied. A {@code MessageBuffer} is
 *       immutable (final base, address and size), so a new range takes a new one (about 40 bytes); the last one
 *       is kept and handed out again while the calls name the same array and range, as a benchmark loop or a
 *       connection encoding each message at the start of its send buffer does.</li>
 *   <li>A direct buffer is written through a scratch array: msgpack-core 0.9.12 can only wrap a direct buffer
 *       through {@code sun.nio.ch.DirectBuffer}, which JDK 17 and later do not export (an
 *       {@code IllegalAccessError} without {@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED}). The packer
 *       fills the scratch {@code MessageBuffer}, and each flush copies it into the buffer with one absolute bulk
 *       {@code put}, checked against the limit first.</li>
 * </ul>
 *
 * The packer asks for a new buffer ({@link #next}) whenever a write would reach the end of the current one, so
 * near the limit a message may take one more {@code MessageBuffer} over the rest of the range; past it,
 * {@link #next} throws {@link BufferOverflowException}. Bytes it writes itself ({@link #write}: string payloads
 * the packer passes through) are copied in with the same check.
 */
final class RangeOutput implements MessageBufferOutput {

    /** Of the direct-buffer scratch; the packer never asks for more than 9 bytes at once (a marker and a long). */
    private static final int SCRATCH_BYTES = 8192;

    /** The heap buffer's array, or null when writing a direct buffer. */
    private byte[] array;
    /** The direct buffer, or null when writing a heap buffer's array. */
    private ByteBuffer direct;
    /** Index (in the array or the direct buffer) of the message's first byte, of the next byte, and of the limit. */
    private int start;
    private int cursor;
    private int end;

    /** The last MessageBuffer handed out over a heap range, and that range. */
    private MessageBuffer view;
    private byte[] viewArray;
    private int viewStart;
    private int viewEnd;

    /** For direct buffers: made on first use, then reused. */
    private byte[] scratch;
    private MessageBuffer scratchView;

    /** Aims at {@code [offset, limit)} of {@code dst}. */
    void aim(ByteBuffer dst, int offset, int limit) {
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        if (dst.hasArray()) {
            array = dst.array();
            direct = null;
            int base = dst.arrayOffset();
            start = base + offset;
            end = base + limit;
        } else {
            array = null;
            direct = dst;
            start = offset;
            end = limit;
            if (scratch == null) {
                scratch = new byte[SCRATCH_BYTES];
                scratchView = MessageBuffer.wrap(scratch);
            }
        }
        cursor = start;
    }

    /** Bytes written since {@link #aim}, once the packer has been flushed. */
    int written() {
        return cursor - start;
    }

    /** Forgets the caller's buffer (the cached view keeps its array until the next heap range replaces it). */
    void release() {
        array = null;
        direct = null;
    }

    @Override
    public MessageBuffer next(int minimumSize) {
        if (direct != null) {
            if (minimumSize > scratch.length) {
                throw new IllegalStateException("the packer asked for " + minimumSize + " bytes at once");
            }
            return scratchView;
        }
        if (minimumSize > end - cursor) {
            throw new BufferOverflowException();
        }
        if (array != viewArray || cursor != viewStart || end != viewEnd) {
            view = MessageBuffer.wrap(array, cursor, end - cursor);
            viewArray = array;
            viewStart = cursor;
            viewEnd = end;
        }
        return view;
    }

    @Override
    public void writeBuffer(int length) {
        if (direct != null) {
            if (length > end - cursor) {
                throw new BufferOverflowException();
            }
            direct.put(cursor, scratch, 0, length);
        }
        // on a heap buffer the packer wrote the bytes in place
        cursor += length;
    }

    @Override
    public void write(byte[] buffer, int offset, int length) {
        if (length > end - cursor) {
            throw new BufferOverflowException();
        }
        if (direct != null) {
            direct.put(cursor, buffer, offset, length);
        } else {
            System.arraycopy(buffer, offset, array, cursor, length);
        }
        cursor += length;
    }

    @Override
    public void add(byte[] buffer, int offset, int length) {
        write(buffer, offset, length);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
