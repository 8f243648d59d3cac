package dev.wirebench.harness.fault;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DelayRelayTest {

    /** Echoes every byte of every connection back, on loopback. */
    private static ServerSocket echo() throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (true) {
                try {
                    Socket s = server.accept();
                    Thread c = new Thread(() -> {
                        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                            in.transferTo(out);
                        } catch (IOException ignored) {
                            // the test closed it
                        }
                    });
                    c.setDaemon(true);
                    c.start();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    @Timeout(30)
    void shouldHoldEachWayForTheDelay() throws Exception {
        try (ServerSocket server = echo();
             DelayRelay relay = DelayRelay.start((java.net.InetSocketAddress) server.getLocalSocketAddress(),
                     Duration.ofMillis(20), Duration.ZERO, 1);
             Socket s = new Socket(relay.address().getAddress(), relay.address().getPort())) {
            s.setTcpNoDelay(true);
            for (int i = 0; i < 5; i++) {
                long sent = System.nanoTime();
                s.getOutputStream().write(i);
                assertEquals(i, s.getInputStream().read());
                long rtt = System.nanoTime() - sent;
                // 20 ms up and 20 ms down
                assertTrue(rtt >= 40_000_000L, "round trip " + rtt / 1e6 + " ms");
            }
            assertEquals(1, relay.connections());
        }
    }

    @Test
    @Timeout(30)
    void shouldKeepTheStreamInOrderUnderJitter() throws Exception {
        int n = 2_000;
        try (ServerSocket server = echo();
             DelayRelay relay = DelayRelay.start((java.net.InetSocketAddress) server.getLocalSocketAddress(),
                     Duration.ofMillis(3), Duration.ofMillis(3), 7);
             Socket s = new Socket(relay.address().getAddress(), relay.address().getPort())) {
            s.setTcpNoDelay(true);
            Thread writer = new Thread(() -> {
                try {
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    for (int i = 0; i < n; i++) {
                        out.writeInt(i);
                        out.flush();
                    }
                } catch (IOException ignored) {
                    // the reader fails the test
                }
            });
            writer.start();
            DataInputStream in = new DataInputStream(s.getInputStream());
            for (int i = 0; i < n; i++) {
                assertEquals(i, in.readInt());
            }
            writer.join();
        }
    }

    @Test
    @Timeout(30)
    void shouldCloseTheClientsConnectionWhenTheServerClosesIts() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             DelayRelay relay = DelayRelay.start((java.net.InetSocketAddress) server.getLocalSocketAddress(),
                     Duration.ofMillis(1), Duration.ZERO, 1);
             Socket s = new Socket(relay.address().getAddress(), relay.address().getPort())) {
            s.getOutputStream().write(1);
            try (Socket accepted = server.accept()) {
                assertEquals(1, accepted.getInputStream().read());
            }
            // the server closed its side: the client must see its own connection end, not hang
            assertEquals(-1, s.getInputStream().read(), "the relay passed the end on");
        }
    }
}
