package dev.wirebench.fix.raw;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A blocking TCP server with a thread per connection: one daemon thread accepts, and each accepted
 * connection is served on its own daemon thread until its {@link Session} returns or throws, after
 * which the connection is closed. A session's failure (reset, malformed input) ends that connection
 * only. Accept blocks in the kernel; reads do too unless the server spins ({@link Tcp#polled}).
 */
public final class TcpServer implements AutoCloseable {

    /** Serves one connection on its own thread; returning or throwing ends the connection. */
    @FunctionalInterface
    public interface Session {
        void serve(SocketChannel channel) throws IOException;
    }

    private static final long CLOSE_MILLIS = 1500;

    private final String engine;
    private final boolean spin;
    private final ServerSocketChannel server;
    private final Session session;
    private final InetSocketAddress address;
    private final Map<SocketChannel, Thread> connections = new ConcurrentHashMap<>();
    private final AtomicInteger connectionCount = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closed;

    private TcpServer(String engine, ServerSocketChannel server, Session session, boolean spin) throws IOException {
        this.engine = engine;
        this.spin = spin;
        this.server = server;
        this.session = session;
        this.address = (InetSocketAddress) server.getLocalAddress();
        this.acceptor = new Thread(this::accept, "fix-" + engine + "-server-accept");
        acceptor.setDaemon(true);
    }

    /**
     * Listens on {@code bind} and serves every connection with {@code session}.
     *
     * @param engine names the threads ({@code fix-<engine>-server-accept}, {@code fix-<engine>-server-session-<n>})
     * @param spin   each session's thread polls its non-blocking channel instead of blocking in read
     * @throws IOException when the address cannot be bound; the message says why
     */
    public static TcpServer start(String engine, InetSocketAddress bind, Session session, boolean spin)
            throws IOException {
        TcpServer server = new TcpServer(engine, Tcp.listen(bind), session, spin);
        server.acceptor.start();
        return server;
    }

    /** The bound address, with the real port when 0 was asked for. */
    public InetSocketAddress address() {
        return address;
    }

    private void accept() {
        while (!closed) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (ClosedChannelException e) {
                return; // closed: the normal way out
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue; // one failed accept (e.g. the client already reset) must not stop the server
            }
            Thread thread = new Thread(() -> serve(channel),
                    "fix-" + engine + "-server-session-" + connectionCount.incrementAndGet());
            thread.setDaemon(true);
            connections.put(channel, thread);
            if (closed) {
                closeQuietly(channel);
            }
            thread.start();
        }
    }

    private void serve(SocketChannel channel) {
        try {
            session.serve(Tcp.accepted(channel, spin));
        } catch (IOException | RuntimeException e) {
            // the peer reset, sent what the engine rejects, or the server is closing: this session ends here
        } finally {
            closeQuietly(channel);
            connections.remove(channel);
        }
    }

    /** Stops accepting and ends every connection, waiting at most about 1.5 s for the threads. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // the port is released by the OS either way
        }
        connections.keySet().forEach(TcpServer::closeQuietly);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_MILLIS);
        Tcp.join(acceptor, remainingMillis(deadline));
        for (Thread thread : connections.values()) {
            Tcp.join(thread, remainingMillis(deadline));
        }
    }

    private static long remainingMillis(long deadline) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
