package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXConnectionStatusListener;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageListener;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import dev.wirebench.fix.engine.PingPong;

import java.io.IOException;
import java.nio.channels.Channel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One session of the Philadelphia server, run on its connection's thread: answers the Logon, then
 * every NewOrderSingle with an ack and a fill. The two reports are built once; per order only the
 * echoed values are copied in, so answering allocates nothing. Anything that breaks the session
 * (no Logon first, a sequence gap, a Logout) ends it with a Logout and a closed connection.
 */
final class ServerSession implements FIXMessageListener, FIXConnectionStatusListener {

    /** SessionRejectReason(373) 1: required tag missing. */
    private static final int REQUIRED_TAG_MISSING = 1;

    private final Channel channel;
    private final AtomicInteger logons;
    private final FIXConnection connection;
    private final Report ack;
    private final Report fill;
    private boolean loggedOn;
    private boolean ended;

    /** @param channel the connection: a {@code SocketChannel}, or any channel that reads and writes bytes */
    <C extends ReadableByteChannel & GatheringByteChannel> ServerSession(C channel, FIXConfig config, AtomicInteger logons) {
        this.channel = channel;
        this.logons = logons;
        this.connection = new LockedConnection(new FramingGuard(channel, PhiladelphiaEngine.MAX_BODY_LENGTH), channel,
                config, this, this) {
            @Override
            public void sendResendRequest(long beginSeqNo) throws IOException {
                // over TCP a gap means a message was dropped as garbled (bad CheckSum): with no store on
                // either side a resend cannot help, so the session ends
                // (Text(58) must fit the 64-byte field capacity)
                end("MsgSeqNum(34) too high, expected " + beginSeqNo + ": garbled or lost");
            }
        };
        this.ack = new Report(connection, PingPong.EXEC_ID_ACK_PREFIX, PingPong.EXEC_TYPE_NEW, PingPong.ORD_STATUS_NEW);
        this.fill = new Report(connection, PingPong.EXEC_ID_FILL_PREFIX, PingPong.EXEC_TYPE_TRADE, PingPong.ORD_STATUS_FILLED);
    }

    /** Receives until the peer goes, the session ends, or the read fails (which the caller takes as the end). */
    void run() throws IOException {
        while (!ended && connection.receive() >= 0) {
            // each receive() blocks in read() and hands every whole message to the callbacks below
        }
    }

    @Override
    public void message(FIXMessage message) throws IOException {
        if (!loggedOn) {
            end("the first message must be a Logon");
            return;
        }
        FIXValue type = message.getMsgType();
        if (type.length() != 1 || type.byteAt(0) != FIX44MsgTypes.NewOrderSingle) {
            return; // nothing else is part of the ping-pong
        }
        FIXValue clOrdId = required(message, FIX44Tags.ClOrdID, "ClOrdID(11)");
        FIXValue symbol = required(message, FIX44Tags.Symbol, "Symbol(55)");
        FIXValue side = required(message, FIX44Tags.Side, "Side(54)");
        FIXValue orderQty = required(message, FIX44Tags.OrderQty, "OrderQty(38)");
        FIXValue price = required(message, FIX44Tags.Price, "Price(44)");
        if (clOrdId == null || symbol == null || side == null || orderQty == null || price == null) {
            return;
        }
        ack.echo(clOrdId, symbol, side);
        ack.leavesQty.set(orderQty);
        connection.send(ack.message);
        fill.echo(clOrdId, symbol, side);
        fill.lastQty.set(orderQty);
        fill.lastPx.set(price);
        fill.cumQty.set(orderQty);
        fill.avgPx.set(price);
        connection.send(fill.message);
    }

    private FIXValue required(FIXMessage message, int tag, String name) throws IOException {
        FIXValue value = message.valueOf(tag);
        if (value == null) {
            connection.sendReject(message.getMsgSeqNum(), REQUIRED_TAG_MISSING, name + " not found");
        }
        return value;
    }

    @Override
    public void logon(FIXConnection connection, FIXMessage message) throws IOException {
        FIXValue sender = message.valueOf(FIX44Tags.SenderCompID);
        if (sender == null || !sender.contentEquals(PingPong.CLIENT_COMP_ID)) {
            end("unknown SenderCompID(49): expected " + PingPong.CLIENT_COMP_ID);
            return;
        }
        FIXValue reset = message.valueOf(FIX44Tags.ResetSeqNumFlag);
        connection.sendLogon(reset != null && reset.asBoolean());
        if (!loggedOn) {
            loggedOn = true;
            logons.incrementAndGet();
        }
    }

    @Override
    public void logout(FIXConnection connection, FIXMessage message) throws IOException {
        end(null); // answer the client's Logout with ours and close
    }

    @Override
    public void close(FIXConnection connection, String message) throws IOException {
        end(message);
    }

    @Override
    public void tooLowMsgSeqNum(FIXConnection connection, long receivedMsgSeqNum, long expectedMsgSeqNum)
            throws IOException {
        end("MsgSeqNum(34) too low, expected " + expectedMsgSeqNum);
    }

    @Override
    public void sequenceReset(FIXConnection connection) {
        // the client reset its numbers: nothing of ours depends on them
    }

    @Override
    public void reject(FIXConnection connection, FIXMessage message) {
        // a session-level Reject from the client: the ping-pong has nothing to answer
    }

    private void end(String why) throws IOException {
        if (ended) {
            return;
        }
        ended = true;
        try {
            if (loggedOn || why != null) {
                if (why == null) {
                    connection.sendLogout();
                } else {
                    connection.sendLogout(why);
                }
            }
        } finally {
            channel.close();
        }
    }

    /** One ExecutionReport, prepared once, with handles on the values echoed per order. */
    private static final class Report {
        final FIXMessage message;
        final FIXValue clOrdId;
        final FIXValue execId;
        final FIXValue symbol;
        final FIXValue side;
        final FIXValue lastQty;
        final FIXValue lastPx;
        final FIXValue leavesQty;
        final FIXValue cumQty;
        final FIXValue avgPx;
        private final char execIdPrefix;
        private final StringBuilder execIdText = new StringBuilder();

        Report(FIXConnection connection, char execIdPrefix, char execType, char ordStatus) {
            this.execIdPrefix = execIdPrefix;
            boolean isFill = execType == PingPong.EXEC_TYPE_TRADE;
            message = connection.create();
            connection.prepare(message, FIX44MsgTypes.ExecutionReport);
            message.addField(FIX44Tags.OrderID).setString(PingPong.ORDER_ID);
            clOrdId = message.addField(FIX44Tags.ClOrdID);
            execId = message.addField(FIX44Tags.ExecID);
            message.addField(FIX44Tags.ExecType).setChar(execType);
            message.addField(FIX44Tags.OrdStatus).setChar(ordStatus);
            symbol = message.addField(FIX44Tags.Symbol);
            side = message.addField(FIX44Tags.Side);
            lastQty = isFill ? message.addField(FIX44Tags.LastQty) : null;
            lastPx = isFill ? message.addField(FIX44Tags.LastPx) : null;
            leavesQty = message.addField(FIX44Tags.LeavesQty);
            cumQty = message.addField(FIX44Tags.CumQty);
            avgPx = message.addField(FIX44Tags.AvgPx);
            if (isFill) {
                leavesQty.setInt(0);
            } else {
                cumQty.setInt(0);
                avgPx.setInt(0);
            }
        }

        /** Copies the order's ClOrdID (and the ExecID made from it), Symbol and Side in. */
        void echo(FIXValue orderClOrdId, FIXValue orderSymbol, FIXValue orderSide) {
            clOrdId.set(orderClOrdId);
            execIdText.setLength(0);
            execIdText.append(execIdPrefix).append(orderClOrdId); // FIXValue is a CharSequence: no copy made
            execId.setString(execIdText);
            symbol.set(orderSymbol);
            side.set(orderSide);
        }
    }
}
