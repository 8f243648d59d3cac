package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.ClOrdIds;
import quickfix.DoNotSend;
import quickfix.FieldNotFound;
import quickfix.IncorrectTagValue;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.MsgType;
import quickfix.field.PossDupFlag;
import quickfix.field.PossResend;

/**
 * The client's application for a durable session ({@code fix --faults}): a lost connection is news for the
 * listener, not the end (the initiator logs on again by itself and the store fills the gap); a report that may
 * repeat an earlier one (PossDupFlag or PossResend set) goes to {@code onRepeatedReport}; an order QuickFIX/J
 * resends from its store goes to {@code onOrderResent}.
 */
final class DurableReportReceiver extends ReportReceiver {

    private volatile boolean lost;

    DurableReportReceiver(dev.wirebench.fix.engine.ReportListener listener, String peer) {
        super(listener, peer);
    }

    @Override
    public void onLogon(SessionID sessionId) {
        boolean again = lost;
        lost = false;
        super.onLogon(sessionId);
        if (again) {
            listener.onLogonAgain();
        }
    }

    @Override
    public void onLogout(SessionID sessionId) {
        if (loggedOn && !closing && !lost) {
            lost = true;
            listener.onDisconnect("QuickFIX/J session to " + peer + " lost; logging on again");
        }
    }

    @Override
    public void toApp(Message message, SessionID sessionId) throws DoNotSend {
        try {
            if (message.getHeader().isSetField(PossDupFlag.FIELD) && message.getHeader().getBoolean(PossDupFlag.FIELD)
                    && message.isSetField(ClOrdID.FIELD)) {
                listener.onOrderResent(ClOrdIds.read(message.getString(ClOrdID.FIELD)));
            }
        } catch (FieldNotFound | IllegalArgumentException notOurs) {
            // not an order of this client's: nothing to count
        }
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound, IncorrectTagValue {
        if (!MsgType.EXECUTION_REPORT.equals(message.getHeader().getString(MsgType.FIELD))) {
            return;
        }
        char execType = message.getChar(ExecType.FIELD);
        long stamp = ReportReceiver.stampOf(message);
        Message.Header header = message.getHeader();
        boolean repeated = (header.isSetField(PossDupFlag.FIELD) && header.getBoolean(PossDupFlag.FIELD))
                || (header.isSetField(PossResend.FIELD) && header.getBoolean(PossResend.FIELD));
        text.message = message;
        if (repeated) {
            listener.onRepeatedReport(execType, stamp, text);
        } else {
            listener.onReport(execType, stamp, text);
        }
        text.message = null;
    }
}
