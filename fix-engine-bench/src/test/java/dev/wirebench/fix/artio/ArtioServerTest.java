package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.FixWire;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import uk.co.real_logic.artio.CommonConfiguration;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the Artio engine does beyond the contract: the same fields on the wire as every other engine, to
 * and from a hand-made FIX 4.4 peer; how it meets a garbled order, a missing Price and a stranger's Logon;
 * its wire text; its settings.
 */
class ArtioServerTest {

    private static final InetSocketAddress ANY_LOCAL_PORT = new InetSocketAddress("127.0.0.1", 0);
    private static final String SOH = "\u0001";
    private static final String CL_ORD_ID = ClOrdIds.toString(7);

    @Test
    @Timeout(60)
    void shouldAnswerAThirdPartyOrderWithTheFieldsEveryEngineSends() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            socket.getOutputStream().write(FixWire.newOrderSingle(2, 7));
            String answer = readUntil(socket, "150=F" + SOH);
            String[] reports = answer.split("(?=8=FIX\\.4\\.4" + SOH + ")");
            assertEquals(2, reports.length, answer);
            // after the header (up to SendingTime) each report is what the raw baseline and Philadelphia send
            assertEquals("37=WB-ORDER-1|11=" + CL_ORD_ID + "|17=A" + CL_ORD_ID + "|150=0|39=0|55=AAPL|54=1|151=100|14=0|6=0|",
                    body(reports[0]));
            assertEquals("37=WB-ORDER-1|11=" + CL_ORD_ID + "|17=F" + CL_ORD_ID + "|150=F|39=2|55=AAPL|54=1|32=100|"
                    + "31=187.25|151=0|14=100|6=187.25|", body(reports[1]));
            for (String report : reports) {
                assertFramed(report);
                assertEquals(PingPong.SERVER_COMP_ID, FixWire.field(report, 49));
                assertEquals(PingPong.CLIENT_COMP_ID, FixWire.field(report, 56));
            }
            assertEquals(1, server.sessionsAccepted());
        }
    }

    @Test
    @Timeout(60)
    void shouldAskForTheGapAGarbledOrderLeavesAndNotFillWhatFollows() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            String order = new String(FixWire.newOrderSingle(2, 7), StandardCharsets.US_ASCII);
            String badCheckSum = order.substring(0, order.length() - 4) + (order.endsWith("000" + SOH) ? "001" : "000") + SOH;
            socket.getOutputStream().write(badCheckSum.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
            String answer = readUntil(socket, "16=0" + SOH);
            assertEquals("2", FixWire.field(answer, 35), answer);
            assertEquals("2", FixWire.field(answer, 7), "a ResendRequest from the dropped order on: " + answer);
            assertFalse(answer.contains(SOH + "35=8" + SOH), answer);
        }
    }

    @Test
    @Timeout(60)
    void shouldEndTheConnectionOnGarbageEvenWhenAGoodOrderFollowsInTheSameWrite() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            byte[] garbage = "this is not FIX".getBytes(StandardCharsets.US_ASCII);
            byte[] order = FixWire.newOrderSingle(2, 7);
            byte[] both = java.util.Arrays.copyOf(garbage, garbage.length + order.length);
            System.arraycopy(order, 0, both, garbage.length, order.length);
            socket.getOutputStream().write(both);
            String answer = readUntil(socket, "<EOF>");
            assertTrue(answer.endsWith("<EOF>"), "silence on an open connection: " + answer);
            assertFalse(answer.contains(SOH + "35=8" + SOH), answer);
            assertEquals(1, server.sessionsAccepted());
        }
    }

    @Test
    @Timeout(60)
    void shouldRejectAnOrderWithoutAPriceAndFillTheNext() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            socket.getOutputStream().write(FixWire.message(FixWire.header("D", 2) + "11=" + CL_ORD_ID + SOH + "55=AAPL" + SOH
                    + "54=1" + SOH + "60=" + PingPong.TRANSACT_TIME + SOH + "38=100" + SOH + "40=2" + SOH));
            socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
            String answer = readUntil(socket, "150=F" + SOH);
            assertEquals("3", FixWire.field(answer, 35), answer);
            assertEquals("2", FixWire.field(answer, 45), answer);
            assertEquals("44", FixWire.field(answer, 371), answer);
            assertEquals("1", FixWire.field(answer, 373), "required tag missing: " + answer);
            assertTrue(answer.contains(SOH + "11=" + ClOrdIds.toString(8) + SOH), answer);
        }
    }

    @Test
    @Timeout(60)
    void shouldRejectAnOrderWithABodyTagThatIsNotANumberAndFillTheNext() throws Exception {
        // Artio's session reads the header's tags only; its generated decoder threw on this one (ArtioFuzzTest)
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            socket.getOutputStream().write(FixWire.message(FixWire.header("D", 2) + "11=" + CL_ORD_ID + SOH + "5x=AAPL" + SOH
                    + "54=1" + SOH + "60=" + PingPong.TRANSACT_TIME + SOH + "38=100" + SOH + "40=2" + SOH + "44=1" + SOH));
            socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
            String answer = readUntil(socket, "150=F" + SOH);
            assertEquals("3", FixWire.field(answer, 35), answer);
            assertEquals("2", FixWire.field(answer, 45), answer);
            assertEquals("0", FixWire.field(answer, 373), "invalid tag number: " + answer);
            assertEquals(null, FixWire.field(answer, 371), "no one tag to name: " + answer);
            assertTrue(answer.contains(SOH + "11=" + ClOrdIds.toString(8) + SOH), answer);
        }
    }

    @Test
    @Timeout(60)
    void shouldRejectAnOrderWithAnExponentArtioCannotReadAndFillTheNext() throws Exception {
        // Artio's decimal parser threw ArrayIndexOutOfBoundsException on it (ArtioFuzzTest)
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = logOn(server)) {
            socket.getOutputStream().write(FixWire.message(FixWire.header("D", 2) + "11=" + CL_ORD_ID + SOH + "55=AAPL" + SOH
                    + "54=1" + SOH + "60=" + PingPong.TRANSACT_TIME + SOH + "38=100E42" + SOH + "40=2" + SOH + "44=1" + SOH));
            socket.getOutputStream().write(FixWire.newOrderSingle(3, 8));
            String answer = readUntil(socket, "150=F" + SOH);
            assertEquals("3", FixWire.field(answer, 35), answer);
            assertEquals("2", FixWire.field(answer, 45), answer);
            assertEquals("6", FixWire.field(answer, 373), "incorrect data format: " + answer);
            assertTrue(answer.contains(SOH + "11=" + ClOrdIds.toString(8) + SOH), answer);
        }
    }

    @Test
    @Timeout(60)
    void shouldNotLogOnAnotherSenderCompId() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT); Socket socket = new Socket()) {
            socket.connect(server.address(), 5000);
            String logon = new String(FixWire.logon(), StandardCharsets.US_ASCII).replace(SOH + "49=" + PingPong.CLIENT_COMP_ID + SOH,
                    SOH + "49=STRANGER" + SOH);
            socket.getOutputStream().write(FixWire.message(logon.substring(logon.indexOf("35="), logon.lastIndexOf("10="))));
            String answer = readUntil(socket, "<EOF>");
            assertFalse(answer.contains(SOH + "35=A" + SOH), answer);
            assertEquals(0, server.sessionsAccepted());
        }
    }

    @Test
    @Timeout(60)
    void shouldGiveTheWholeReportAndOrderAsOnTheWire() throws Exception {
        ArtioEngine engine = new ArtioEngine();
        AtomicReference<String> text = new AtomicReference<>();
        CountDownLatch fill = new CountDownLatch(1);
        try (FixServer server = engine.startServer(ANY_LOCAL_PORT);
             FixClient client = engine.connect(server.address(), Duration.ofSeconds(10), new ReportListener() {
                 @Override
                 public void onReport(char execType, long stamp, FixText message) {
                     if (execType == PingPong.EXEC_TYPE_TRADE) {
                         StringBuilder out = new StringBuilder();
                         message.appendTo(out);
                         text.set(out.toString());
                         fill.countDown();
                     }
                 }

                 @Override
                 public void onDisconnect(String why) {
                 }
             })) {
            client.sendOrder(7);
            assertTrue(fill.await(10, TimeUnit.SECONDS));
            StringBuilder order = new StringBuilder();
            client.appendLastOrder(order);
            assertFramed(order.toString());
            assertEquals("11=" + CL_ORD_ID + "|1=ACC-7781|55=AAPL|54=1|60=" + PingPong.TRANSACT_TIME
                    + "|38=100|40=2|44=187.25|59=0|", body(order.toString()));
        }
        assertFramed(text.get());
        assertEquals("F" + CL_ORD_ID, FixWire.field(text.get(), 17));
    }

    @ParameterizedTest(name = "spin={0}")
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void shouldLeaveNoFilesBehindWhenClosedOrWhenItCannotBind(boolean spin) throws Exception {
        Set<Path> before = artioDirectories();
        ArtioEngine engine = new ArtioEngine(spin);
        FixServer server = engine.startServer(ANY_LOCAL_PORT);
        assertEquals(before.size() + 1, artioDirectories().size(), "a running server has its directory");
        assertThrows(IOException.class, () -> engine.startServer(server.address()).close());
        server.close();
        assertEquals(before, artioDirectories());
    }

    @Test
    @Timeout(60)
    void shouldRemoveTheDirectoryOfAStackWhoseJvmDiedWithoutClosingIt() throws Exception {
        Path orphan = Files.createTempDirectory(Path.of(CommonConfiguration.optimalTmpDirName()),
                ArtioStack.PREFIX + "server-");
        Files.createDirectories(orphan.resolve("engine"));
        Files.write(orphan.resolve("engine").resolve("sequence_numbers_sent"), new byte[1024]);
        Files.setLastModifiedTime(orphan, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Path young = Files.createTempDirectory(Path.of(CommonConfiguration.optimalTmpDirName()), ArtioStack.PREFIX + "client-");
        try {
            new ArtioEngine().startServer(ANY_LOCAL_PORT).close();
            assertFalse(Files.exists(orphan), "an old directory without a live media driver is an orphan");
            assertTrue(Files.exists(young), "a new one may be a stack still starting");
        } finally {
            Files.deleteIfExists(young);
        }
    }

    private static Set<Path> artioDirectories() throws IOException {
        try (Stream<Path> all = Files.list(Path.of(CommonConfiguration.optimalTmpDirName()))) {
            return all.filter(p -> p.getFileName().toString().startsWith("wirebench-artio-")).collect(Collectors.toSet());
        }
    }

    @Test
    void shouldKeepItsNameWhenSpinningAndSayHowEachWaits() {
        Map<String, String> blocking = new ArtioEngine().settings();
        Map<String, String> spinning = new ArtioEngine(true).settings();
        assertEquals("artio", new ArtioEngine().name());
        assertEquals("artio", new ArtioEngine(true).name());
        assertTrue(blocking.get("idle").contains("BackoffIdleStrategy"), blocking.toString());
        assertTrue(spinning.get("idle").contains("BusySpinIdleStrategy"), spinning.toString());
        assertTrue(blocking.get("threading").contains("LowResourceEngineScheduler"), blocking.toString());
        assertTrue(spinning.get("threading").contains("LockStepFramerEngineScheduler"), spinning.toString());
        assertTrue(blocking.get("store").contains("no message log"), blocking.toString());
    }

    /** The fields from after SendingTime(52) to before CheckSum(10), separated by '|'. */
    private static String body(String message) {
        int start = message.indexOf(SOH, message.indexOf(SOH + "52=") + 1) + 1;
        return message.substring(start, message.lastIndexOf("10=")).replace(SOH, "|");
    }

    private static void assertFramed(String message) {
        assertTrue(message.startsWith("8=FIX.4.4" + SOH + "9="), message);
        int trailer = message.lastIndexOf(SOH + "10=") + 1;
        int bodyStart = message.indexOf(SOH, message.indexOf(SOH + "9=") + 1) + 1;
        assertEquals(Integer.parseInt(FixWire.field(message, 9)), trailer - bodyStart, message);
        assertEquals(FixWire.checkSum(message.substring(0, trailer)), FixWire.field(message, 10), message);
        assertTrue(message.endsWith(SOH), message);
    }

    /** A plain socket, as a third-party initiator would be, logged on as WBCLIENT. */
    private static Socket logOn(FixServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(server.address(), 5000);
        socket.getOutputStream().write(FixWire.logon());
        String answer = readUntil(socket, "35=A" + SOH);
        assertTrue(answer.contains(SOH + "35=A" + SOH), answer);
        return socket;
    }

    /** What arrives until it contains {@code end} ("&lt;EOF&gt;": until closed), or 10 s have passed. */
    private static String readUntil(Socket socket, String end) throws IOException {
        return FixWire.readUntil(socket, end, java.time.Duration.ofSeconds(10));
    }
}
