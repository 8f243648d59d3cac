package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixServer;
import org.apache.mina.core.service.IoAcceptor;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.DefaultSessionFactory;
import quickfix.RuntimeError;
import quickfix.Session;
import quickfix.SessionFactory;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** The server side: a QuickFIX/J SocketAcceptor whose one session answers every order with an ack and a fill. */
final class QuickFixJServer implements FixServer {

    /** Bytes a connection may send without QuickFIX/J decoding a message from them (see {@link ReadGuard}). */
    static final long MAX_UNDECODED_BYTES = 1 << 20;

    private final SocketAcceptor acceptor;
    private final ScratchDirectory files;
    private final InetSocketAddress address;
    private final AtomicInteger logons;
    private final OrderAnswerer answerer;

    private QuickFixJServer(SocketAcceptor acceptor, ScratchDirectory files, InetSocketAddress address, AtomicInteger logons,
                            OrderAnswerer answerer) {
        this.acceptor = acceptor;
        this.files = files;
        this.address = address;
        this.logons = logons;
        this.answerer = answerer;
    }

    static QuickFixJServer start(QuickFixJVariant variant, InetSocketAddress bind) throws IOException {
        return start(variant, bind, null);
    }

    /**
     * @param durable the directory of a durable session ({@code fix --faults}), kept when the server stops: its
     *                store, log and executed ClOrdIDs, so a server restarted on it carries on the session and
     *                executes no order twice; null for a fresh scratch directory (or none) and a session that
     *                starts over at every logon
     */
    static QuickFixJServer start(QuickFixJVariant variant, InetSocketAddress bind, Path durable) throws IOException {
        ScratchDirectory files = durable == null && variant.writesFiles() ? ScratchDirectory.create("server") : null;
        try {
            SessionSettings settings = SessionConfig.acceptor(variant, bind, durable != null ? durable
                    : files == null ? null : files.path(), durable != null);
            AtomicInteger logons = new AtomicInteger();
            OrderAnswerer answerer = durable == null ? new OrderAnswerer(logons) : new DedupingOrderAnswerer(logons, durable);
            SessionFactory sessions = new DefaultSessionFactory(answerer, variant.storeFactory(settings),
                    variant.logFactory(settings), new DefaultMessageFactory());
            // hand the answerer its session here rather than through Session.lookupSession, whose registry is
            // static: a second acceptor for the same CompIDs in this JVM would replace the entry
            SessionFactory capturing = (id, s) -> {
                Session session = sessions.create(id, s);
                answerer.answerOn(session);
                return session;
            };
            SocketAcceptor acceptor = new SocketAcceptor(capturing, settings);
            acceptor.setIoFilterChainBuilder(new ReadGuard(MAX_UNDECODED_BYTES));
            try {
                acceptor.start();
            } catch (ConfigError | RuntimeError e) {
                acceptor.stop(true);
                throw bindFailure(bind, e);
            }
            return new QuickFixJServer(acceptor, files, boundAddress(acceptor, bind), logons, answerer);
        } catch (IOException | RuntimeException e) {
            if (files != null) {
                files.delete();
            }
            throw e;
        } catch (ConfigError e) {
            if (files != null) {
                files.delete();
            }
            throw new IOException("QuickFIX/J rejected the server's settings: " + e.getMessage(), e);
        }
    }

    /** The address the acceptor really bound, which tells the port when 0 was asked for. */
    private static InetSocketAddress boundAddress(SocketAcceptor acceptor, InetSocketAddress asked) {
        for (IoAcceptor endpoint : acceptor.getEndpoints()) {
            SocketAddress local = endpoint.getLocalAddress();
            if (local instanceof InetSocketAddress inet) {
                return inet;
            }
        }
        return asked;
    }

    private static IOException bindFailure(InetSocketAddress bind, Exception e) {
        String where = bind.getHostString() + ":" + bind.getPort();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return new IOException(where + " is in use: pick another --port", t);
            }
        }
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return new IOException("QuickFIX/J could not listen on " + where + " (" + root.getMessage()
                + "): pass a local address and a free --port", e);
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public int sessionsAccepted() {
        return logons.get();
    }

    @Override
    public void close() {
        // force: no waiting for clients to answer the Logout; unbinds and disposes the MINA acceptor
        acceptor.stop(true);
        if (answerer instanceof DedupingOrderAnswerer deduping) {
            deduping.close();
        }
        if (files != null) {
            files.delete();
        }
    }

    /** Resent orders not executed again because their ClOrdID was known (0 unless durable). */
    long answeredAgain() {
        return answerer instanceof DedupingOrderAnswerer deduping ? deduping.answeredAgain() : 0;
    }
}
