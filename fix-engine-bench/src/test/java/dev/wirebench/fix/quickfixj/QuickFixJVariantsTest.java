package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.GarbledOrders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the QuickFIX/J engines do beyond the shared contract: their names, settings, files and limits. */
class QuickFixJVariantsTest {

    private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);
    private static final Duration LOGON_TIMEOUT = Duration.ofSeconds(5);

    @Test
    void shouldListTheSixEnginesInReportOrderAndFindEachByName() {
        assertEquals(List.of("quickfixj", "quickfixj-tuned", "quickfixj-tuned+filestore", "quickfixj-tuned+filelog",
                "quickfixj-tuned+validation", "quickfixj-tuned-nochecksum"), QuickFixJEngine.NAMES);
        for (String name : QuickFixJEngine.NAMES) {
            assertEquals(name, QuickFixJEngine.named(name).orElseThrow().name());
        }
        assertTrue(QuickFixJEngine.named("quickfix").isEmpty());
    }

    @Test
    void shouldReportTheTypicalSetupForTheDefaultAndNoneOfItWhenTuned() {
        Map<String, String> typical = QuickFixJEngine.named("quickfixj").orElseThrow().settings();
        assertTrue(typical.get("store").startsWith("file"), typical.toString());
        assertTrue(typical.get("log").startsWith("file"), typical.toString());
        assertTrue(typical.get("validation").startsWith("on (FIX44.xml"), typical.toString());
        assertTrue(typical.get("TCP_NODELAY").contains("default"), typical.toString());

        Map<String, String> tuned = QuickFixJEngine.named("quickfixj-tuned").orElseThrow().settings();
        assertTrue(tuned.get("store").startsWith("none"), tuned.toString());
        assertEquals("none", tuned.get("log"));
        assertTrue(tuned.get("validation").startsWith("garbled messages only (FIX44.xml"), tuned.toString());
        assertTrue(tuned.get("validates").startsWith("CheckSum"), tuned.toString());
        assertEquals("true (SocketTcpNoDelay=Y)", tuned.get("TCP_NODELAY"));
        assertTrue(tuned.get("threading").contains("QFJ Message Processor"), tuned.toString());
    }

    @Test
    void shouldPutBackExactlyOneDefaultInEachAblation() {
        Map<String, String> tuned = QuickFixJEngine.named("quickfixj-tuned").orElseThrow().settings();
        Map<String, String> typical = QuickFixJEngine.named("quickfixj").orElseThrow().settings();
        Map<String, String> putBack = Map.of("quickfixj-tuned+filestore", "store", "quickfixj-tuned+filelog", "log",
                "quickfixj-tuned+validation", "validation");
        putBack.forEach((name, key) -> {
            Map<String, String> ablation = QuickFixJEngine.named(name).orElseThrow().settings();
            // what a message is checked for follows from the validation setting, and from nothing else
            Set<String> expected = key.equals("validation") ? Set.of("validation", "validates") : Set.of(key);
            assertEquals(expected, differing(tuned, ablation), name);
            assertEquals(typical.get(key), ablation.get(key), name);
        });
    }

    @Test
    void shouldTakeOnlyTheDataDictionaryAwayInTheVariantWithoutCheckSumAndSaySo() {
        Map<String, String> tuned = QuickFixJEngine.named("quickfixj-tuned").orElseThrow().settings();
        Map<String, String> unchecked = QuickFixJEngine.named("quickfixj-tuned-nochecksum").orElseThrow().settings();
        assertEquals(Set.of("validation", "validates"), differing(tuned, unchecked));
        assertTrue(unchecked.get("validation").startsWith("off (UseDataDictionary=N"), unchecked.toString());
        assertTrue(unchecked.get("validates").contains("wrong CheckSum is executed"), unchecked.toString());
        // no other variant may say so
        for (String name : checkingVariants()) {
            String validates = QuickFixJEngine.named(name).orElseThrow().settings().get("validates");
            assertTrue(validates.startsWith("CheckSum"), name + ": " + validates);
        }
    }

    private static Set<String> differing(Map<String, String> one, Map<String, String> other) {
        assertEquals(one.keySet(), other.keySet());
        return other.keySet().stream().filter(k -> !other.get(k).equals(one.get(k))).collect(Collectors.toSet());
    }

    @Test
    @Timeout(60)
    void shouldAnswerOrdersInEveryAblationAndWithoutCheckSum() throws Exception {
        for (String name : List.of("quickfixj-tuned+filestore", "quickfixj-tuned+filelog", "quickfixj-tuned+validation",
                "quickfixj-tuned-nochecksum")) {
            QuickFixJEngine engine = QuickFixJEngine.named(name).orElseThrow();
            Reports reports = new Reports(20);
            try (FixServer server = engine.startServer(ANY_PORT);
                 FixClient client = engine.connect(server.address(), LOGON_TIMEOUT, reports)) {
                reports.runClosedLoop(client);
                assertTrue(reports.awaitFills(20), name + ": fills " + reports.fills.size());
            }
            List<Long> stamps = LongStream.range(0, 20).boxed().toList();
            assertEquals(stamps, reports.fills, name);
            assertEquals(stamps, reports.acks, name);
            assertEquals(List.of(), reports.disconnects, name);
        }
    }

    /** Every variant but the one named for not checking: the tuned ones included, whatever else they turn off. */
    static List<String> checkingVariants() {
        return QuickFixJEngine.NAMES.stream().filter(name -> !name.equals("quickfixj-tuned-nochecksum")).toList();
    }

    @ParameterizedTest
    @MethodSource("checkingVariants")
    @Timeout(60)
    void shouldExecuteNoOrderWithAWrongCheckSumOrBodyLengthInAnyVariant(String name) throws Exception {
        QuickFixJEngine engine = QuickFixJEngine.named(name).orElseThrow();
        try (FixServer server = engine.startServer(ANY_PORT)) {
            GarbledOrders.assertIgnored(server, "a wrong CheckSum", GarbledOrders.wrongCheckSum(2, 100), 100);
            GarbledOrders.assertIgnored(server, "a wrong BodyLength", GarbledOrders.wrongBodyLength(2, 200), 200);
            GarbledOrders.assertIgnored(server, "a wrong CheckSum and a repeated tag",
                    GarbledOrders.wrongCheckSumAndARepeatedTag(2, 300), 300);
        }
    }

    @Test
    @Timeout(60)
    void shouldExecuteAWrongCheckSumButNoWrongBodyLengthWithoutTheDataDictionary() throws Exception {
        // what every tuned variant did before it kept the dictionary; if QuickFIX/J ever checked the CheckSum
        // without one, this variant's name and settings would be wrong and this test says so
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned-nochecksum").orElseThrow();
        try (FixServer server = engine.startServer(ANY_PORT)) {
            GarbledOrders.assertExecuted(server, "a wrong CheckSum", GarbledOrders.wrongCheckSum(2, 100), 100);
            GarbledOrders.assertIgnored(server, "a wrong BodyLength", GarbledOrders.wrongBodyLength(2, 200), 200);
        }
    }

    @Test
    @Timeout(60)
    void shouldWriteTheStoreAndMessageLogInATempDirectoryAndDeleteItOnClose() throws Exception {
        // the directories this JVM made: other JVMs (tests of other modules, other checkouts) make theirs in the same
        // temp directory
        int before = ScratchDirectory.made().size();
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj").orElseThrow();
        Reports reports = new Reports(5);
        try (FixServer server = engine.startServer(ANY_PORT);
             FixClient client = engine.connect(server.address(), LOGON_TIMEOUT, reports)) {
            reports.runClosedLoop(client);
            assertTrue(reports.awaitFills(20));
            List<Path> created = ScratchDirectory.made().subList(before, ScratchDirectory.made().size());
            assertEquals(2, created.size(), "one directory for the server, one for the client: " + created);
            for (Path dir : created) {
                assertTrue(Files.isDirectory(dir.resolve("store")), dir + " has no store");
                assertTrue(Files.isDirectory(dir.resolve("log")), dir + " has no log");
            }
        }
        for (Path dir : ScratchDirectory.made().subList(before, before + 2)) {
            assertFalse(Files.exists(dir), dir + " outlived the engine");
        }
    }

    @Test
    @Timeout(60)
    void shouldWriteNoFilesWhenTuned() throws Exception {
        // counted in this JVM: other JVMs (tests of other modules, other checkouts) make theirs in the same temp directory
        int before = ScratchDirectory.made().size();
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
        Reports reports = new Reports(5);
        try (FixServer server = engine.startServer(ANY_PORT);
             FixClient client = engine.connect(server.address(), LOGON_TIMEOUT, reports)) {
            reports.runClosedLoop(client);
            assertTrue(reports.awaitFills(20));
            assertEquals(before, ScratchDirectory.made().size(), "the tuned engine made a scratch directory");
        }
    }

    @Test
    @Timeout(60)
    void shouldCloseAConnectionWhoseBodyNeverEndsOnceItPassesTheCap() throws Exception {
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
        try (FixServer server = engine.startServer(ANY_PORT);
             Socket socket = new Socket()) {
            socket.connect(server.address(), 5000);
            OutputStream out = socket.getOutputStream();
            out.write("8=FIX.4.4\u00019=2000000000\u000135=D\u0001".getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) 'x');
            // 64 MiB is far over the 1 MiB cap and the loopback socket buffers: the server must cut it short
            IOException cut = assertThrows(IOException.class, () -> {
                for (int i = 0; i < 1024; i++) {
                    out.write(chunk);
                }
            });
            assertFalse(cut.getMessage() == null, "the write failed without saying why");
        }
    }

    @Test
    @Timeout(60)
    void shouldRefuseASecondConnectionForTheSameSessionAndKeepTheFirst() throws Exception {
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
        Reports first = new Reports(10);
        try (FixServer server = engine.startServer(ANY_PORT);
             FixClient client = engine.connect(server.address(), LOGON_TIMEOUT, first)) {
            IOException second = assertThrows(IOException.class,
                    () -> engine.connect(server.address(), Duration.ofSeconds(2), new Reports(1)).close());
            assertTrue(second.getMessage().contains("no Logon answer"), second.getMessage());
            first.runClosedLoop(client);
            assertTrue(first.awaitFills(20), "fills on the first session: " + first.fills.size());
            assertEquals(List.of(), first.disconnects);
            assertEquals(1, server.sessionsAccepted());
        }
    }

    @Test
    @Timeout(60)
    void shouldTellTheListenerWhenTheServerGoesAwayAndRefuseLaterOrders() throws Exception {
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
        Reports reports = new Reports(1);
        FixServer server = engine.startServer(ANY_PORT);
        try (FixClient client = engine.connect(server.address(), LOGON_TIMEOUT, reports)) {
            server.close();
            assertTrue(reports.disconnected.await(20, java.util.concurrent.TimeUnit.SECONDS), "no onDisconnect");
            assertTrue(reports.disconnects.get(0).contains("without the client closing it"), reports.disconnects.toString());
            assertThrows(IOException.class, () -> client.sendOrder(1));
        } finally {
            server.close();
        }
    }

    @Test
    @Timeout(20)
    void shouldFailAtOnceWhenRefusedRatherThanWaitForTheLogonTimeout() throws Exception {
        InetSocketAddress nobody;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            nobody = new InetSocketAddress("127.0.0.1", probe.getLocalPort());
        }
        QuickFixJEngine engine = QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
        // a logon timeout longer than the test's: only an early answer passes
        IOException e = assertThrows(IOException.class,
                () -> engine.connect(nobody, Duration.ofSeconds(60), new Reports(1)).close());
        assertEquals("nothing listening on 127.0.0.1:" + nobody.getPort() + " (connection refused): start the server first",
                e.getMessage());
    }
}
