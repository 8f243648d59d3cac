package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.PingPong;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.UnsupportedMessageType;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.PossResend;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.fix44.ExecutionReport;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The durable server's application ({@code fix --faults}): executes each ClOrdID once, ever. Every ClOrdID is
 * written to a file in the session's directory before its reports go, so a server restarted on that directory
 * still knows it; an order whose ClOrdID is known (a resent one, PossDupFlag=Y, whose first copy was executed
 * before the connection or the server went) is not executed again but answered with its fill once more, marked
 * PossResend=Y, so a client that never saw the first fill gets it and one that did can tell it is a repeat.
 *
 * <p>The file is flushed, not synced: a restarted JVM reads what the one before wrote; a machine that loses power
 * may lose the last lines, which this benchmark does not pretend to survive.
 */
final class DedupingOrderAnswerer extends OrderAnswerer {

    /** The file of executed ClOrdIDs in a durable session's directory, one a line. */
    static final String EXECUTED = "executed-clordids.txt";

    private final Set<String> executed = new HashSet<>();
    private final BufferedWriter log;
    private final AtomicLong answeredAgain = new AtomicLong();

    DedupingOrderAnswerer(AtomicInteger logons, Path directory) throws IOException {
        super(logons);
        Path file = directory.resolve(EXECUTED);
        if (Files.exists(file)) {
            executed.addAll(Files.readAllLines(file, StandardCharsets.US_ASCII));
        }
        log = Files.newBufferedWriter(file, StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    @Override
    public void fromApp(Message order, SessionID sessionId) throws FieldNotFound, UnsupportedMessageType {
        if (order.getException() == null && order.isSetField(ClOrdID.FIELD)
                && MsgType.NEW_ORDER_SINGLE.equals(order.getHeader().getString(MsgType.FIELD))) {
            String clOrdId = order.getString(ClOrdID.FIELD);
            if (executed.contains(clOrdId)) {
                answerAgain(order, clOrdId);
                return;
            }
            executed.add(clOrdId);
            try {
                log.write(clOrdId);
                log.newLine();
                log.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot record ClOrdID " + clOrdId + ": " + e.getMessage(), e);
            }
        }
        super.fromApp(order, sessionId);
    }

    /** The fill of an order executed before, again, marked as possibly sent before. */
    private void answerAgain(Message order, String clOrdId) throws FieldNotFound {
        answeredAgain.incrementAndGet();
        String qty = order.getString(OrderQty.FIELD);
        String price = order.getString(Price.FIELD);
        ExecutionReport fill = new ExecutionReport();
        fill.getHeader().setBoolean(PossResend.FIELD, true);
        fill.setString(OrderID.FIELD, PingPong.ORDER_ID);
        fill.setString(ClOrdID.FIELD, clOrdId);
        fill.setString(ExecID.FIELD, PingPong.EXEC_ID_FILL_PREFIX + clOrdId);
        fill.setChar(ExecType.FIELD, PingPong.EXEC_TYPE_TRADE);
        fill.setChar(OrdStatus.FIELD, PingPong.ORD_STATUS_FILLED);
        fill.setString(Symbol.FIELD, order.getString(Symbol.FIELD));
        fill.setChar(Side.FIELD, order.getChar(Side.FIELD));
        fill.setString(LeavesQty.FIELD, "0");
        fill.setString(CumQty.FIELD, qty);
        fill.setString(AvgPx.FIELD, price);
        fill.setString(LastQty.FIELD, qty);
        fill.setString(LastPx.FIELD, price);
        session.send(fill);
    }

    /** Orders not executed again because their ClOrdID was known. */
    long answeredAgain() {
        return answeredAgain.get();
    }

    void close() {
        try {
            log.close();
        } catch (IOException ignored) {
            // flushed after every line
        }
    }
}
