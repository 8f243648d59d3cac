package dev.wirebench.codecs.msgpack;

import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferInput;

import java.nio.ByteBuffer;

/**
 * What {@link org.msgpack.core.MessageUnpacker} reads: exactly the {@code length} bytes of one message, as one
 * {@link MessageBuffer}, then the end of input, so that the unpacker cannot read a byte past the message (it throws
 * {@code MessageInsufficientBufferException} instead). Re-aimed by {@link #aim} before each decode or traverse.
 *
 * <p>A heap buffer is read in place, through a {@code MessageBuffer} over the range of its array. A direct (or
 * read-only) buffer is first copied into a scratch array, which grows to the longest message met: msgpack-core
 * 0.9.12 cannot wrap a direct buffer on JDK 17+ without {@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED}
 * (see {@link RangeOutput}). A {@code MessageBuffer} is immutable, so a new range takes a new one; the last one is
 * kept and handed out again while the calls name the same array and range.
 */
final class RangeInput implements MessageBufferInput {

    private MessageBuffer view;
    private byte[] viewArray;
    private int viewStart;
    private int viewLength;
    private boolean consumed;

    /** The array the message lies in and the index of its first byte: where traverse hashes strings. */
    private byte[] array;
    private int start;

    /** For direct and read-only buffers: made on first use, grown to the longest message. */
    private byte[] copy;

    /** Aims at the {@code length} bytes at {@code offset} of {@code src}. */
    void aim(ByteBuffer src, int offset, int length) {
        byte[] a;
        int s;
        if (src.hasArray()) {
            a = src.array();
            s = src.arrayOffset() + offset;
        } else {
            if (copy == null || copy.length < length) {
                copy = new byte[Math.max(length, copy == null ? 1024 : 2 * copy.length)];
            }
            src.get(offset, copy, 0, length);
            a = copy;
            s = 0;
        }
        if (a != viewArray || s != viewStart || length != viewLength) {
            view = MessageBuffer.wrap(a, s, length);
            viewArray = a;
            viewStart = s;
            viewLength = length;
        }
        array = a;
        start = s;
        consumed = false;
    }

    /** The array holding the message being read. */
    byte[] array() {
        return array;
    }

    /** The index in {@link #array()} of the message's first byte. */
    int start() {
        return start;
    }

    @Override
    public MessageBuffer next() {
        if (consumed) {
            return null;
        }
        consumed = true;
        return view;
    }

    @Override
    public void close() {
    }
}
