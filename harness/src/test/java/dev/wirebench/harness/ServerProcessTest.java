package dev.wirebench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerProcessTest {

    /** The child: an echo of one byte per connection on a free loopback port, served until stopped. */
    public static final class EchoServer {
        public static void main(String[] args) throws IOException {
            if (args.length > 0 && args[0].equals("fail")) {
                System.out.println("cannot listen: port taken");
                System.exit(1);
            }
            ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"));
            Thread accept = new Thread(() -> {
                while (true) {
                    try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        out.write(in.read());
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            accept.setDaemon(true);
            accept.start();
            ServerProcess.serveUntilStopped(server, args.length > 0 && args[0].equals(ServerProcess.UNTIL_INPUT_ENDS),
                    () -> System.out.println("echo " + ServerProcess.listeningOn((InetSocketAddress) server.getLocalSocketAddress())));
        }
    }

    /** A child whose close takes a while (it stands for removing a large directory) and then leaves a mark. */
    public static final class SlowCloser {
        public static void main(String[] args) throws IOException {
            java.nio.file.Path mark = java.nio.file.Path.of(args[0]);
            ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"));
            ServerProcess.serveUntilStopped(() -> {
                server.close();
                java.util.concurrent.locks.LockSupport.parkNanos(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(500));
                java.nio.file.Files.writeString(mark, "closed");
            }, true, () -> System.out.println("slow " + ServerProcess.listeningOn((InetSocketAddress) server.getLocalSocketAddress())));
        }
    }

    @Test
    @Timeout(60)
    void letsTheServersCloseFinishThoughTheParentSendsSigtermRightAfterClosingItsInput(@TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path mark = dir.resolve("closed");
        ServerProcess server = ServerProcess.start("the slow server", SlowCloser.class, List.of(mark.toString()));
        // close() ends the input and sends SIGTERM at once: the shutdown hook must wait for the close already running
        server.close();
        assertTrue(java.nio.file.Files.exists(mark), "the JVM halted in the middle of closing the server: " + server.output());
    }

    @Test
    @Timeout(60)
    void startsTheServerJvmReadsItsAddressAndStopsItOnClose() throws Exception {
        ServerProcess server = ServerProcess.start("the echo server", EchoServer.class, List.of(ServerProcess.UNTIL_INPUT_ENDS));
        try (server; Socket s = new Socket()) {
            s.connect(server.address(), 5000);
            s.setSoTimeout(5000);
            s.getOutputStream().write(42);
            assertEquals(42, s.getInputStream().read());
            assertEquals("127.0.0.1", server.address().getHostString());
        }
        try (Socket late = new Socket()) {
            assertThrows(IOException.class, () -> late.connect(server.address(), 2000));
        }
    }

    @Test
    @Timeout(60)
    void saysWhatAServerThatEndsWithoutListeningPrinted() {
        IOException e = assertThrows(IOException.class,
                () -> ServerProcess.start("the echo server", List.of(), EchoServer.class, List.of("fail"), Duration.ofSeconds(30)));
        assertEquals("the echo server did not start: cannot listen: port taken", e.getMessage());
    }

    @Test
    void makesTheLineItLooksFor() {
        assertTrue(ServerProcess.listeningOn(new InetSocketAddress("127.0.0.1", 2775)).endsWith("listening on 127.0.0.1:2775"));
    }
}
