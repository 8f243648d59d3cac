package dev.wirebench.fix.quickfixj;

import org.apache.mina.core.buffer.IoBuffer;
import org.apache.mina.core.filterchain.IoFilterAdapter;
import org.apache.mina.core.filterchain.IoFilterChain;
import org.apache.mina.core.filterchain.IoFilterChainBuilder;
import org.apache.mina.core.session.AttributeKey;
import org.apache.mina.core.session.IoSession;
import quickfix.mina.message.FIXProtocolCodecFactory;

/**
 * Closes a connection that sends more than a cap of bytes without QuickFIX/J decoding a message from them.
 *
 * <p>QuickFIX/J 3.0.0's decoder has no BodyLength cap: after {@code 9=2000000000} it keeps every byte in
 * MINA's cumulative buffer until two billion have arrived, and after a header whose checksum is missing
 * it keeps everything that follows until a new header shows up. Either way one connection can take the
 * whole heap. Two filters around QuickFIX/J's codec bound that: the one before it counts the bytes
 * handed in, the one after it zeroes the count whenever a message comes out. The codec then never holds
 * more than the cap plus one read (MINA reads at most 64 KiB at a time).
 */
final class UndecodedBytesCap implements IoFilterChainBuilder {

    private static final AttributeKey PENDING = new AttributeKey(UndecodedBytesCap.class, "pending");

    private final long cap;

    UndecodedBytesCap(long cap) {
        this.cap = cap;
    }

    @Override
    public void buildFilterChain(IoFilterChain chain) {
        // QuickFIX/J adds its own filters before it runs a user's builder, so the codec is there to wrap
        chain.addBefore(FIXProtocolCodecFactory.FILTER_NAME, "wirebench-count", new Count());
        chain.addAfter(FIXProtocolCodecFactory.FILTER_NAME, "wirebench-decoded", new Decoded());
    }

    /** Bytes handed to the codec since it last produced a message; touched only by the session's I/O thread. */
    private static final class Pending {
        long bytes;
    }

    private final class Count extends IoFilterAdapter {
        @Override
        public void messageReceived(NextFilter next, IoSession session, Object message) {
            if (message instanceof IoBuffer buffer) {
                Pending pending = (Pending) session.getAttribute(PENDING);
                if (pending == null) {
                    pending = new Pending();
                    session.setAttribute(PENDING, pending);
                }
                pending.bytes += buffer.remaining();
                if (pending.bytes > cap) {
                    // drop the bytes rather than let the codec buffer them, and end this connection only
                    session.closeNow();
                    return;
                }
            }
            next.messageReceived(session, message);
        }
    }

    private static final class Decoded extends IoFilterAdapter {
        @Override
        public void messageReceived(NextFilter next, IoSession session, Object message) {
            Pending pending = (Pending) session.getAttribute(PENDING);
            if (pending != null) {
                pending.bytes = 0;
            }
            next.messageReceived(session, message);
        }
    }
}
