package dev.wirebench.harness.rig;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The smallest real system for the rig's own tests: a TCP server on loopback that answers each 8-byte stamp
 * with two frames, an "ack" and a "fill" carrying the stamp back, and a transceiver per socket with its own
 * reading thread. The server can be told to stop answering (a stall) or to close every socket (it dies).
 */
final class EchoTarget implements LoadTarget {

    static final class Server implements AutoCloseable {
        final ServerSocket socket = new ServerSocket();
        final List<Socket> accepted = new CopyOnWriteArrayList<>();
        volatile boolean answering = true;

        Server() throws IOException {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread acceptor = new Thread(this::accept, "echo-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = socket.accept();
                    s.setTcpNoDelay(true);
                    accepted.add(s);
                    Thread t = new Thread(() -> answer(s), "echo-server");
                    t.setDaemon(true);
                    t.start();
                }
            } catch (IOException closed) {
                // the server was closed
            }
        }

        private void answer(Socket s) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                 DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()))) {
                while (true) {
                    long stamp = in.readLong();
                    if (!answering) {
                        continue;
                    }
                    out.writeByte(0);
                    out.writeLong(stamp);
                    out.writeByte(1);
                    out.writeLong(stamp);
                    if (in.available() == 0) {
                        out.flush();
                    }
                }
            } catch (IOException ended) {
                // the client went away or the server was closed
            }
        }

        /** Closes every session and the listening socket: the server died. */
        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    /** The most requests any one session had in flight at once. */
    final AtomicInteger maxInFlight = new AtomicInteger();

    @Override
    public String name() {
        return "echo";
    }

    @Override
    public List<String> responses() {
        return List.of("ack", "fill");
    }

    @Override
    public Map<String, String> settings() {
        return Map.of("transport", "TCP on loopback, blocking streams");
    }

    @Override
    public List<Transceiver> connect(InetSocketAddress server, List<Responses> receivers, Duration timeout)
            throws IOException {
        List<Transceiver> all = new ArrayList<>();
        for (Responses r : receivers) {
            Socket s = new Socket();
            s.connect(server, (int) timeout.toMillis());
            s.setTcpNoDelay(true);
            all.add(new Echo(s, r));
        }
        return all;
    }

    @Override
    public void close() {
    }

    private final class Echo implements Transceiver {
        private final Socket socket;
        private final DataOutputStream out;
        private final AtomicInteger inFlight = new AtomicInteger();
        private volatile boolean closing;

        Echo(Socket socket, Responses responses) throws IOException {
            this.socket = socket;
            this.out = new DataOutputStream(socket.getOutputStream());
            Thread reader = new Thread(() -> read(responses), "echo-client");
            reader.setDaemon(true);
            reader.start();
        }

        private void read(Responses responses) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()))) {
                while (true) {
                    int kind = in.readByte();
                    long stamp = in.readLong();
                    if (kind == 1) {
                        inFlight.decrementAndGet();
                    }
                    responses.onResponse(kind, stamp, System.nanoTime());
                }
            } catch (IOException e) {
                if (!closing) {
                    responses.onClosed("the server closed the connection");
                }
            }
        }

        @Override
        public synchronized void send(long stamp) throws IOException {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            out.writeLong(stamp);
            out.flush();
        }

        @Override
        public void close() {
            closing = true;
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
