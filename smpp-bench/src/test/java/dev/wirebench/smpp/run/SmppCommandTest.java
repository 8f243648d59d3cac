package dev.wirebench.smpp.run;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code smpp} end to end: the SMSC in a JVM of its own or in another process, the run folder, the errors a user meets. */
class SmppCommandTest {

    @TempDir
    Path dir;

    private record Ran(int status, String out, String err) {
    }

    private static Ran smpp(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = SmppCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path onlyRunFolder(Path results) throws IOException {
        try (Stream<Path> folders = Files.list(results)) {
            List<Path> all = folders.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /** The row of {@code window} in summary.md's table: its cells. */
    private static String[] row(String summary, int window) {
        return row(summary, Integer.toString(window));
    }

    /** The row whose first cells match {@code firstCells} (a regex): the cells after them. */
    private static String[] row(String summary, String firstCells) {
        Matcher m = Pattern.compile("(?m)^\\| " + firstCells + " \\|(.*)\\|$").matcher(summary);
        assertTrue(m.find(), "no row for " + firstCells + " in\n" + summary);
        return m.group(1).split("\\|");
    }

    @Test
    @Timeout(120)
    void sweepsTheWindowsInRoundsAgainstAFreshSmscEachAndFilesTableHistogramsResultsAndPlot() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = smpp("--window-sweep", "1,16", "--sessions", "2", "--warmup", "300ms", "--duration", "500ms",
                "--repeats", "2", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        assertTrue(Pattern.compile("\\[1/4\\] window (1|16), 2 sessions, round 1/2").matcher(ran.out()).find(), ran.out());
        assertTrue(Pattern.compile("\\[4/4\\] window (1|16), 2 sessions, round 2/2").matcher(ran.out()).find(), ran.out());
        assertTrue(ran.out().contains("JVM of its own on 127.0.0.1, a fresh one each round"), ran.out());
        Path folder = onlyRunFolder(results);
        String summary = Files.readString(folder.resolve("summary.md"));
        for (int window : new int[] {1, 16}) {
            String[] cells = row(summary, window);
            assertEquals("2", cells[0].trim(), "sessions of window " + window);
            long submits = Long.parseLong(cells[1].trim());
            assertTrue(submits > 50, "window " + window + " made " + submits + " submits in 2 × 0.5 s");
            assertEquals("0", cells[9].trim(), "timeouts of window " + window);
            assertEquals("0", cells[10].trim(), "errors of window " + window);
            String hgrm = Files.readString(folder.resolve("window-" + window + ".hgrm"));
            assertTrue(Pattern.compile("Total count += +" + submits + "]").matcher(hgrm).find(), hgrm);
        }
        assertEquals("1.00", row(summary, 1)[3].trim());
        assertTrue(summary.contains("- JDK: "), summary);
        assertTrue(summary.contains("![Throughput and latency against window](smpp-sweep.png)"), summary);
        BufferedImage png = ImageIO.read(folder.resolve("smpp-sweep.png").toFile());
        assertEquals(1000, png.getWidth());
        assertEquals(840, png.getHeight());
        assertTrue(Files.isRegularFile(folder.resolve("env.json")));
        RunResults model = ResultsFile.read(folder);
        assertEquals("smpp", model.suite());
        for (String window : List.of("1", "16")) {
            for (String metric : List.of("submit_sm p50", "submit_sm p99", "submit_sm/s")) {
                Measure m = model.measures().stream().filter(x -> x.dims().get("window").equals(window)
                        && x.metric().equals(metric)).findFirst().orElseThrow(() -> new AssertionError(window + " " + metric));
                assertEquals(2, m.samples().size(), "one sample per repeat: " + m);
                assertEquals("2", m.dims().get("sessions"));
            }
        }
    }

    @Test
    @Timeout(120)
    void receiptsAreSentByTheSmscAnsweredAndCounted() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = smpp("--window-sweep", "8", "--sessions", "2", "--receipts", "--warmup", "300ms", "--duration", "500ms",
                "--repeats", "1", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        assertTrue(ran.out().contains("blocking, delivery receipts"), ran.out());
        String[] cells = row(Files.readString(onlyRunFolder(results).resolve("summary.md")), 8);
        long submits = Long.parseLong(cells[1].trim());
        long receipts = Long.parseLong(cells[11].trim());
        // every submit_sm asks for one: the measured submits are a part of the whole run's, less those in flight at the end
        assertTrue(receipts >= submits - 2 * 8, submits + " submits, " + receipts + " receipts");
    }

    @Test
    @Timeout(120)
    void spinningLoopsOnBothSidesStillAnswerEverySubmit() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = smpp("--window-sweep", "4", "--sessions", "1", "--spin", "--warmup", "1s", "--duration", "1s",
                "--repeats", "1", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        assertTrue(ran.out().contains("1 session, spinning"), ran.out());
        String[] cells = row(Files.readString(onlyRunFolder(results).resolve("summary.md")), 4);
        // how many depends on what else the two cores run; that none is lost or late past the timeout does not
        assertTrue(Long.parseLong(cells[1].trim()) > 0, String.join("|", cells));
        assertEquals("0", cells[9].trim(), "timeouts");
        assertEquals("0", cells[10].trim(), "errors");
    }

    @Test
    @Timeout(120)
    void bothSmscReadersAreCasesOfOneTableWithTheirRatio() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = smpp("--window-sweep", "16", "--sessions", "1", "--smsc-reader", "flyweight,decode", "--warmup", "300ms",
                "--duration", "500ms", "--repeats", "2", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        assertTrue(ran.out().contains("window 16, 1 session, SMSC by decode, round 2/2"), ran.out());
        Path folder = onlyRunFolder(results);
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("| × decode |"), summary);
        for (String reader : List.of("flyweight", "decode")) {
            String[] cells = row(summary, 16 + " \\| 1 \\| " + reader);
            assertTrue(Long.parseLong(cells[0].trim()) > 0, reader + ": " + String.join("|", cells));
            assertTrue(Files.exists(folder.resolve("window-16-" + reader + ".hgrm")), reader);
            assertTrue(Files.exists(folder.resolve("window-16-" + reader + "-round2.hlog")), reader);
        }
        assertEquals("1.00", row(summary, 16 + " \\| 1 \\| decode")[3].trim(), "decode over itself");
    }

    @Test
    @Timeout(120)
    void aClientMeasuresAgainstAServerRunningInAnotherProcess() throws Exception {
        try (ServerProcess server = ServerProcess.start("smpp --role server", SmppCommand.class,
                List.of("--role", "server", "--port", "0", ServerProcess.UNTIL_INPUT_ENDS))) {
            assertTrue(server.output().contains("system_id wirebench"), server.output());
            Path results = dir.resolve("results");
            Ran ran = smpp("--role", "client", "--host", "127.0.0.1", "--port", Integer.toString(server.address().getPort()),
                    "--window-sweep", "4", "--sessions", "1", "--warmup", "200ms", "--duration", "500ms", "--repeats", "1",
                    "--results-dir", results.toString());
            assertEquals(0, ran.status(), ran.out() + ran.err());
            String summary = Files.readString(onlyRunFolder(results).resolve("summary.md"));
            assertTrue(Long.parseLong(row(summary, 4)[1].trim()) > 0, summary);
            assertTrue(summary.contains("the SMSC at 127.0.0.1:" + server.address().getPort()), summary);
        }
    }

    @Test
    @Timeout(60)
    void aRefusedConnectionIsOneLineAndExitOne() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        }
        Ran ran = smpp("--role", "client", "--host", "127.0.0.1", "--port", Integer.toString(port), "--window-sweep", "1",
                "--duration", "1s", "--repeats", "1", "--results-dir", dir.resolve("r").toString());
        assertEquals(1, ran.status());
        assertEquals("wirebench smpp: window 1, 4 sessions failed: cannot connect to 127.0.0.1:" + port
                + ": connection refused; is an SMSC listening there?\n", ran.err());
        String summary = Files.readString(onlyRunFolder(dir.resolve("r")).resolve("summary.md"));
        assertTrue(summary.contains("## Failed\n\n- window 1, 4 sessions: cannot connect"), summary);
    }

    @Test
    @Timeout(60)
    void aPortInUseIsOneLineAndExitOne() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Ran ran = smpp("--role", "server", "--port", Integer.toString(taken.getLocalPort()));
            assertEquals(1, ran.status());
            assertTrue(ran.err().startsWith("wirebench smpp: SMSC cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": "),
                    ran.err());
            assertTrue(ran.err().endsWith("; stop whatever holds that port or choose another (port 0 picks a free one)\n"),
                    ran.err());
            assertEquals(1, ran.err().lines().count(), ran.err());
        }
    }

    @Test
    @Timeout(60)
    void anAddressNotOfThisMachineIsOneLineThatSaysSoAndExitOne() {
        // 192.0.2.1 is TEST-NET-1: never a local address
        Ran ran = smpp("--role", "server", "--bind", "192.0.2.1", "--port", "0");
        assertEquals(1, ran.status());
        assertTrue(ran.err().startsWith("wirebench smpp: SMSC cannot listen on 192.0.2.1:0: "), ran.err());
        assertTrue(ran.err().endsWith("; is 192.0.2.1 an address of this machine? (127.0.0.1 listens on this machine only)\n"),
                ran.err());
        assertEquals(1, ran.err().lines().count(), ran.err());
    }

    @Test
    void aBadOptionIsOneLineAndExitOneAndHelpListsTheOptions() {
        Ran bad = smpp("--window-sweep", "x");
        assertEquals(1, bad.status());
        assertEquals("wirebench smpp: --window-sweep takes windows from 1 to 65535, comma-separated (1,8,64,512), not 'x'\n",
                bad.err());
        Ran help = smpp("-h");
        assertEquals(0, help.status());
        for (String option : List.of("--window-sweep", "--sessions", "--duration", "--warmup", "--quick", "--role", "--bind",
                "--host", "--port", "--results-dir")) {
            assertTrue(help.out().contains(option), option);
        }
        assertFalse(help.out().contains(ServerProcess.UNTIL_INPUT_ENDS));
    }

    @Test
    @Timeout(120)
    void soaksTheSmscAtTheRateGivenAndSamplesItsJvmIntoTheRunFolder() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = smpp("--soak", "3s", "--sample-every", "1s", "--rate", "2000", "--window-sweep", "8", "--warmup", "1s",
                "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path folder = onlyRunFolder(results);
        List<String> samples = Files.readAllLines(folder.resolve("soak-samples.csv"));
        assertEquals(dev.wirebench.harness.soak.ResourceSampler.HEADER, samples.get(0));
        assertTrue(samples.size() >= 4, samples.toString());
        for (String sample : samples.subList(1, samples.size())) {
            String[] cells = sample.split(",");
            // the SMSC JVM answered: its heap after GC (collected if it had not), Java threads, RSS and OS threads
            assertTrue(Long.parseLong(cells[1]) > 0 && Long.parseLong(cells[5]) > 0, sample);
            assertTrue(Long.parseLong(cells[6]) > 0 && Long.parseLong(cells[7]) > 0, sample);
        }
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("## Soak: the SMSC JVM's resources and the client's"), summary);
        assertTrue(summary.contains("- Soak rate: given with --rate"), summary);
        assertTrue(summary.contains("| server | heap after GC (MB) |"), summary);
        // the soak is the run's one measurement: every slot of its 3 s is a submit_sm
        assertEquals("6000", row(summary, 8)[1].trim(), summary);
        assertTrue(Files.exists(folder.resolve("window-8-flyweight-2000-round1.hlog")));
        assertTrue(ran.out().contains("Soaking the SMSC at 2000 submit_sm/s (given with --rate)"), ran.out());
    }
}
