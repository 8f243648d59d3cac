package dev.wirebench.fix.artio;

import dev.wirebench.fix.artio.codecs.builder.ExecutionReportEncoder;
import dev.wirebench.fix.artio.codecs.builder.RejectEncoder;
import dev.wirebench.fix.artio.codecs.decoder.LogonDecoder;
import dev.wirebench.fix.artio.codecs.decoder.NewOrderSingleDecoder;
import dev.wirebench.fix.engine.ExecutedOrders;
import dev.wirebench.fix.engine.PingPong;
import io.aeron.Publication;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.SessionState;
import uk.co.real_logic.artio.session.Session;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One accepted session of the Artio server, called on the library's polling thread (in sole-library
 * mode from the TCP connection on, so the Logon passes here too): answers every
 * NewOrderSingle with an ack and a fill. Artio's session has already checked the header (CompIDs,
 * MsgSeqNum, SendingTime); this decodes the order with the generated decoder, rejects one that fails its
 * validation (35=3), and echoes ClOrdID and Symbol straight from the received buffer into two reused
 * encoders, so answering allocates nothing.
 */
final class ServerSession implements SessionHandler {

    private final Session session;
    private final AtomicInteger logons;
    private final IdleStrategy backPressure;
    private final OrderReader reader = new OrderReader();
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final Report ack = new Report(PingPong.EXEC_ID_ACK_PREFIX, PingPong.EXEC_TYPE_NEW, PingPong.ORD_STATUS_NEW);
    private final Report fill = new Report(PingPong.EXEC_ID_FILL_PREFIX, PingPong.EXEC_TYPE_TRADE, PingPong.ORD_STATUS_FILLED);
    private final RejectEncoder reject = new RejectEncoder();
    private final ExecutedOrders executed;
    private boolean loggedOn;
    /** Set on the poller once the session has ended. */
    private volatile boolean ended;

    /**
     * Counts the session in {@code logons} once its Logon has been accepted.
     *
     * @param executed a durable server's ledger, by which each ClOrdID is executed once (a String per order), or null
     */
    ServerSession(Session session, AtomicInteger logons, IdleStrategy backPressure, ExecutedOrders executed) {
        this.session = session;
        this.logons = logons;
        this.backPressure = backPressure;
        this.executed = executed;
    }

    @Override
    public Action onMessage(DirectBuffer buffer, int offset, int length, int libraryId, Session session,
                            int sequenceIndex, long messageType, long timestampInNs, long position,
                            OnMessageInfo messageInfo) {
        // an invalid message (a gap, a bad header) has been dealt with by the session: a ResendRequest or a Reject
        if (!messageInfo.isValid()) {
            return Action.CONTINUE;
        }
        if (messageType == LogonDecoder.MESSAGE_TYPE) {
            if (!loggedOn) {
                loggedOn = true;
                logons.incrementAndGet();
            }
            return Action.CONTINUE;
        }
        if (messageType != NewOrderSingleDecoder.MESSAGE_TYPE) {
            return Action.CONTINUE;
        }
        if (!reader.read(buffer, offset, length)) {
            reject(reader.rejectedTag(), reader.rejectReason(), reader.rejection());
            return Action.CONTINUE;
        }
        NewOrderSingleDecoder order = reader.order();
        order.clOrdID(clOrdId);
        order.symbol(symbol);
        if (executed != null && !executed.firstTime(clOrdId.toString(), order.header().msgSeqNum())) {
            // executed before the connection or the server went: its fill again, marked as possibly sent before
            fill(order);
            fill.encoder.header().possResend(true);
            send(fill.encoder);
            fill.encoder.header().resetPossResend();
            return Action.CONTINUE;
        }
        ack.echo(clOrdId, symbol, order.side());
        ack.encoder.leavesQty(order.orderQty());
        send(ack.encoder);
        fill(order);
        send(fill.encoder);
        return Action.CONTINUE;
    }

    private void fill(NewOrderSingleDecoder order) {
        fill.echo(clOrdId, symbol, order.side());
        fill.encoder.lastQty(order.orderQty()).lastPx(order.price()).cumQty(order.orderQty()).avgPx(order.price());
    }

    private void reject(int tag, int reason, String text) {
        if (tag == OrderReader.NO_TAG) {
            reject.resetRefTagID();
        } else {
            reject.refTagID(tag);
        }
        reject.refSeqNum(reader.order().header().msgSeqNum())
                .refMsgType(NewOrderSingleDecoder.MESSAGE_TYPE_CHARS)
                .sessionRejectReason(reason)
                .text(text);
        send(reject);
    }

    /**
     * Sends on the session, retrying while the engine's stream is full (the framer drains it on its own
     * thread, or, spinning, stepped by this thread as it waits). A session that is gone takes the message
     * into Artio's archive instead, so this ends.
     */
    private void send(Encoder message) {
        long position;
        while ((position = session.trySend(message)) == Publication.BACK_PRESSURED || position == Publication.ADMIN_ACTION) {
            backPressure.idle();
        }
        backPressure.reset();
    }

    @Override
    public void onTimeout(int libraryId, Session session) {
        // the session stays connected and the engine manages it: nothing of ours to do
    }

    @Override
    public void onSlowStatus(int libraryId, Session session, boolean hasBecomeSlow) {
        // the engine buffers for a slow client and disconnects it past its limits
    }

    @Override
    public Action onDisconnect(int libraryId, Session session, DisconnectReason reason) {
        ended = true;
        return Action.CONTINUE;
    }

    /**
     * Ends the connection, the caller holding the library: as a server that stops does, without a Logout, which
     * would leave both sides a logout exchange to finish with orders still in flight.
     */
    void disconnect() {
        if (session.state() == SessionState.DISCONNECTED) {
            ended = true;
        } else {
            session.requestDisconnect();
        }
    }

    /** Whether the session has ended. */
    boolean ended() {
        return ended;
    }

    @Override
    public void onSessionStart(Session session) {
        // the client reset its sequence numbers with a new Logon: nothing of ours depends on them
    }

    /** One ExecutionReport kind, its constant fields set once. */
    private static final class Report {
        final ExecutionReportEncoder encoder = new ExecutionReportEncoder();
        private byte[] execId = new byte[1 + 16];

        Report(char execIdPrefix, char execType, char ordStatus) {
            execId[0] = (byte) execIdPrefix;
            encoder.orderID(PingPong.ORDER_ID).execType(execType).ordStatus(ordStatus);
            if (execType == PingPong.EXEC_TYPE_TRADE) {
                encoder.leavesQty(0, 0);
            } else {
                encoder.cumQty(0, 0).avgPx(0, 0);
            }
        }

        /** ClOrdID and Symbol wrapped where they were received; ExecID is the prefix and the ClOrdID, copied. */
        void echo(AsciiSequenceView clOrdId, AsciiSequenceView symbol, char side) {
            int length = clOrdId.length();
            if (execId.length < 1 + length) {
                byte prefix = execId[0];
                execId = new byte[1 + length];
                execId[0] = prefix;
            }
            clOrdId.buffer().getBytes(clOrdId.offset(), execId, 1, length);
            encoder.clOrdID(clOrdId).execID(execId, 0, 1 + length).instrument().symbol(symbol);
            encoder.side(side);
        }
    }
}
