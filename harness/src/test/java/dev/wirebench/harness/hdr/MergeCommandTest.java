package dev.wirebench.harness.hdr;

import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MergeCommandTest {

    @TempDir
    Path dir;

    private record Ran(ExitStatus status, String out, String err) {
    }

    private Ran merge(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExitStatus status = Cli.run(new MergeCommand(), args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Map<String, String> config(String load) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("suite", "fix");
        config.put("target", "raw");
        config.put("load", load);
        return config;
    }

    /** A log of {@code windows} windows, each with {@code perWindow} fills of {@code micros} µs (acks at half). */
    private Path log(String name, String load, int windows, int perWindow, long micros) {
        Path file = dir.resolve(name);
        try (IntervalLog log = new IntervalLog(file, config(load), "host-" + name, List.of("ack", "fill"), windows)) {
            log.measuring(1_700_000_000_000L);
            for (int w = 0; w < windows; w++) {
                Histogram ack = new Histogram(3);
                Histogram fill = new Histogram(3);
                for (int i = 0; i < perWindow; i++) {
                    ack.recordValue(micros * 500);
                    fill.recordValue(micros * 1000);
                }
                log.window(w, w * 1_000_000_000L, (w + 1) * 1_000_000_000L, List.of(ack, fill));
            }
        }
        return file;
    }

    @Test
    void shouldAddTheClientsHistogramsAndReadThePercentilesFromTheSum() throws Exception {
        Path a = log("a.hlog", "fixed rate 500/s", 2, 500, 100);
        Path b = log("b.hlog", "fixed rate 500/s", 2, 500, 300);
        Ran ran = merge(a.toString(), b.toString(), "--results-dir", dir.resolve("out").toString());
        assertEquals(ExitStatus.DONE, ran.status(), ran.err());
        Path folder;
        try (Stream<Path> folders = Files.list(dir.resolve("out"))) {
            folder = folders.findFirst().orElseThrow();
        }
        RunResults model = ResultsFile.read(folder);
        Histogram all = model.histograms().stream().filter(h -> h.dims().get("client").equals("all") && h.name().equals("fill"))
                .map(RecordedHistogram::histogram).findFirst().orElseThrow();
        assertEquals(2000, all.getTotalCount(), "the merged count is the sum of both clients'");
        // half the values are 100 µs and half 300 µs: the sum's p75 is 300 µs, which no average of the clients' p75s gives
        assertEquals(300_000, all.getValueAtPercentile(75), 300);
        assertEquals(100_000, all.getValueAtPercentile(25), 100);
        double rate = model.measures().stream().filter(m -> m.dims().get("client").equals("all")
                && m.metric().equals("requests/s")).findFirst().orElseThrow().estimate().median();
        assertEquals(1000, rate, 1e-9, "both clients' rates added");
        assertTrue(Files.exists(folder.resolve("all-fill.hgrm")));
        assertTrue(Files.exists(folder.resolve(MergeCommand.PLOT)));
        assertTrue(ran.out().contains("all"), ran.out());
    }

    @Test
    void shouldTellApartTwoClientsOfOneHostNameWhoseRunFoldersShareAName() throws Exception {
        Files.createDirectories(dir.resolve("c1/20261126-064813-vm"));
        Files.createDirectories(dir.resolve("c2/20261126-064813-vm"));
        Path a = Files.move(log("a.hlog", "closed loop", 1, 10, 100), dir.resolve("c1/20261126-064813-vm/raw.hlog"));
        Path b = Files.move(log("b.hlog", "closed loop", 1, 10, 100), dir.resolve("c2/20261126-064813-vm/raw.hlog"));
        Files.writeString(b, Files.readString(b).replace("host-b.hlog", "host-a.hlog"));
        Ran ran = merge(a.toString(), b.toString(), "--results-dir", dir.resolve("out").toString());
        assertEquals(ExitStatus.DONE, ran.status(), ran.err());
        assertTrue(ran.out().contains(a.toAbsolutePath().toString()) && ran.out().contains(b.toAbsolutePath().toString()),
                ran.out());
    }

    @Test
    void shouldRefuseLogsOfDifferentRunsInOneLineWithExitTwo() {
        Path a = log("a.hlog", "fixed rate 500/s", 1, 10, 100);
        Path b = log("b.hlog", "closed loop", 1, 10, 100);
        Ran ran = merge(a.toString(), b.toString(), "--results-dir", dir.resolve("out").toString());
        assertEquals(ExitStatus.UNREADABLE, ran.status());
        assertEquals("wirebench merge: " + a + " and " + b + " are of different runs: load is 'fixed rate 500/s' in one"
                + " and 'closed loop' in the other\n", ran.err());
        assertTrue(Files.notExists(dir.resolve("out")), "nothing written");
    }

    @Test
    void shouldRefuseATruncatedLogInOneLineWithExitTwo() throws Exception {
        Path a = log("a.hlog", "closed loop", 2, 10, 100);
        Path b = log("b.hlog", "closed loop", 2, 10, 100);
        String text = Files.readString(b);
        Files.writeString(b, text.substring(0, text.length() * 2 / 3));
        Ran ran = merge(a.toString(), b.toString());
        assertEquals(ExitStatus.UNREADABLE, ran.status());
        assertTrue(ran.err().startsWith("wirebench merge: " + b + " is "), ran.err());
        assertEquals(1, ran.err().lines().count(), ran.err());
    }

    @Test
    void shouldRefuseAForeignFileInOneLineWithExitTwo() throws Exception {
        Path a = log("a.hlog", "closed loop", 1, 10, 100);
        Path foreign = Files.writeString(dir.resolve("other.hlog"), "#[StartTime: 1.0]\nsomething else\n");
        Ran ran = merge(a.toString(), foreign.toString());
        assertEquals(ExitStatus.UNREADABLE, ran.status());
        assertEquals("wirebench merge: " + foreign + " is not a wirebench interval log (its first line is not '"
                + IntervalLog.MAGIC + "')\n", ran.err());
    }

    @Test
    void shouldRefuseFewerThanTwoLogsAsABadOption() {
        Ran ran = merge(dir.resolve("a.hlog").toString());
        assertEquals(ExitStatus.BAD_OPTIONS, ran.status());
    }
}
