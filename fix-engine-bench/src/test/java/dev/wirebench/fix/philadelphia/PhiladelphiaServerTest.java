package dev.wirebench.fix.philadelphia;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.FixWire;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the Philadelphia engine does beyond the contract: its settings, its input guard, its wire text. */
class PhiladelphiaServerTest {

    private static final InetSocketAddress ANY_LOCAL_PORT = new InetSocketAddress("127.0.0.1", 0);

    @Test
    void shouldReportCheckSumOnAndNoStoreNoLogNoHeartbeats() {
        Map<String, String> settings = new PhiladelphiaEngine().settings();
        assertTrue(settings.get("validation").contains("CheckSum verified"), settings.toString());
        assertTrue(settings.get("store").startsWith("none"), settings.toString());
        assertTrue(settings.get("log").startsWith("none"), settings.toString());
        assertTrue(settings.get("heartbeats").startsWith("off"), settings.toString());
        assertEquals("true", settings.get("TCP_NODELAY"));
    }

    @Test
    @Timeout(30)
    void shouldCloseTheConnectionOnBytesThatAreNotFixWithoutAnswering() throws Exception {
        try (FixServer server = new PhiladelphiaEngine().startServer(ANY_LOCAL_PORT); Socket socket = new Socket()) {
            socket.connect(server.address(), 5000);
            byte[] garbage = new byte[100];
            Arrays.fill(garbage, (byte) 'x');
            socket.getOutputStream().write(garbage);
            assertEquals("<EOF>", readUntilClosed(socket));
            assertEquals(0, server.sessionsAccepted());
        }
    }

    @Test
    @Timeout(30)
    void shouldLogOutWhenAGarbledOrderLeavesAGap() throws Exception {
        try (FixServer server = new PhiladelphiaEngine().startServer(ANY_LOCAL_PORT); Socket socket = new Socket()) {
            socket.connect(server.address(), 5000);
            String order = new String(FixWire.newOrderSingle(2, 7), StandardCharsets.US_ASCII);
            String badCheckSum = order.substring(0, order.length() - 4) + (order.endsWith("000\u0001") ? "001" : "000") + "\u0001";
            socket.getOutputStream().write(FixWire.logon());
            socket.getOutputStream().write(badCheckSum.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
            String answer = readUntilClosed(socket);
            assertTrue(answer.contains("\u000135=A\u0001"), answer);
            assertFalse(answer.contains("\u000135=8\u0001"), "the garbled order must not be filled: " + answer);
            assertTrue(answer.contains("\u000135=5\u0001") && answer.endsWith("<EOF>"), answer);
        }
    }

    @Test
    @Timeout(30)
    void shouldGiveReportTextWithTheBodyLengthAndCheckSumOnTheWire() throws Exception {
        PhiladelphiaEngine engine = new PhiladelphiaEngine();
        AtomicReference<String> text = new AtomicReference<>();
        CountDownLatch ack = new CountDownLatch(1);
        try (FixServer server = engine.startServer(ANY_LOCAL_PORT);
             FixClient client = engine.connect(server.address(), Duration.ofSeconds(5), new ReportListener() {
                 @Override
                 public void onReport(char execType, long stamp, FixText message) {
                     StringBuilder out = new StringBuilder();
                     message.appendTo(out);
                     text.compareAndSet(null, out.toString());
                     ack.countDown();
                 }

                 @Override
                 public void onDisconnect(String why) {
                 }
             })) {
            client.sendOrder(99);
            assertTrue(ack.await(10, TimeUnit.SECONDS));
        }
        String report = text.get();
        int trailer = report.lastIndexOf("\u000110=") + 1;
        int bodyStart = report.indexOf("35=");
        assertEquals(Integer.parseInt(FixWire.field(report, 9)), trailer - bodyStart, report);
        assertEquals(FixWire.checkSum(report.substring(0, trailer)), FixWire.field(report, 10), report);
        assertEquals(PingPong.ORDER_ID, FixWire.field(report, 37));
        assertEquals("A0000000000000063", FixWire.field(report, 17));
    }

    @Test
    @Timeout(30)
    void shouldTellTheListenerWhenTheServerGoesAway() throws Exception {
        PhiladelphiaEngine engine = new PhiladelphiaEngine();
        AtomicReference<String> why = new AtomicReference<>();
        CountDownLatch gone = new CountDownLatch(1);
        FixServer server = engine.startServer(ANY_LOCAL_PORT);
        FixClient client = engine.connect(server.address(), Duration.ofSeconds(5), new ReportListener() {
            @Override
            public void onReport(char execType, long stamp, FixText message) {
            }

            @Override
            public void onDisconnect(String reason) {
                why.set(reason);
                gone.countDown();
            }
        });
        try {
            server.close();
            assertTrue(gone.await(10, TimeUnit.SECONDS), "onDisconnect was not called");
            assertFalse(why.get().isBlank());
        } finally {
            client.close();
        }
    }

    /** Everything the server sends until it closes, then "&lt;EOF&gt;"; gives up after 10 s. */
    private static String readUntilClosed(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                got.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            // a reset is a close too
        }
        return got.toString(StandardCharsets.US_ASCII) + "<EOF>";
    }
}
