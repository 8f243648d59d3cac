package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.ExecutedOrders;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.raw.Tcp;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;
import uk.co.real_logic.artio.validation.MessageValidationStrategy;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The Artio server: an acceptor engine whose one library owns every session from the start (sole-library
 * mode, so no session is handed over after its Logon and no message can fall between owners), polled by
 * one thread that answers orders.
 */
final class ArtioServer implements FixServer {

    private static final int PORT_ATTEMPTS = 3;
    /** How long close waits for the sessions' connections to end. */
    private static final long DISCONNECT_MILLIS = 2_000;
    /** How long a durable server's library waits for the engine to hand it a session. */
    private static final long ACQUIRE_MILLIS = 10_000;

    private final ArtioStack stack;
    private final DutyCycle cycle;
    private final InetSocketAddress address;
    private final AtomicInteger logons = new AtomicInteger();
    private final AtomicReference<Throwable> bindFailure = new AtomicReference<>();
    /** A durable server's executed ClOrdIDs, or null. */
    private final ExecutedOrders executed;
    /** Every session accepted, for close. */
    private final List<ServerSession> sessions = new CopyOnWriteArrayList<>();

    private ArtioServer(InetSocketAddress address, Threading threading, Path durable) throws IOException {
        this.address = address;
        this.executed = durable == null ? null : new ExecutedOrders(Files.createDirectories(durable));
        Threading.Side threads = threading.side();
        this.stack = ArtioStack.launch("server", threads, durable, engine -> engine
                .bindTo(address.getHostString(), address.getPort())
                // durable: the engine owns each session first, so the library can ask it for what it missed
                .initialAcceptedSessionOwner(durable == null ? InitialAcceptedSessionOwner.SOLE_LIBRARY
                        : InitialAcceptedSessionOwner.ENGINE)
                .channelSupplierFactory(GuardedChannels::new)
                // only WBCLIENT may log on, and only to WBSERVER
                .authenticationStrategy(AuthenticationStrategy.of(
                        MessageValidationStrategy.targetCompId(PingPong.SERVER_COMP_ID)
                                .and(MessageValidationStrategy.senderCompId(List.of(PingPong.CLIENT_COMP_ID))))),
                library -> {
                    library.sessionAcquireHandler((session, info) -> accepted(session, threads));
                    if (durable != null) {
                        library.sessionExistsHandler(this::acquire);
                    }
                },
                this::bindFailed);
        try {
            checkBound();
            this.cycle = new DutyCycle(stack, "fix-artio-server-poll",
                    e -> System.err.println("artio server: answering failed: " + e));
            cycle.start();
        } catch (IOException | RuntimeException | Error e) {
            stack.closeAfter(e);
            if (executed != null) {
                executed.close();
            }
            throw e;
        }
    }

    /**
     * Starts a server on {@code bind}. Artio does not say which port it bound, so port 0 is resolved to a
     * free port first (tried again, a few times, should another process take it in between).
     *
     * @param durable null, or the directory of a durable server ({@link ArtioStack#launch}), which also executes
     *                each ClOrdID once ({@link ExecutedOrders})
     */
    static ArtioServer start(InetSocketAddress bind, Threading threading, Path durable) throws IOException {
        if (bind.getPort() != 0) {
            return new ArtioServer(bind, threading, durable);
        }
        for (int attempt = 1; ; attempt++) {
            InetSocketAddress free = freePort(bind);
            try {
                return new ArtioServer(free, threading, durable);
            } catch (IOException e) {
                if (attempt == PORT_ATTEMPTS || !e.getMessage().contains("in use")) {
                    throw e;
                }
            }
        }
    }

    private static InetSocketAddress freePort(InetSocketAddress bind) throws IOException {
        try (ServerSocketChannel probe = Tcp.listen(bind)) {
            return new InetSocketAddress(bind.getAddress(), ((InetSocketAddress) probe.getLocalAddress()).getPort());
        }
    }

    /**
     * In sole-library mode the engine binds when the library connects, before it tells the library so, and
     * only hands a failure to its error handler (asking it to bind again reports success: the failed
     * channel stays open): the failure caught there is turned into the usual one line.
     */
    private void checkBound() throws IOException {
        Throwable failure = bindFailure.get();
        if (failure != null) {
            // Tcp.listen words it as the other engines do (in use, or not a local address)
            Tcp.listen(address).close();
            throw new IOException("the artio engine could not bind " + Tcp.hostPort(address) + ": " + failure, failure);
        }
    }

    /** Takes a bind failure for {@link #checkBound()}. */
    private boolean bindFailed(Throwable error) {
        return error instanceof BindException && bindFailure.compareAndSet(null, error);
    }

    /**
     * A durable server takes each session the engine has logged on with every message after the last order it
     * answered replayed first: Artio's engine counts a message received once it has read and logged it, so an order
     * it read that the library had not answered when the server stopped would otherwise be neither executed nor asked
     * for again. (Artio replays from the number asked for, which is past the last order answered.)
     */
    private void acquire(FixLibrary library, long sessionId, String localCompId, String localSubId,
                         String localLocationId, String remoteCompId, String remoteSubId, String remoteLocationId,
                         int logonReceivedSequenceNumber, int logonSequenceIndex) {
        library.requestSession(sessionId, executed.lastSequenceNumber() + 1, FixLibrary.CURRENT_SEQUENCE,
                ACQUIRE_MILLIS);
    }

    private SessionHandler accepted(Session session, Threading.Side threads) {
        ServerSession accepted = new ServerSession(session, logons, threads.backPressure(), executed);
        sessions.add(accepted);
        return accepted;
    }

    /** Ends each session's connection and waits, up to {@link #DISCONNECT_MILLIS}, until the poller has seen it end. */
    private void disconnectAll() {
        cycle.acquire();
        try {
            sessions.forEach(ServerSession::disconnect);
        } finally {
            cycle.release();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DISCONNECT_MILLIS);
        while (!sessions.stream().allMatch(ServerSession::ended) && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public int sessionsAccepted() {
        return logons.get();
    }

    /**
     * Ends every session's connection, then stops polling and closes the library, the engine (the port) and the
     * driver. Artio's engine, closed with a session still connected, waits some 10 s for a logout nobody polls for;
     * a server JVM stopped meanwhile is killed, and a durable one leaves its archive marked active, which stops the
     * next server on its directory from starting.
     */
    @Override
    public void close() {
        disconnectAll();
        cycle.close();
        try {
            stack.close();
        } finally {
            if (executed != null) {
                executed.close();
            }
        }
    }
}
