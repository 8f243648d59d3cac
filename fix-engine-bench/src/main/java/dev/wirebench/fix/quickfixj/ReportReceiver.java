package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.ReportListener;
import quickfix.ApplicationAdapter;
import quickfix.FieldNotFound;
import quickfix.IncorrectTagValue;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionStateListener;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.MsgType;

import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The client's application: passes each ExecutionReport to the listener, and tells the client how its
 * logon went (logged on, refused, or still waiting) and when the session ends on its own.
 */
class ReportReceiver extends ApplicationAdapter implements SessionStateListener {

    /** Completes with null once logged on, or with a failure that waiting longer will not cure. */
    final CompletableFuture<String> logon = new CompletableFuture<>();

    private final CountDownLatch loggedOut = new CountDownLatch(1);
    final ReportListener listener;
    final String peer;
    final ReceivedText text = new ReceivedText();
    private volatile boolean connected;
    volatile boolean loggedOn;
    volatile boolean closing;
    private volatile Session session;

    ReportReceiver(ReportListener listener, String peer) {
        this.listener = listener;
        this.peer = peer;
    }

    /** The session to watch; set once, when QuickFIX/J creates it, before it first connects. */
    void watch(Session session) {
        this.session = session;
        session.addStateListener(this);
    }

    /** Whether a TCP connection was made at all, to tell "no answer" from "no connection". */
    boolean everConnected() {
        return connected;
    }

    /** From now on a logout is the client's own doing, not news for the listener. */
    void closing() {
        closing = true;
    }

    @Override
    public void onConnect(SessionID sessionId) {
        connected = true;
    }

    @Override
    public void onConnectException(SessionID sessionId, Exception e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        if (root instanceof ConnectException) {
            logon.complete("nothing listening on " + peer + " (connection refused): start the server first");
        } else {
            logon.complete("cannot connect to " + peer + " (" + root + "): check the address");
        }
    }

    @Override
    public void onLogon(SessionID sessionId) {
        loggedOn = true;
        logon.complete(null);
    }

    /** Waits at most {@code timeout} for the session to end, as after a Logout the server answered. */
    void awaitLogout(Duration timeout) {
        try {
            loggedOut.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onLogout(SessionID sessionId) {
        loggedOut.countDown();
        if (loggedOn && !closing) {
            // the initiator would log on again by itself; a benchmark must see the end instead
            session.logout("the session ended without the client closing it");
            listener.onDisconnect("QuickFIX/J session to " + peer + " ended (logout or disconnect) without the client closing it");
        }
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound, IncorrectTagValue {
        if (!MsgType.EXECUTION_REPORT.equals(message.getHeader().getString(MsgType.FIELD))) {
            return;
        }
        char execType = message.getChar(ExecType.FIELD);
        long stamp = stampOf(message);
        text.message = message;
        listener.onReport(execType, stamp, text);
        text.message = null;
    }

    /** The report being handed to the listener, as received: QuickFIX/J keeps the wire string it parsed. */
    static final class ReceivedText implements FixText {
        Message message;

        @Override
        public void appendTo(StringBuilder out) {
            String raw = message.toRawString();
            out.append(raw != null ? raw : message.toString());
        }
    }

    /** The send stamp the ClOrdID of {@code report} carries; a ClOrdID not of this client's is an incorrect value. */
    static long stampOf(Message report) throws FieldNotFound, IncorrectTagValue {
        try {
            return ClOrdIds.read(report.getString(ClOrdID.FIELD));
        } catch (IllegalArgumentException notOurs) {
            throw new IncorrectTagValue(ClOrdID.FIELD);
        }
    }
}
