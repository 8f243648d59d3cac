package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.PingPong;
import quickfix.ApplicationAdapter;
import quickfix.FieldException;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.Session;
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
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.fix44.ExecutionReport;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's application: answers each NewOrderSingle with an ack and a fill echoing its ClOrdID.
 *
 * <p>The two reports are built once and refilled per order: QuickFIX/J calls {@code fromApp} on its one
 * message-processing thread, and the acceptor has one session, which refuses a second connection while
 * one is logged on. Values are copied as the strings they arrived as, so no number is parsed or formatted.
 */
class OrderAnswerer extends ApplicationAdapter {

    private static final String ZERO = "0";

    private final AtomicInteger logons;
    private final ExecutionReport ack = new ExecutionReport();
    private final ExecutionReport fill = new ExecutionReport();
    volatile Session session;

    OrderAnswerer(AtomicInteger logons) {
        this.logons = logons;
        for (ExecutionReport report : new ExecutionReport[] {ack, fill}) {
            report.setString(OrderID.FIELD, PingPong.ORDER_ID);
        }
        ack.setChar(ExecType.FIELD, PingPong.EXEC_TYPE_NEW);
        ack.setChar(OrdStatus.FIELD, PingPong.ORD_STATUS_NEW);
        ack.setString(CumQty.FIELD, ZERO);
        ack.setString(AvgPx.FIELD, ZERO);
        fill.setChar(ExecType.FIELD, PingPong.EXEC_TYPE_TRADE);
        fill.setChar(OrdStatus.FIELD, PingPong.ORD_STATUS_FILLED);
        fill.setString(LeavesQty.FIELD, ZERO);
    }

    /** The session to answer on; set once, when QuickFIX/J creates it. */
    void answerOn(Session session) {
        this.session = session;
    }

    @Override
    public void onLogon(SessionID sessionId) {
        logons.incrementAndGet();
    }

    @Override
    public void fromApp(Message order, SessionID sessionId) throws FieldNotFound, UnsupportedMessageType {
        // QuickFIX/J 3.0.0 stops parsing at a structural error (a repeated tag, a header field among the body's),
        // keeps it on the message for a validating session to reject, and skips the CheckSum check: a session that
        // does not validate (ValidateIncomingMessage=N) would execute an order whose CheckSum is wrong. Rejected
        // here as a validating session does (QuickFIX/J answers the FieldException with a Reject).
        FieldException broken = order.getException();
        if (broken != null) {
            throw broken;
        }
        if (!MsgType.NEW_ORDER_SINGLE.equals(order.getHeader().getString(MsgType.FIELD))) {
            // QuickFIX/J answers this with a BusinessMessageReject
            throw new UnsupportedMessageType();
        }
        String clOrdId = order.getString(ClOrdID.FIELD);
        String symbol = order.getString(Symbol.FIELD);
        char side = order.getChar(Side.FIELD);
        String qty = order.getString(OrderQty.FIELD);
        String price = order.getString(Price.FIELD);

        ack.setString(ClOrdID.FIELD, clOrdId);
        ack.setString(ExecID.FIELD, PingPong.EXEC_ID_ACK_PREFIX + clOrdId);
        ack.setString(Symbol.FIELD, symbol);
        ack.setChar(Side.FIELD, side);
        ack.setString(LeavesQty.FIELD, qty);
        session.send(ack);

        fill.setString(ClOrdID.FIELD, clOrdId);
        fill.setString(ExecID.FIELD, PingPong.EXEC_ID_FILL_PREFIX + clOrdId);
        fill.setString(Symbol.FIELD, symbol);
        fill.setChar(Side.FIELD, side);
        fill.setString(CumQty.FIELD, qty);
        fill.setString(AvgPx.FIELD, price);
        fill.setString(LastQty.FIELD, qty);
        fill.setString(LastPx.FIELD, price);
        session.send(fill);
    }
}
