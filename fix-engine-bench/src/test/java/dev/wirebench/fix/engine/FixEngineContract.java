package dev.wirebench.fix.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What every {@link FixEngine} must do, checked over real loopback sockets: each engine's test extends
 * this class and names its engine. The hooks for hand-built bytes default to FIX 4.4 with a Logon;
 * the raw baseline, which speaks no session protocol, overrides them.
 */
public abstract class FixEngineContract {

    protected static final InetSocketAddress ANY_LOCAL_PORT = new InetSocketAddress("127.0.0.1", 0);
    protected static final Duration LOGON_TIMEOUT = Duration.ofSeconds(5);

    private final List<AutoCloseable> opened = new ArrayList<>();

    /** A new engine under test. */
    protected abstract FixEngine engine();

    /** Whether the engine has FIX sessions (Logon, rejects); the raw baseline has not. */
    protected boolean speaksFix() {
        return true;
    }

    /** The bytes a client sends first on a hand-made connection: a Logon, or nothing. */
    protected byte[] sessionOpening() {
        return FixWire.logon();
    }

    /** The bytes of one order on a hand-made connection, after {@link #sessionOpening()}. */
    protected byte[] order(int seq, long stamp) {
        return FixWire.newOrderSingle(seq, stamp);
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    private FixServer server() throws IOException {
        FixServer server = engine().startServer(ANY_LOCAL_PORT);
        opened.add(server);
        return server;
    }

    private FixClient client(FixServer server, ReportListener listener) throws IOException {
        FixClient client = engine().connect(server.address(), LOGON_TIMEOUT, listener);
        opened.add(client);
        return client;
    }

    @Test
    void shouldNameItselfAndReportItsSettings() {
        FixEngine engine = engine();
        assertFalse(engine.name().isBlank());
        Map<String, String> settings = engine.settings();
        assertFalse(settings.isEmpty(), "settings that affect latency must be reported");
        assertTrue(settings.containsKey("validates"), "what an engine checks of each message must be reported: " + settings);
        settings.forEach((k, v) -> assertFalse(k.isBlank() || v.isBlank(), k + "=" + v));
    }

    @Test
    @Timeout(60)
    void shouldAnswerEveryOrderWithAnAckThenAFillInClosedLoop() throws Exception {
        int orders = 500;
        Collector collector = new Collector(orders);
        FixServer server = server();
        FixClient client = client(server, collector);
        collector.closedLoop(client);
        client.sendOrder(collector.nextStamp());
        assertTrue(collector.done.await(30, TimeUnit.SECONDS), "fills received: " + collector.fills.size());
        collector.assertEveryStampAckedThenFilled(orders);
        assertTrue(server.sessionsAccepted() >= 1);
    }

    @Test
    @Timeout(60)
    void shouldTakeOrdersFromAnotherThreadWhileReportsArrive() throws Exception {
        int orders = 2000;
        Collector collector = new Collector(orders);
        FixServer server = server();
        FixClient client = client(server, collector);
        for (int i = 0; i < orders; i++) {
            client.sendOrder(collector.nextStamp());
        }
        assertTrue(collector.done.await(30, TimeUnit.SECONDS), "fills received: " + collector.fills.size());
        collector.assertEveryStampAckedThenFilled(orders);
    }

    @Test
    @Timeout(60)
    void shouldGiveTheWireTextOfReportsAndOfTheLastOrder() throws Exception {
        AtomicReference<String> report = new AtomicReference<>();
        CountDownLatch fill = new CountDownLatch(1);
        long stamp = -1234567890123L; // nanoTime may be negative
        FixServer server = server();
        FixClient client = client(server, new ReportListener() {
            @Override
            public void onReport(char execType, long s, FixText message) {
                if (execType == PingPong.EXEC_TYPE_TRADE) {
                    StringBuilder text = new StringBuilder();
                    message.appendTo(text);
                    report.set(text.toString());
                    fill.countDown();
                }
            }

            @Override
            public void onDisconnect(String why) {
            }
        });
        client.sendOrder(stamp);
        assertTrue(fill.await(10, TimeUnit.SECONDS));
        String clOrdId = ClOrdIds.toString(stamp);
        assertEquals("8", FixWire.field(report.get(), 35), report.get());
        assertEquals(clOrdId, FixWire.field(report.get(), 11), report.get());
        assertEquals("F", FixWire.field(report.get(), 150), report.get());
        StringBuilder order = new StringBuilder();
        client.appendLastOrder(order);
        assertEquals("D", FixWire.field(order.toString(), 35), order.toString());
        assertEquals(clOrdId, FixWire.field(order.toString(), 11), order.toString());
    }

    @Test
    @Timeout(120)
    void shouldKeepServingAfterAHundredAbruptDisconnectsSomeMidMessage() throws Exception {
        FixServer server = server();
        byte[] opening = sessionOpening();
        byte[] order = order(2, 42);
        for (int i = 0; i < 100; i++) {
            try (Socket socket = new Socket()) {
                socket.connect(server.address(), 5000);
                OutputStream out = socket.getOutputStream();
                // cut at every kind of place: before anything, inside the opening, inside an order, after it
                switch (i % 5) {
                    case 0 -> { }
                    case 1 -> out.write(opening, 0, opening.length / 2);
                    case 2 -> out.write(opening);
                    case 3 -> {
                        out.write(opening);
                        out.write(order, 0, order.length / 2);
                    }
                    default -> {
                        out.write(opening);
                        out.write(order);
                    }
                }
                out.flush();
                socket.setSoLinger(true, 0); // close with a RST, as a crashed client would
            }
        }
        int orders = 100;
        Collector collector = new Collector(orders);
        FixClient client = client(server, collector);
        collector.closedLoop(client);
        client.sendOrder(collector.nextStamp());
        assertTrue(collector.done.await(30, TimeUnit.SECONDS), "fills after the disconnects: " + collector.fills.size());
        collector.assertEveryStampAckedThenFilled(orders);
    }

    @Test
    @Timeout(120)
    void shouldRejectOrEndMalformedInputAndKeepServing() throws Exception {
        if (!speaksFix()) {
            return;
        }
        FixServer server = server();
        byte[] good = FixWire.newOrderSingle(2, 7);
        String text = new String(good, StandardCharsets.US_ASCII);
        byte[] badCheckSum = (text.substring(0, text.length() - 4) + (text.endsWith("000\u0001") ? "001" : "000") + "\u0001")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] badBodyLength = text.replaceFirst("\u00019=\\d+\u0001", "\u00019=5\u0001").getBytes(StandardCharsets.US_ASCII);
        byte[] garbage = new byte[4096];
        new java.util.Random(6).nextBytes(garbage);
        Map<String, byte[]> cases = Map.of("bad CheckSum", badCheckSum, "bad BodyLength", badBodyLength,
                "garbage bytes", garbage);
        for (Map.Entry<String, byte[]> c : cases.entrySet()) {
            try (Socket socket = loggedOn(server)) {
                String answer;
                try {
                    socket.getOutputStream().write(c.getValue());
                    socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
                    socket.getOutputStream().flush();
                    answer = FixWire.readUntil(socket, null, Duration.ofSeconds(3));
                } catch (IOException closedByServer) {
                    // the server ended the connection on the first bytes, before the order after them was written
                    answer = FixWire.readUntil(socket, null, Duration.ofSeconds(3)) + "<EOF>";
                }
                // acceptable: a reject or logout, a closed connection, or the garbled message ignored as FIX
                // allows and then the gap it left asked for again (ResendRequest) or the next good order
                // answered; not acceptable: silence on an open connection
                boolean ended = answer.endsWith("<EOF>");
                boolean rejected = answer.contains("\u000135=3\u0001") || answer.contains("\u000135=5\u0001")
                        || answer.contains("\u000135=j\u0001") || answer.contains("\u000135=2\u0001");
                boolean served = answer.contains("\u000135=8\u0001");
                assertTrue(ended || rejected || served, c.getKey() + ": got " + answer.replace('\u0001', '|'));
            }
        }
        // a BodyLength far over any cap, then bytes without end: the connection must not be buffered without bound
        try (Socket socket = loggedOn(server)) {
            OutputStream out = socket.getOutputStream();
            out.write(("8=FIX.4.4\u00019=2000000000\u000135=D\u0001").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) 'x');
            try {
                // more than the test JVM's heap (-Xmx512m): an engine that buffered it all would fail
                for (int i = 0; i < 640; i++) {
                    out.write(chunk);
                }
            } catch (IOException closedByServer) {
                // the engine ended the connection: what it should do
            }
        }
        int orders = 50;
        Collector collector = new Collector(orders);
        FixClient client = client(server, collector);
        collector.closedLoop(client);
        client.sendOrder(collector.nextStamp());
        assertTrue(collector.done.await(30, TimeUnit.SECONDS), "fills after malformed input: " + collector.fills.size());
        collector.assertEveryStampAckedThenFilled(orders);
    }

    @Test
    @Timeout(60)
    void shouldExecuteNoOrderWithAWrongCheckSumOrBodyLengthButAnswerTheGoodOneAfterIt() throws Exception {
        if (!speaksFix()) {
            return; // the raw baseline reads fixed-size frames and checks neither; its settings say so
        }
        FixServer server = server();
        GarbledOrders.assertIgnored(server, "a wrong CheckSum", GarbledOrders.wrongCheckSum(2, 100), 100);
        GarbledOrders.assertIgnored(server, "a wrong BodyLength", GarbledOrders.wrongBodyLength(2, 200), 200);
        GarbledOrders.assertIgnored(server, "a wrong CheckSum and a repeated tag",
                GarbledOrders.wrongCheckSumAndARepeatedTag(2, 300), 300);
    }

    /**
     * A plain socket that has logged on as the client and read the server's Logon. An engine may refuse a
     * new logon of the same session until it has finished ending the last one (QuickFIX/J does so on its
     * own thread), so a connection closed before the answer is tried again, a bounded number of times.
     */
    static Socket loggedOn(FixServer server) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Socket socket = tryLogOn(server);
            if (socket != null) {
                return socket;
            }
            if (attempt == 10) {
                fail("the connection closed before the Logon answer, " + attempt + " times");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
        }
    }

    /** The logged-on socket, or null if the server closed it before answering. */
    private static Socket tryLogOn(FixServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(server.address(), 5000);
        socket.getOutputStream().write(FixWire.logon());
        socket.getOutputStream().flush();
        socket.setSoTimeout(200);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        InputStream in = socket.getInputStream();
        while (!got.toString(StandardCharsets.US_ASCII).contains("\u000135=A\u0001")) {
            if (System.nanoTime() > deadline) {
                socket.close();
                fail("no Logon answer: " + got.toString(StandardCharsets.US_ASCII).replace('\u0001', '|'));
            }
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    socket.close();
                    return null;
                }
                got.write(buffer, 0, n);
            } catch (SocketTimeoutException again) {
                // keep waiting until the deadline
            } catch (IOException reset) {
                socket.close();
                return null;
            }
        }
        return socket;
    }

    @Test
    @Timeout(30)
    void shouldSayWhenThePortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", taken.getLocalPort());
            IOException e = assertThrows(IOException.class, () -> engine().startServer(address).close());
            assertTrue(e.getMessage().contains(Integer.toString(taken.getLocalPort())), e.getMessage());
        }
    }

    @Test
    @Timeout(30)
    void shouldSayWhenNothingListens() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        InetSocketAddress nobody = new InetSocketAddress("127.0.0.1", port);
        IOException e = assertThrows(IOException.class,
                () -> engine().connect(nobody, LOGON_TIMEOUT, new Collector(1)).close());
        assertTrue(e.getMessage().contains(Integer.toString(port)), e.getMessage());
    }

    @Test
    @Timeout(30)
    void shouldSayWhenTheLogonIsNotAnswered() throws Exception {
        if (!speaksFix()) {
            return;
        }
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            Thread acceptor = new Thread(() -> {
                try (Socket s = silent.accept()) {
                    s.getInputStream().readAllBytes();
                } catch (IOException ignored) {
                    // the test is over
                }
            }, "silent-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", silent.getLocalPort());
            long start = System.nanoTime();
            IOException e = assertThrows(IOException.class,
                    () -> engine().connect(address, Duration.ofSeconds(1), new Collector(1)).close());
            assertTrue(e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("logon"), e.getMessage());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(15), "gave up far too late");
        }
    }

    @Test
    @Timeout(30)
    void shouldReleaseThePortWhenClosed() throws Exception {
        FixServer server = engine().startServer(ANY_LOCAL_PORT);
        InetSocketAddress address = server.address();
        server.close();
        FixServer again = engine().startServer(address);
        opened.add(again);
        assertEquals(address.getPort(), again.address().getPort());
    }

    /** Records reports; in closed loop sends the next order from the fill's callback. */
    static final class Collector implements ReportListener {
        final int orders;
        final ConcurrentLinkedQueue<Long> acks = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<Long> fills = new ConcurrentLinkedQueue<>();
        final List<Long> sent = java.util.Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch done = new CountDownLatch(1);
        final AtomicInteger outOfOrder = new AtomicInteger();
        final AtomicReference<String> disconnect = new AtomicReference<>();
        private final java.util.Set<Long> acked = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private volatile FixClient closedLoop;
        private long next = -5; // crosses zero: stamps may be negative

        Collector(int orders) {
            this.orders = orders;
        }

        void closedLoop(FixClient client) {
            this.closedLoop = client;
        }

        synchronized long nextStamp() {
            long stamp = next++ * 1_000_003L;
            sent.add(stamp);
            return stamp;
        }

        @Override
        public void onReport(char execType, long stamp, FixText message) {
            if (execType == PingPong.EXEC_TYPE_NEW) {
                acks.add(stamp);
                acked.add(stamp);
                return;
            }
            assertEquals(PingPong.EXEC_TYPE_TRADE, execType);
            if (!acked.contains(stamp)) {
                outOfOrder.incrementAndGet();
            }
            fills.add(stamp);
            if (fills.size() == orders) {
                done.countDown();
            } else if (closedLoop != null) {
                try {
                    closedLoop.sendOrder(nextStamp());
                } catch (IOException e) {
                    disconnect.set("send failed: " + e);
                }
            }
        }

        @Override
        public void onDisconnect(String why) {
            disconnect.set(why);
        }

        void assertEveryStampAckedThenFilled(int expected) {
            assertEquals(null, disconnect.get(), "the session ended");
            assertEquals(expected, fills.size());
            assertEquals(expected, acks.size());
            assertEquals(0, outOfOrder.get(), "a fill arrived before its ack");
            assertEquals(new ArrayList<>(sent), new ArrayList<>(fills), "fills in order, one per order sent");
            assertEquals(new ArrayList<>(sent), new ArrayList<>(acks), "acks in order, one per order sent");
        }
    }
}
