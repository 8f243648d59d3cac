package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FramingCheck;
import org.apache.mina.core.buffer.IoBuffer;
import org.apache.mina.core.filterchain.IoFilterAdapter;
import org.apache.mina.core.filterchain.IoFilterChain;
import org.apache.mina.core.filterchain.IoFilterChainBuilder;
import org.apache.mina.core.session.AttributeKey;
import org.apache.mina.core.session.IoSession;
import quickfix.mina.message.FIXProtocolCodecFactory;

import java.io.IOException;

/**
 * What a server connection reads passes two guards before QuickFIX/J's codec, each of which ends the connection:
 * a {@link FramingCheck}, and a cap on the bytes sent without QuickFIX/J decoding a message from them.
 *
 * <p>Framing: QuickFIX/J 3.0.0's decoder reads BodyLength into an int without bounding its digits, and one
 * that overflows to a negative length sends its read position backwards. After other bytes in the same read
 * ({@code 100 x 'x'}, then {@code 8=FIX.4.4|9=4294967200|}) it then finds the same header again, forever: the
 * MINA I/O thread spins at full CPU and never reads that connection again, all before any Logon. The check
 * fails the first byte that breaks FIX 4.4 framing ({@code 8=FIX.4.4|9=n|}, n bytes, {@code 10=ddd|}, n at most
 * the cap), as the Philadelphia and Artio servers' does; the failure goes to QuickFIX/J's I/O handler, which
 * writes it to the session's event log and disconnects, and nothing more of that connection reaches the codec.
 *
 * <p>Cap: the decoder has no BodyLength cap either: after {@code 9=2000000000} it keeps every byte in MINA's
 * cumulative buffer until two billion have arrived. The framing check bounds BodyLength; the count is kept as
 * a second line: the filter before the codec counts the bytes handed in, the one after it zeroes the count
 * whenever a message comes out. The codec then never holds more than the cap plus one read (MINA reads at most
 * 64 KiB at a time).
 */
final class ReadGuard implements IoFilterChainBuilder {

    private static final AttributeKey STATE = new AttributeKey(ReadGuard.class, "state");
    /** Room for a message's header and trailer beside its body. */
    private static final int FRAMING_ROOM = 64;

    private final long cap;

    ReadGuard(long cap) {
        this.cap = cap;
    }

    /** The largest BodyLength the framing check lets through for a cap of {@code cap} undecoded bytes. */
    static int maxBodyLength(long cap) {
        return (int) Math.min(Integer.MAX_VALUE, cap - FRAMING_ROOM);
    }

    @Override
    public void buildFilterChain(IoFilterChain chain) {
        // QuickFIX/J adds its own filters before it runs a user's builder, so the codec is there to wrap
        chain.addBefore(FIXProtocolCodecFactory.FILTER_NAME, "wirebench-guard", new Guard());
        chain.addAfter(FIXProtocolCodecFactory.FILTER_NAME, "wirebench-decoded", new Decoded());
    }

    /** A connection's guards; touched only by the session's I/O thread. */
    private final class State {
        final FramingCheck framing = new FramingCheck(maxBodyLength(cap));
        /** Bytes handed to the codec since it last produced a message. */
        long pending;
        /** Once the connection is refused, nothing more of it is passed on (the check is mid-message). */
        boolean refused;
    }

    private final class Guard extends IoFilterAdapter {
        @Override
        public void messageReceived(NextFilter next, IoSession session, Object message) {
            if (message instanceof IoBuffer buffer) {
                State state = (State) session.getAttribute(STATE);
                if (state == null) {
                    state = new State();
                    session.setAttribute(STATE, state);
                }
                if (state.refused) {
                    return;
                }
                state.pending += buffer.remaining();
                try {
                    if (state.pending > cap) {
                        throw new IOException(state.pending + " bytes from the client without a whole FIX message");
                    }
                    state.framing.check(buffer.buf(), buffer.position(), buffer.limit());
                } catch (IOException refused) {
                    // drop the bytes rather than let the codec have them, and end this connection only
                    state.refused = true;
                    next.exceptionCaught(session, refused);
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
            State state = (State) session.getAttribute(STATE);
            if (state != null) {
                state.pending = 0;
            }
            next.messageReceived(session, message);
        }
    }
}
