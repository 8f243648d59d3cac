package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.ExecutedOrders;
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
import quickfix.field.MsgSeqNum;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.PossResend;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.fix44.ExecutionReport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The durable server's application ({@code fix --faults}): executes each ClOrdID once, ever, by the session's
 * {@link ExecutedOrders}; a known one is not executed again but answered with its fill once more, marked
 * PossResend=Y, so a client that never saw the first fill gets it and one that did can tell it is a repeat.
 */
final class DedupingOrderAnswerer extends OrderAnswerer {

    private final ExecutedOrders executed;

    DedupingOrderAnswerer(AtomicInteger logons, Path directory) throws IOException {
        super(logons);
        executed = new ExecutedOrders(directory);
    }

    @Override
    public void fromApp(Message order, SessionID sessionId) throws FieldNotFound, UnsupportedMessageType {
        if (order.getException() == null && order.isSetField(ClOrdID.FIELD)
                && MsgType.NEW_ORDER_SINGLE.equals(order.getHeader().getString(MsgType.FIELD))) {
            String clOrdId = order.getString(ClOrdID.FIELD);
            if (!executed.firstTime(clOrdId, order.getHeader().getInt(MsgSeqNum.FIELD))) {
                answerAgain(order, clOrdId);
                return;
            }
        }
        super.fromApp(order, sessionId);
    }

    /** The fill of an order executed before, again, marked as possibly sent before. */
    private void answerAgain(Message order, String clOrdId) throws FieldNotFound {
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
        return executed.answeredAgain();
    }

    void close() {
        executed.close();
    }
}
