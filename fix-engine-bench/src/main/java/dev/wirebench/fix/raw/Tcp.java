package dev.wirebench.fix.raw;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * Plain blocking TCP on loopback, shared by the engines that drive their own sockets: binding and
 * connecting with the one-line errors a user can act on, TCP_NODELAY on every connection.
 */
public final class Tcp {

    private Tcp() {
    }

    /**
     * A blocking server channel bound to {@code bind}.
     *
     * @throws IOException saying the port is in use, or why the address cannot be bound
     */
    public static ServerSocketChannel listen(InetSocketAddress bind) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            // lets a closed server's port be bound again at once, while a listening one still refuses it
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(bind);
            return server;
        } catch (BindException e) {
            server.close();
            if (String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("in use")) {
                throw new IOException(hostPort(bind) + " is in use: pick another --port", e);
            }
            throw new IOException("cannot listen on " + hostPort(bind) + " (" + e.getMessage()
                    + "): pass a local address", e);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * A blocking channel connected to {@code server} with TCP_NODELAY, waiting at most {@code timeout}.
     *
     * @throws IOException saying nothing listens there, or that the connection was not made in time
     */
    public static SocketChannel connect(InetSocketAddress server, Duration timeout) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            // the Socket adaptor's connect is the one that takes a timeout on a blocking channel
            channel.socket().connect(server, (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
            return channel;
        } catch (ConnectException e) {
            channel.close();
            throw new IOException("nothing listening on " + hostPort(server) + " (connection refused): start the server first", e);
        } catch (SocketTimeoutException e) {
            channel.close();
            throw new IOException("no TCP connection to " + hostPort(server) + " within " + describe(timeout)
                    + ": is the server running and reachable?", e);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Makes an accepted channel ready for the ping-pong: TCP_NODELAY, and blocking unless {@code spin}. */
    public static SocketChannel accepted(SocketChannel channel, boolean spin) throws IOException {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        return polled(channel, spin);
    }

    /**
     * With {@code spin}, makes the channel non-blocking, so that a read with nothing to read returns 0 at once and
     * the engine's receive loop polls (busy-spins) instead of waiting in the kernel for a wake-up; a write that the
     * socket cannot take whole is retried in the same loop. Without, the channel blocks.
     */
    public static SocketChannel polled(SocketChannel channel, boolean spin) throws IOException {
        channel.configureBlocking(!spin);
        return channel;
    }

    /** {@code 127.0.0.1:9876}: the address as users typed it. */
    public static String hostPort(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }

    /** {@code 5 s}, or {@code 250 ms} below a second. */
    public static String describe(Duration time) {
        long millis = time.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /** Waits up to {@code millis} for {@code thread} to end, keeping the caller's interrupt status. */
    public static void join(Thread thread, long millis) {
        if (thread == Thread.currentThread()) {
            return; // closed from its own callback: the thread ends once the callback returns
        }
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
