package dev.wirebench.harness.fault;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Delay with jitter where the kernel has no netem: a TCP relay on this host's loopback that forwards each
 * connection to the server and holds every chunk it reads for the delay, plus or minus up to the jitter, in
 * each direction. A chunk never leaves before the one read before it, so the stream keeps its order, as a TCP
 * stream does whatever its packets do. Connections to it are the client's; its own connection to the server
 * crosses the {@link FaultLink}, so loss there is real IP loss that the relay's TCP retransmits.
 *
 * <p>What it cannot do: TCP's own timers on the lossy leg see that leg's round trip, not the delayed one; and a
 * server that goes away is seen by the client as the relay closing its connection, at the same moment.
 */
public final class DelayRelay implements AutoCloseable {

    private static final int CHUNK = 64 * 1024;
    private static final byte[] END = new byte[0];

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final long delayNanos;
    private final long jitterNanos;
    private final Random random;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong accepted = new AtomicLong();
    private volatile boolean closed;

    private DelayRelay(ServerSocket listener, InetSocketAddress target, long delayNanos, long jitterNanos, long seed) {
        this.listener = listener;
        this.target = target;
        this.delayNanos = delayNanos;
        this.jitterNanos = jitterNanos;
        this.random = new Random(seed);
    }

    /**
     * Listens on a free port of 127.0.0.1 and relays every connection to {@code target}.
     *
     * @param seed for the jitter's draws, so a run can say what it drew from
     */
    public static DelayRelay start(InetSocketAddress target, java.time.Duration delay, java.time.Duration jitter,
                                   long seed) throws IOException {
        ServerSocket listener = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
        DelayRelay relay = new DelayRelay(listener, target, delay.toNanos(), jitter.toNanos(), seed);
        Thread accept = new Thread(relay::accept, "delay-relay-accept");
        accept.setDaemon(true);
        accept.start();
        return relay;
    }

    /** Where the client connects instead of the server. */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.getLocalSocketAddress();
    }

    /** Connections accepted so far. */
    public long connections() {
        return accepted.get();
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            accepted.incrementAndGet();
            Socket server = new Socket();
            try {
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                // the link may be down for a flap: a connect waits that out, not the client's whole timeout
                server.connect(target, 5_000);
            } catch (IOException refused) {
                // the client sees its connection close, as it would see a refused one
                closeQuietly(client);
                closeQuietly(server);
                continue;
            }
            sockets.add(client);
            sockets.add(server);
            pipe(client, server, "up");
            pipe(server, client, "down");
        }
    }

    /** One direction: a reader that stamps each chunk with when it may leave, and a writer that keeps to it. */
    private void pipe(Socket from, Socket to, String direction) {
        LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            long last = 0;
            byte[] buffer = new byte[CHUNK];
            try (InputStream in = from.getInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    last = Math.max(last, System.nanoTime() + hold());
                    queue.add(new Chunk(java.util.Arrays.copyOf(buffer, n), last));
                }
            } catch (IOException broken) {
                // a reset reads as the end: the writer passes it on
            }
            queue.add(new Chunk(END, Math.max(last, System.nanoTime() + delayNanos)));
        }, "delay-relay-" + direction + "-read");
        Thread writer = new Thread(() -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    for (long wait = c.leaves - System.nanoTime(); wait > 0; wait = c.leaves - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    if (c.bytes == END) {
                        // the other side ended its stream: end this one and let the peer close the rest
                        closeQuietly(to);
                        closeQuietly(from);
                        return;
                    }
                    out.write(c.bytes);
                }
            } catch (IOException | InterruptedException e) {
                closeQuietly(to);
                closeQuietly(from);
            }
        }, "delay-relay-" + direction + "-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    /** The delay plus a uniform draw from [-jitter, +jitter]. */
    private long hold() {
        if (jitterNanos == 0) {
            return delayNanos;
        }
        long draw;
        synchronized (random) {
            draw = (long) ((random.nextDouble() * 2 - 1) * jitterNanos);
        }
        return delayNanos + draw;
    }

    /** Stops accepting and closes every relayed connection. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        for (Socket s : sockets) {
            closeQuietly(s);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing is all that is wanted
        }
    }

    private record Chunk(byte[] bytes, long leaves) {
    }

    @Override
    public String toString() {
        return "relay " + address() + " -> " + target + ", " + TimeUnit.NANOSECONDS.toMicros(delayNanos) + " ± "
                + TimeUnit.NANOSECONDS.toMicros(jitterNanos) + " µs each way";
    }
}
