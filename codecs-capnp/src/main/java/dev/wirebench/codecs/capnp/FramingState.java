package dev.wirebench.codecs.capnp;

import org.capnproto.ArrayInputStream;
import org.capnproto.ArrayOutputStream;
import org.capnproto.ReaderOptions;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What a codec's {@link Framing} reuses from call to call: the runtime's stream wrappers over the
 * caller's buffer, re-aimed at each call's range while the caller passes the same buffer (as a
 * benchmark or a receive loop does), and the reader options of the last message size. Each keeps
 * a reference to the last buffer it wrapped.
 */
final class FramingState {

    /**
     * Pointer hops allowed from the root: the deepest path of the schemas is four (execution →
     * approvals → approval → approver → text), so 8 leaves room.
     */
    static final int NESTING_LIMIT = 8;

    private ByteBuffer outBuffer;
    private ArrayOutputStream out;
    private ByteBuffer inBuffer;
    private ArrayInputStream in;
    private ByteBuffer windowBuffer;
    private int windowOffset;
    private ByteBuffer window;
    private ReaderOptions options = new ReaderOptions(0, NESTING_LIMIT);

    /**
     * The runtime's output stream over {@code dst}, writing from {@code offset} and refusing to go
     * past {@code limit} (its buffer is a duplicate: {@code dst} itself is not touched).
     */
    ArrayOutputStream output(ByteBuffer dst, int offset, int limit) {
        if (dst != outBuffer) {
            out = new ArrayOutputStream(dst);
            outBuffer = dst;
        }
        aim(out.buf, offset, limit);
        return out;
    }

    /** The runtime's input stream over {@code src[offset, offset + length)} (a read-only duplicate). */
    ArrayInputStream input(ByteBuffer src, int offset, int length) {
        if (src != inBuffer) {
            in = new ArrayInputStream(src);
            inBuffer = src;
        }
        aim(in.buf, offset, offset + length);
        return in;
    }

    /**
     * A little-endian view of {@code src[offset, offset + length)} whose index 0 is {@code offset}:
     * {@code Serialize.read} aligns segments to the view's indices and moves its position, so it
     * gets this view, never the caller's buffer.
     */
    ByteBuffer window(ByteBuffer src, int offset, int length) {
        if (src != windowBuffer || offset != windowOffset) {
            ByteBuffer whole = src.duplicate();
            whole.clear().position(offset);
            window = whole.slice().order(ByteOrder.LITTLE_ENDIAN);
            windowBuffer = src;
            windowOffset = offset;
        }
        window.clear().limit(length);
        return window;
    }

    /**
     * Options whose traversal limit is the message's own size in words: reading each object once
     * (as the mappings do) fits, and a message whose pointers alias one object to multiply the work
     * is stopped after reading as many words as it holds.
     */
    ReaderOptions readerOptions(long words) {
        if (options.traversalLimitInWords != words) {
            options = new ReaderOptions(words, NESTING_LIMIT);
        }
        return options;
    }

    private static void aim(ByteBuffer buffer, int from, int to) {
        buffer.clear().limit(to).position(from);
    }
}
