package dev.wirebench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmResourcesTest {

    private static final int MB = 1_000_000;
    private static final int HOARD = 32 * MB;
    private static final boolean PROC = Files.isReadable(Path.of("/proc/self/status"));

    /**
     * The child: for each connection it keeps 32 MB and a thread that never ends, collects (so its heap after GC
     * holds them) and answers one byte.
     */
    public static final class Hoarder {
        private static final List<byte[]> KEPT = new ArrayList<>();
        private static final CountDownLatch NEVER = new CountDownLatch(1);

        public static void main(String[] args) throws IOException {
            ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
            Thread accept = new Thread(() -> {
                while (true) {
                    try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        int b = in.read();
                        byte[] kept = new byte[HOARD];
                        java.util.Arrays.fill(kept, (byte) 1);
                        KEPT.add(kept);
                        Thread idle = new Thread(() -> {
                            try {
                                NEVER.await();
                            } catch (InterruptedException ignored) {
                                // the JVM ends
                            }
                        });
                        idle.setDaemon(true);
                        idle.start();
                        System.gc();
                        out.write(b);
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            accept.setDaemon(true);
            accept.start();
            // a first collection, so that the heap after GC is known before anything is kept
            System.gc();
            ServerProcess.serveUntilStopped(server, args.length > 0 && args[0].equals(ServerProcess.UNTIL_INPUT_ENDS),
                    () -> System.out.println("hoarder " + ServerProcess.listeningOn((InetSocketAddress) server.getLocalSocketAddress())));
        }
    }

    private static void hoard(InetSocketAddress server) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(server, 5000);
            s.setSoTimeout(30_000);
            s.getOutputStream().write(7);
            assertEquals(7, s.getInputStream().read());
        }
    }

    @Test
    @Timeout(120)
    void seesTheServerJvmsHeapRssAndThreadsGrowAsItKeepsMemoryAndStartsThreads() throws Exception {
        try (ServerProcess server = ServerProcess.start("the hoarder", List.of("-Xmx512m"), Hoarder.class,
                List.of(ServerProcess.UNTIL_INPUT_ENDS), ServerProcess.START_TIMEOUT)) {
            JvmResources before = server.resources(Duration.ofSeconds(30));
            for (int i = 0; i < 3; i++) {
                hoard(server.address());
            }
            JvmResources after = server.resources(Duration.ofSeconds(30));
            assertTrue(before.heapAfterGc() >= 0 && before.gcs() >= 1, "before: " + before);
            assertTrue(after.heapAfterGc() - before.heapAfterGc() >= 3L * HOARD, before + " then " + after);
            assertTrue(after.gcs() >= before.gcs() + 3, before + " then " + after);
            // it collected on its own each time: nothing was asked for
            assertEquals(0, after.forcedGcs(), after.toString());
            assertTrue(after.javaThreads() >= before.javaThreads() + 3, before + " then " + after);
            if (PROC) {
                assertTrue(after.rss() - before.rss() >= 3L * HOARD * 9 / 10, before + " then " + after);
                assertTrue(after.osThreads() >= before.osThreads() + 3, before + " then " + after);
            } else {
                assertEquals(-1, after.rss());
                assertEquals(after.javaThreads(), after.threads());
            }
            // nothing this JVM did: it kept none of it
            JvmResources self = JvmResources.self();
            assertTrue(self.heapAfterGc() < after.heapAfterGc() || self.heapAfterGc() < 0, self + " vs " + after);
        }
    }

    @Test
    @Timeout(120)
    void asksAServerThatHasNotCollectedSinceItsLastAnswerForACollection() throws Exception {
        try (ServerProcess server = ServerProcess.start("the hoarder", List.of("-Xmx512m"), Hoarder.class,
                List.of(ServerProcess.UNTIL_INPUT_ENDS), ServerProcess.START_TIMEOUT)) {
            JvmResources first = server.resources(Duration.ofSeconds(30));
            hoard(server.address());
            // idle since: no collection of its own between these two answers
            JvmResources second = server.resources(Duration.ofSeconds(30));
            JvmResources third = server.resources(Duration.ofSeconds(30));
            assertEquals(0, second.forcedGcs(), second.toString());
            assertEquals(1, third.forcedGcs(), third.toString());
            assertEquals(second.gcs() + 1, third.gcs(), second + " then " + third);
            assertTrue(third.heapAfterGc() >= HOARD && first.heapAfterGc() < HOARD, first + " then " + third);
        }
    }

    @Test
    @Timeout(120)
    void stillReadsTheOsFiguresOfAServerThatDoesNotAnswer() throws Exception {
        // not started to serve until its input ends: it never reads the question
        try (ServerProcess server = ServerProcess.start("the hoarder", List.of("-Xmx512m"), Hoarder.class, List.of(),
                ServerProcess.START_TIMEOUT)) {
            JvmResources r = server.resources(Duration.ofMillis(500));
            assertEquals(-1, r.heapAfterGc());
            assertEquals(-1, r.javaThreads());
            assertEquals(PROC, r.rss() > 0, r.toString());
            assertEquals(PROC, r.osThreads() > 0, r.toString());
        }
    }

    @Test
    void readsThisJvmsOwnFigures() {
        JvmResources self = JvmResources.self();
        assertTrue(self.heapUsed() > 0 && self.javaThreads() > 0, self.toString());
        assertEquals(PROC, self.rss() > 0, self.toString());
        assertEquals(PROC, self.osThreads() >= self.javaThreads(), self.toString());
    }

    @Test
    void writesAndReadsItsLine() {
        JvmResources r = new JvmResources(123, 4, 1, 5678, 9, -1, -1);
        assertEquals(r, JvmResources.parse(r.toLine()));
        assertEquals("not a line of resources: 'wirebench-resources heap-after-gc=x'",
                assertThrows(IllegalArgumentException.class,
                        () -> JvmResources.parse("wirebench-resources heap-after-gc=x")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> JvmResources.parse("listening on 127.0.0.1:1"));
    }
}
