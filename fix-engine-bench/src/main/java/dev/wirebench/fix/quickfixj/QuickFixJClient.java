package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.DefaultSessionFactory;
import quickfix.RuntimeError;
import quickfix.Session;
import quickfix.SessionFactory;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.Account;
import quickfix.field.ClOrdID;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The client side: a QuickFIX/J SocketInitiator logged on to the server, sending one reused NewOrderSingle. */
final class QuickFixJClient implements FixClient {

    private final SocketInitiator initiator;
    private final ScratchDirectory files;
    /** Whether an order the session cannot send now is kept in its store for the resend after the next logon. */
    private final boolean durable;
    private final ReportReceiver receiver;
    private final Session session;
    /** Guards the reused order, so the closed loop's thread and an open loop's thread may both send. */
    private final Object sending = new Object();
    private final NewOrderSingle order = new NewOrderSingle();
    private final char[] clOrdId = new char[ClOrdIds.LENGTH];

    private QuickFixJClient(SocketInitiator initiator, ScratchDirectory files, ReportReceiver receiver, Session session,
                            boolean durable) {
        this.initiator = initiator;
        this.files = files;
        this.durable = durable;
        this.receiver = receiver;
        this.session = session;
        order.setString(Account.FIELD, PingPong.ACCOUNT);
        order.setString(Symbol.FIELD, PingPong.SYMBOL);
        order.setChar(Side.FIELD, PingPong.SIDE);
        // the fixed text, not the clock: no engine pays for formatting a time another does not
        order.setString(TransactTime.FIELD, PingPong.TRANSACT_TIME);
        order.setString(OrderQty.FIELD, Long.toString(PingPong.ORDER_QTY));
        order.setChar(OrdType.FIELD, PingPong.ORD_TYPE);
        order.setString(Price.FIELD, PingPong.PRICE);
        order.setChar(TimeInForce.FIELD, PingPong.TIME_IN_FORCE);
    }

    static QuickFixJClient connect(QuickFixJVariant variant, InetSocketAddress server, Duration timeout,
                                   ReportListener listener) throws IOException {
        return connect(variant, server, timeout, listener, null);
    }

    /**
     * @param durable the directory of a durable session ({@code fix --faults}), kept after close: sequence numbers
     *                and sent orders live on across lost connections, the initiator logs on again by itself, and
     *                an order sent while it is away waits in the store for the resend; null for a session that
     *                starts over and ends the run when it is lost
     */
    static QuickFixJClient connect(QuickFixJVariant variant, InetSocketAddress server, Duration timeout,
                                   ReportListener listener, Path durable) throws IOException {
        String peer = server.getHostString() + ":" + server.getPort();
        ScratchDirectory files = durable == null && variant.writesFiles() ? ScratchDirectory.create("client") : null;
        SocketInitiator initiator = null;
        try {
            SessionSettings settings = SessionConfig.initiator(variant, server, durable != null ? durable
                    : files == null ? null : files.path(), durable != null);
            ReportReceiver receiver = durable == null ? new ReportReceiver(listener, peer)
                    : new DurableReportReceiver(listener, peer);
            SessionFactory sessions = new DefaultSessionFactory(receiver, variant.storeFactory(settings),
                    variant.logFactory(settings), new DefaultMessageFactory());
            Session[] created = new Session[1];
            // watch the session from its creation: the first connection attempt starts with the initiator
            SessionFactory watching = (id, s) -> {
                Session session = sessions.create(id, s);
                receiver.watch(session);
                created[0] = session;
                return session;
            };
            initiator = new SocketInitiator(watching, settings, QUEUE_CAPACITY);
            initiator.start();
            String failure = awaitLogon(receiver, timeout, peer);
            if (failure != null) {
                throw new IOException(failure);
            }
            return new QuickFixJClient(initiator, files, receiver, created[0], durable != null);
        } catch (ConfigError | RuntimeError e) {
            stop(initiator, files);
            throw new IOException("QuickFIX/J could not start the client for " + peer + ": " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            stop(initiator, files);
            throw e;
        }
    }

    /** How long close() waits for the server's answer to the Logout. */
    private static final Duration LOGOUT_WAIT = Duration.ofSeconds(1);

    /** QuickFIX/J's own default for the message queue between the I/O and message-processing threads. */
    private static final int QUEUE_CAPACITY = Integer.MAX_VALUE;

    /** Null once logged on, else what went wrong. */
    private static String awaitLogon(ReportReceiver receiver, Duration timeout, String peer) throws IOException {
        try {
            return receiver.logon.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return receiver.everConnected()
                    ? "no Logon answer from " + peer + " within " + seconds(timeout) + ": is that a QuickFIX/J FIX server?"
                    : "no connection to " + peer + " within " + seconds(timeout) + ": is the address reachable?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while logging on to " + peer, e);
        } catch (ExecutionException e) {
            throw new IOException("logon to " + peer + " failed: " + e.getCause(), e.getCause());
        }
    }

    private static String seconds(Duration d) {
        long millis = d.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static void stop(SocketInitiator initiator, ScratchDirectory files) {
        if (initiator != null) {
            initiator.stop(true);
        }
        if (files != null) {
            files.delete();
        }
    }

    @Override
    public void sendOrder(long stamp) throws IOException {
        synchronized (sending) {
            ClOrdIds.write(stamp, clOrdId);
            // QuickFIX/J fields hold Strings: this one is the allocation the library forces per order
            order.setString(ClOrdID.FIELD, String.valueOf(clOrdId));
            if (!session.send(order) && !durable) {
                throw new IOException("QuickFIX/J session " + session.getSessionID() + " is not logged on: the order was not sent");
            }
        }
    }

    @Override
    public void appendLastOrder(StringBuilder out) {
        synchronized (sending) {
            // the reused message still holds the header of its last send, so this renders what went out
            out.append(order);
        }
    }

    @Override
    public void close() {
        receiver.closing();
        // Session.logout() alone only marks the session: the Logout would go out on the session timer's
        // next tick (up to a second later), so run that tick now, then give the server a moment to answer
        session.logout("client closed");
        try {
            session.next();
        } catch (IOException | RuntimeException alreadyGone) {
            // the connection is gone: nothing to log out of
        }
        receiver.awaitLogout(LOGOUT_WAIT);
        initiator.stop(true);
        if (files != null) {
            files.delete();
        }
    }
}
