package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fix} end to end: server JVMs on loopback, the run folder, history and its analysis. */
class FixCommandTest {

    @TempDir
    Path dir;

    private record Ran(int status, String out, String err) {
    }

    private static Ran fix(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = FixCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path onlyRunFolder(Path results) throws IOException {
        try (Stream<Path> folders = Files.list(results)) {
            List<Path> all = folders.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    @Test
    @Timeout(300)
    void shouldRunEveryDefaultEngineInRoundsAndFileTablesHistogramsResultsAndAPlot() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = fix("--warmup", "1s", "--duration", "1s", "--repeats", "2", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path folder = onlyRunFolder(results);
        String summary = Files.readString(folder.resolve("summary.md"));
        RunResults model = ResultsFile.read(folder);
        for (String engine : FixEngines.DEFAULTS) {
            assertTrue(Files.size(folder.resolve(engine + "-fill.hgrm")) > 0, engine);
            assertTrue(Files.size(folder.resolve(engine + "-ack.hgrm")) > 0, engine);
            assertTrue(summary.contains("\n| " + engine + " | "), engine + " row missing:\n" + summary);
            assertTrue(summary.contains("\n- " + engine + "\n  - "), engine + " settings missing");
            long fills = histogram(model, engine, "fill").getTotalCount();
            assertTrue(fills > 0, engine);
            assertEquals(fills, histogram(model, engine, "ack").getTotalCount(), "an ack for every fill: " + engine);
            assertTrue(measure(model, engine, "fill p50").estimate().median() >= measure(model, engine, "ack p50").estimate().median(),
                    "the fill comes after the ack: " + engine);
        }
        // raw's own p50 over itself is 1
        assertTrue(summary.contains("\n| raw | "), summary);
        byte[] png = Files.readAllBytes(folder.resolve(FixReport.PLOT));
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        assertTrue(summary.contains("](" + FixReport.PLOT + ")"));
        assertTrue(ran.out().contains("[" + 2 * FixEngines.DEFAULTS.size() + "/" + 2 * FixEngines.DEFAULTS.size() + "] "), ran.out());
        assertTrue(ran.out().contains(", round 2/2 ("), ran.out());
        // results.json: each repeat's percentiles are a measure's samples, the merged histogram is kept whole
        assertEquals("fix", model.suite());
        for (String engine : FixEngines.DEFAULTS) {
            for (String metric : List.of("fill p50", "fill p99", "ack p50", "ack p99.9", "orders/s", "GCs")) {
                Measure m = measure(model, engine, metric);
                if (m.samples().size() != 2) {
                    // a repeat with nothing answered in its measured second (a loaded machine can stall that long)
                    // has no percentiles: it is left out, and the summary must say so
                    assertTrue(markedAsStalled(summary, engine), m + " lacks a repeat the summary does not mark");
                }
                assertEquals(Sample.REPEAT, m.sample());
            }
        }
    }

    @Test
    @Timeout(120)
    void shouldPutBlockingAndSpinningInOneTableEachAgainstRawWaitingTheSameWay() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = fix("--engines", "raw,philadelphia", "--idle", "block,spin", "--repeats", "1", "--warmup", "500ms",
                "--duration", "1s", "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path folder = onlyRunFolder(results);
        RunResults model = ResultsFile.read(folder);
        String summary = Files.readString(folder.resolve("summary.md"));
        for (String engine : List.of("raw", "philadelphia")) {
            // each case has its histogram, unless its one repeat answered nothing and the summary says so
            if (!markedAsStalled(summary, engine)) {
                assertTrue(histogram(model, engine, "fill").getTotalCount() > 0, engine);
            }
            if (!markedAsStalled(summary, engine + ", spinning")) {
                assertTrue(histogram(model, Map.of("engine", engine, "idle", "spin"), "fill").getTotalCount() > 0, engine);
                assertTrue(Files.exists(folder.resolve(engine + "-spin-fill.hgrm")), engine);
            }
        }
        // raw spinning is its own baseline: 1.00, as raw blocking is
        assertTrue(summary.contains("\n| raw | spin | "), summary);
        assertTrue(summary.contains("- philadelphia, spinning\n  - "), "the spinning engine's settings");
        assertTrue(summary.contains("idle: busy-spin"), summary);
    }

    @Test
    @Timeout(120)
    void shouldKeepWhatWasMeasuredAndSayWhenTheServerDiedMidRun() throws Exception {
        Path results = dir.resolve("results");
        dev.wirebench.fix.engine.FixServer server = new dev.wirebench.fix.raw.RawEngine()
                .startServer(new java.net.InetSocketAddress("127.0.0.1", 0));
        java.util.concurrent.CompletableFuture<Ran> running = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                fix("--role", "client", "--engines", "raw", "--host", "127.0.0.1", "--port",
                        Integer.toString(server.address().getPort()), "--warmup", "500ms", "--duration", "20s",
                        "--interval", "200ms", "--repeats", "1", "--results-dir", results.toString()));
        try {
            // the interval log gets its first window 200 ms into the measured time: orders have been measured
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (!hasAWindow(results) && System.nanoTime() - deadline < 0 && !running.isDone()) {
                java.util.concurrent.locks.LockSupport.parkNanos(20_000_000);
            }
        } finally {
            server.close();
        }
        Ran ran = running.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(1, ran.status(), ran.out() + ran.err());
        assertTrue(ran.err().startsWith("wirebench fix: raw failed: the session closed: ") && ran.err().contains(
                "s into the measured time)"), ran.err());
        Path folder = onlyRunFolder(results);
        assertTrue(histogram(ResultsFile.read(folder), "raw", "fill").getTotalCount() > 0, "what was measured is kept");
        assertTrue(Files.readString(folder.resolve("summary.md")).contains("ended early: the session closed"));
    }

    /** Whether a run folder under {@code results} has an interval log with a window in it. */
    private static boolean hasAWindow(Path results) {
        try (Stream<Path> files = Files.walk(results)) {
            return files.filter(f -> f.toString().endsWith(".hlog")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("Tag=fill");
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /** Whether the summary's marks name {@code label} (an engine, or "raw, spinning") with windows that had nothing. */
    static boolean markedAsStalled(String summary, String label) {
        // the line "- Marked: raw: 5 window(s) of 200 ms with nothing completed (a stall) / philadelphia: ..."
        return summary.lines().filter(line -> line.startsWith("- Marked: "))
                .flatMap(line -> java.util.Arrays.stream(line.substring("- Marked: ".length()).split(" / ")))
                .anyMatch(mark -> mark.startsWith(label + ": ") && mark.contains("with nothing completed (a stall)"));
    }

    static Measure measure(RunResults model, String engine, String metric) {
        return model.measures().stream().filter(x -> x.dims().equals(Map.of("engine", engine)) && x.metric().equals(metric))
                .findFirst().orElseThrow(() -> new AssertionError(engine + " " + metric));
    }

    static org.HdrHistogram.Histogram histogram(RunResults model, String engine, String name) {
        return histogram(model, Map.of("engine", engine), name);
    }

    static org.HdrHistogram.Histogram histogram(RunResults model, Map<String, String> dims, String name) {
        return model.histograms().stream().filter(h -> h.dims().equals(dims) && h.name().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError(dims + " " + name)).histogram();
    }

    @Test
    @Timeout(120)
    void shouldHoldAFixedRateInOpenLoopAndTimeEveryOrderFromItsSlot() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = fix("--engines", "raw,philadelphia", "--rate", "2000", "--repeats", "1", "--warmup", "1s", "--duration", "2s",
                "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path folder = onlyRunFolder(results);
        RunResults model = ResultsFile.read(folder);
        String summary = Files.readString(folder.resolve("summary.md"));
        for (String engine : List.of("raw", "philadelphia")) {
            Map<String, String> dims = Map.of("engine", engine, "rate", "2000");
            // every slot of the 2 s window is an order, answered or the run would have failed
            assertEquals(4000, model.histograms().stream().filter(h -> h.dims().equals(dims) && h.name().equals("fill"))
                    .findFirst().orElseThrow().histogram().getTotalCount(), engine);
            assertEquals(4000, model.histograms().stream().filter(h -> h.dims().equals(dims) && h.name().equals("sender lag"))
                    .findFirst().orElseThrow().histogram().getTotalCount(), engine);
            // the rate is held, or the summary says it was not: a loaded machine may fall behind, never silently
            double achieved = model.measures().stream().filter(m -> m.dims().equals(dims) && m.metric().equals("orders/s"))
                    .findFirst().orElseThrow().estimate().median();
            assertTrue(achieved >= 1900 || summary.contains(String.format(Locale.ROOT, "rate not held, %.0f/s achieved",
                    achieved)), engine + " at " + achieved + "/s: " + summary);
        }
        assertTrue(ran.out().contains("fixed rate 2000/s"), ran.out());
    }

    @Test
    @Timeout(120)
    void shouldWriteAHistoryThatAnalyseTurnsBackIntoTheSameTable() throws Exception {
        Path results = dir.resolve("results");
        Path history = dir.resolve("history.log");
        Ran ran = fix("--engines", "philadelphia", "--warmup", "1s", "--duration", "2s", "--history", history.toString(),
                "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path file = dir.resolve("history-philadelphia.log");
        assertTrue(Files.size(file) > 0);
        // the run's own recording of the fills, as results.json keeps it, in analyse's table
        org.HdrHistogram.Histogram fills = histogram(ResultsFile.read(onlyRunFolder(results)), "philadelphia", "fill");
        String runRow = row(new dev.wirebench.harness.PercentileTable(java.util.concurrent.TimeUnit.MICROSECONDS)
                .add("philadelphia", fills).toMarkdown(), "philadelphia");

        Ran analysed = fix("analyse", file.toString(), "--warmup", "1s", "--results-dir", dir.resolve("analysis").toString());
        assertEquals(0, analysed.status(), analysed.out() + analysed.err());
        // count, min, mean, p50 ... p99.99, max, stddev: the same recordings give the same cells
        List<String> expected = percentileCells(runRow);
        assertTrue(analysed.out().lines().map(line -> List.of(line.trim().split("\\s+")))
                        .anyMatch(tokens -> tokens.size() > expected.size()
                                && tokens.subList(tokens.size() - expected.size(), tokens.size()).equals(expected)),
                "run row " + expected + " not in:\n" + analysed.out());
    }

    /** The 10 cells from Count to Stddev of a markdown row of the run's table. */
    private static List<String> percentileCells(String markdownRow) {
        List<String> cells = List.of(markdownRow.split("\\|")).stream().map(String::trim).filter(c -> !c.isEmpty()).toList();
        return cells.subList(1, 11);
    }

    private static String row(String markdown, String name) {
        return markdown.lines().filter(l -> l.startsWith("| " + name + " | ")).findFirst().orElseThrow(
                () -> new AssertionError("no row " + name + " in\n" + markdown));
    }

    @Test
    @Timeout(60)
    void shouldSayInOneLineWhenTheServerPortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            Ran ran = fix("--role", "server", "--engines", "raw", "--port", Integer.toString(taken.getLocalPort()));
            assertEquals(1, ran.status());
            assertEquals(1, ran.err().lines().count(), ran.err());
            assertTrue(ran.err().contains(Integer.toString(taken.getLocalPort())), ran.err());
        }
    }

    @Test
    @Timeout(60)
    void shouldSayWhichEngineFailedWhenNoServerAnswersAndExitNonZero() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        Ran ran = fix("--role", "client", "--engines", "philadelphia", "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--warmup", "0s", "--duration", "1s", "--results-dir", dir.toString());
        assertEquals(1, ran.status());
        assertEquals(1, ran.err().lines().count(), "the later rounds of a failed engine are skipped: " + ran.err());
        assertTrue(ran.err().startsWith("wirebench fix: philadelphia failed in round 1: "), ran.err());
        assertTrue(ran.err().contains("its later rounds are skipped"), ran.err());
        assertTrue(ran.err().contains(Integer.toString(port)), ran.err());
        assertTrue(Files.readString(onlyRunFolder(dir).resolve("summary.md")).contains("## Failed\n\n- philadelphia: round 1: "));
    }

    @Test
    @Timeout(120)
    void shouldSoakTheServerAtTheRateGivenAndSampleItsJvmIntoTheRunFolder() throws Exception {
        Path results = dir.resolve("results");
        Ran ran = fix("--engines", "raw", "--soak", "3s", "--sample-every", "1s", "--rate", "500", "--warmup", "1s",
                "--results-dir", results.toString());
        assertEquals(0, ran.status(), ran.out() + ran.err());
        Path folder = onlyRunFolder(results);
        List<String> samples = Files.readAllLines(folder.resolve("soak-samples.csv"));
        assertEquals(dev.wirebench.harness.soak.ResourceSampler.HEADER, samples.get(0));
        // at 0, 1, 2 (and perhaps 3) s of the measured time
        assertTrue(samples.size() >= 4, samples.toString());
        for (String sample : samples.subList(1, samples.size())) {
            String[] cells = sample.split(",");
            // the server's Java threads, RSS and OS threads: read from the server JVM, which has some of each
            assertTrue(Long.parseLong(cells[4]) > 0, sample);
            assertTrue(Long.parseLong(cells[5]) > 0 && Long.parseLong(cells[6]) > 0, sample);
        }
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("## Soak: the server JVM's resources and the client's"), summary);
        assertTrue(summary.contains("- Soak rate: given with --rate"), summary);
        assertTrue(summary.contains("| server | RSS (MB) |"), summary);
        RunResults model = ResultsFile.read(folder);
        // the soak is the run's one measurement: every slot of its 3 s is an order
        assertEquals(1500, model.histograms().stream().filter(h -> h.name().equals("fill")).mapToLong(
                h -> h.histogram().getTotalCount()).sum());
        assertTrue(ran.out().contains("Soaking raw at 500/s (given with --rate)"), ran.out());
        assertTrue(ran.out().contains("Goal met") || ran.out().contains("Goal missed"), ran.out());
    }

    @Test
    void shouldRefuseBadOptionsInOneLineWithoutAFolder() {
        Ran ran = fix("--engines", "ideafix", "--results-dir", dir.toString());
        assertEquals(1, ran.status());
        assertTrue(ran.err().startsWith("wirebench fix: unknown engine 'ideafix'; known: raw, "), ran.err());
        assertEquals(1, ran.err().lines().count());
        assertTrue(dir.toFile().list().length == 0);
    }

    @Test
    void shouldPrintUsageWithEveryEngineName() {
        Ran ran = fix("-h");
        assertEquals(0, ran.status());
        for (String engine : FixEngines.names()) {
            assertTrue(ran.out().contains(engine), engine);
        }
    }

    @Test
    void shouldTellAnyFixClientHowToLogOnToTheServer() {
        String usage = fix("-h").out();
        for (String fact : new String[] {"8=" + PingPong.BEGIN_STRING, "SenderCompID(49)=" + PingPong.CLIENT_COMP_ID,
                "TargetCompID(56)=" + PingPong.SERVER_COMP_ID, "HeartBtInt(108)=" + PingPong.HEART_BT_INT,
                "127.0.0.1:" + FixOptions.DEFAULT_PORT}) {
            assertTrue(usage.contains(fact), fact + " missing from: " + usage);
        }
    }

    @Test
    void shouldNameHistoryFilesAfterTheEngine() {
        assertEquals(Path.of("/tmp/h-raw.log"), FixCommand.historyFile(Path.of("/tmp/h.log"), "raw"));
        assertEquals(Path.of("h-quickfixj"), FixCommand.historyFile(Path.of("h"), "quickfixj"));
    }
}
