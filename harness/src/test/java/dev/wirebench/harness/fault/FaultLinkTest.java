package dev.wirebench.harness.fault;

import dev.wirebench.harness.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fault link for real: a namespace, a veth pair and nft's loss rule. Needs root, iproute2 and nft; without
 * them the tests are skipped and say why.
 */
class FaultLinkTest {

    private FaultLink link;

    /** The server in the namespace: echoes each connection's bytes, on the address given. */
    public static final class EchoServer {
        public static void main(String[] args) throws IOException {
            java.net.ServerSocket server = new java.net.ServerSocket(0, 50, InetAddress.getByName(args[0]));
            Thread accept = new Thread(() -> {
                while (true) {
                    try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        in.transferTo(out);
                    } catch (IOException closed) {
                        if (server.isClosed()) {
                            return;
                        }
                    }
                }
            });
            accept.setDaemon(true);
            accept.start();
            ServerProcess.serveUntilStopped(server, true,
                    () -> System.out.println("echo " + ServerProcess.listeningOn((InetSocketAddress) server.getLocalSocketAddress())));
        }
    }

    @AfterEach
    void removeIt() {
        if (link != null) {
            link.close();
        }
    }

    private void open(double loss) {
        try {
            link = FaultLink.open(loss);
        } catch (IOException e) {
            Assumptions.abort("the fault link cannot be made here: " + e.getMessage());
        }
    }

    @Test
    @Timeout(60)
    void shouldDropAboutTheShareAskedForCountedByNft() throws Exception {
        open(20);
        int n = 5_000;
        InetAddress to = InetAddress.getByName(link.serverAddress());
        try (DatagramSocket socket = new DatagramSocket()) {
            byte[] one = {1};
            for (int i = 0; i < n; i++) {
                // to the discard port: nobody listens, so the only packets back are rate-limited ICMP errors
                socket.send(new DatagramPacket(one, 1, to, 9));
            }
        }
        long dropped = link.dropped();
        long passed = link.passed();
        assertTrue(dropped + passed >= n, "every datagram reached the rule: " + dropped + " + " + passed);
        // 20% of at least 5,000 packets: 1,000 expected, 28 the standard deviation; six of them either side
        double share = (double) dropped / (dropped + passed);
        assertTrue(share > 0.166 && share < 0.234, "dropped " + dropped + " of " + (dropped + passed));
    }

    @Test
    @Timeout(60)
    void shouldDropNothingWithoutLoss() throws Exception {
        open(0);
        try (DatagramSocket socket = new DatagramSocket()) {
            for (int i = 0; i < 500; i++) {
                socket.send(new DatagramPacket(new byte[] {1}, 1, InetAddress.getByName(link.serverAddress()), 9));
            }
        }
        assertEquals(0, link.dropped());
        assertTrue(link.passed() >= 500, "counted " + link.passed());
    }

    @Test
    @Timeout(120)
    void shouldHoldBackWhatIsSentWhileTheLinkIsDownAndDeliverItAfter() throws Exception {
        open(0);
        try (ServerProcess echo = ServerProcess.start("the echo server", link.prefix(), List.of(),
                EchoServer.class, List.of(link.serverAddress()),
                ServerProcess.START_TIMEOUT);
             Socket s = new Socket()) {
            s.connect(echo.address(), 5_000);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            link.down();
            long downSince = System.nanoTime();
            out.write(7);
            // the byte cannot cross while the link is down; bring it up after a bounded while, from another thread
            Thread up = new Thread(() -> {
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(400).toNanos());
                try {
                    link.up();
                } catch (IOException ignored) {
                    // the read below times out and fails the test
                }
            });
            up.start();
            s.setSoTimeout(30_000);
            assertEquals(7, in.read(), "TCP retransmitted it once the link came back");
            long took = System.nanoTime() - downSince;
            assertTrue(took >= Duration.ofMillis(400).toNanos(), "it arrived after " + took / 1e6 + " ms, with the link down");
            up.join();
            assertTrue(!link.isDown());
        }
    }

    @Test
    @Timeout(120)
    void shouldRunAServerInTheNamespaceOnlyReachableOverTheLink() throws Exception {
        open(0);
        try (ServerProcess echo = ServerProcess.start("the echo server", link.prefix(), List.of(),
                EchoServer.class, List.of(link.serverAddress()),
                ServerProcess.START_TIMEOUT)) {
            assertEquals(link.serverAddress(), echo.address().getHostString());
            try (Socket s = new Socket()) {
                s.connect(echo.address(), 5_000);
                s.getOutputStream().write(3);
                assertEquals(3, s.getInputStream().read());
            }
            // the namespace's loopback is not this host's: nothing listens on 127.0.0.1 at that port here
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.address().getPort()), 2_000);
                throw new AssertionError("the server was reachable on this host's loopback");
            } catch (IOException expected) {
                // refused
            }
        }
    }

    @Test
    @Timeout(120)
    void shouldCountTheConnectionsAServerHoldsUntilItLetsThemGo() throws Exception {
        open(0);
        try (ServerProcess echo = ServerProcess.start("the echo server", link.prefix(), List.of(),
                EchoServer.class, List.of(link.serverAddress()),
                ServerProcess.START_TIMEOUT)) {
            int port = echo.address().getPort();
            assertEquals(0, link.connectionsHeld(port), "the listening socket is not a connection");
            try (Socket s = new Socket()) {
                s.connect(echo.address(), 5_000);
                s.getOutputStream().write(5);
                assertEquals(5, s.getInputStream().read());
                assertEquals(1, link.connectionsHeld(port));
            }
            // the echo server reads the end of the stream and closes its side
            FaultLink.Held held = link.awaitReleased(port, Duration.ofSeconds(30));
            assertEquals(0, held.connections(), "still held after " + held.seconds() + " s");
        }
    }

    @Test
    @Timeout(60)
    void shouldFlapAndRestartOnScheduleAndLeaveTheLinkUp() throws Exception {
        open(0);
        java.util.concurrent.atomic.AtomicInteger restarts = new java.util.concurrent.atomic.AtomicInteger();
        Faults faults = Faults.parse("flap=100ms/300ms,restart=400ms");
        FaultSchedule schedule = FaultSchedule.start(faults, link, restarts::incrementAndGet,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (schedule.events().size() < 4 && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        schedule.close();
        List<FaultSchedule.Event> events = schedule.events();
        assertTrue(events.size() >= 4, "events " + events);
        assertTrue(restarts.get() >= 1, "restarted " + restarts.get() + " times");
        FaultSchedule.Event flap = events.stream().filter(e -> e.what().startsWith("link down")).findFirst().orElseThrow();
        assertTrue(flap.millis() >= 100, "the link was down " + flap.millis() + " ms");
        assertTrue(flap.at() >= 0.3, "the first flap came one period after the start: " + flap.at());
        assertTrue(!link.isDown(), "the link is up after the schedule");
        assertEquals(null, schedule.failure());
    }
}
