package dev.wirebench.fix.history;

import dev.wirebench.harness.LatencyRecorder;
import dev.wirebench.harness.PercentileTable;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class AnalyseCommandTest {

    private static final long START = -5_000_000_000L; // nanoTime may be negative
    private static final long SPACING = 2_000_000; // an order every 2 ms, each answered within 1 ms
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void shouldPrintTheSameTableAsALatencyRecorderOfTheSameRtts() throws IOException {
        Path file = history(1000, i -> true);
        assertEquals(0, run(file.toString(), "--results-dir", dir.resolve("results").toString()), err());
        LatencyRecorder fills = new LatencyRecorder();
        LatencyRecorder acks = new LatencyRecorder();
        for (int i = 1; i <= 1000; i++) {
            fills.record(i * 1000L);
            acks.record(i * 500L);
        }
        String table = new PercentileTable(TimeUnit.MICROSECONDS).add("ack", acks.snapshot()).add("fill", fills.snapshot()).toText();
        assertTrue(out().contains(table), "expected\n" + table + "in\n" + out());
        assertTrue(out().contains("1000 timed, 0 skipped"), out());
        assertTrue(out().contains(", 0 unanswered"), out());
        // the exact table: the 500th and 990th of 1..1000 µs, inside their intervals
        assertTrue(row("fill", "p50")[2].equals("500") && row("fill", "p99")[2].equals("990"), out());
        for (double p : AnalyseCommand.PERCENTILES) {
            String[] row = row("fill", IntervalTable.percentileName(p));
            double estimate = Double.parseDouble(row[2]);
            assertTrue(Double.parseDouble(row[3]) <= estimate && estimate <= Double.parseDouble(row[4]), String.join(" ", row));
        }
    }

    @Test
    void shouldWriteAnalyseOutTheHgrmAndAPngIntoANewRunFolder() throws IOException {
        Path results = dir.resolve("results");
        assertEquals(0, run(history(200, i -> true).toString(), "--results-dir", results.toString()), err());
        Path folder;
        try (Stream<Path> folders = Files.list(results)) {
            List<Path> all = folders.toList();
            assertEquals(1, all.size(), all.toString());
            folder = all.get(0);
        }
        assertTrue(err().contains("Run folder: " + folder + "/"), err());
        assertEquals(out(), Files.readString(folder.resolve("analyse.out")));
        assertTrue(Files.readString(folder.resolve("rtt.hgrm")).contains("#[Mean"), "an .hgrm ends in HdrHistogram's footer");
        byte[] png = Files.readAllBytes(folder.resolve("rtt.png"));
        assertArrayEquals(PNG_SIGNATURE, java.util.Arrays.copyOf(png, PNG_SIGNATURE.length));
    }

    @Test
    void shouldSkipTheOrdersSentDuringTheWarmUp() throws IOException {
        // orders every 2 ms from the first line: the first 50 fall in the first 100 ms
        assertEquals(0, run(history(1000, i -> true).toString(), "--warmup", "100ms",
                "--results-dir", dir.resolve("results").toString()), err());
        assertTrue(out().contains("950 timed, 50 skipped in the warm-up (first 0.1 s)"), out());
        Histogram expected = new LatencyRecorder().snapshot();
        for (int i = 51; i <= 1000; i++) {
            expected.recordValue(i * 1000L);
        }
        assertTrue(out().contains(new PercentileTable(TimeUnit.MICROSECONDS).add("fill", expected).toText().lines()
                .skip(1).findFirst().orElseThrow()), out());
    }

    @Test
    void shouldCountOrdersThatNeverGotTheirFill() throws IOException {
        assertEquals(0, run(history(1000, i -> i % 10 != 0).toString(),
                "--results-dir", dir.resolve("results").toString()), err());
        assertTrue(out().contains("1000 timed, 0 skipped in the warm-up (first 0 s), 100 unanswered"), out());
        assertTrue(out().lines().anyMatch(l -> l.matches("fill +900 .*")), out());
    }

    @Test
    void shouldTimeTheMessagesTheTagSelects() throws IOException {
        Path file = dir.resolve("history.txt");
        try (HistoryWriter writer = new HistoryWriter(file)) {
            for (long i = 1; i <= 30; i++) {
                long sent = i * SPACING;
                writer.write(sent, Messages.order(i)); // NewOrderSingles answered in 5 µs
                writer.write(sent + 5_000, Messages.fill(i));
                long replace = sent + SPACING / 2;
                writer.write(replace, Messages.request("G", 1000 + i)); // replaces answered in 700 µs
                writer.write(replace + 700_000, Messages.fill(1000 + i));
            }
        }
        assertEquals(0, run(file.toString(), "--tag", "35=G", "--results-dir", dir.resolve("results").toString()), err());
        assertTrue(out().contains("Requests (35=G): 30 timed"), out());
        assertEquals("700", row("fill", "p50")[2], out());
    }

    @Test
    void shouldExitWith2NamingTheLineOfAMalformedLine() throws IOException {
        Path file = dir.resolve("history.txt");
        Files.writeString(file, "1;" + Messages.order(1) + "\n2;" + Messages.fill(1) + "\nnot a history line\n");
        assertEquals(2, run(file.toString(), "--results-dir", dir.resolve("results").toString()));
        assertTrue(err().startsWith("wirebench fix analyse: " + file + " line 3: "), err());
        assertEquals(1, err().lines().count(), err());
        assertTrue(Files.notExists(dir.resolve("results")), "no run folder for a file that cannot be analysed");
    }

    @Test
    void shouldExitWith2ForAMissingFile() {
        Path missing = dir.resolve("no-such-history.txt");
        assertEquals(2, run(missing.toString(), "--results-dir", dir.resolve("results").toString()));
        assertTrue(err().contains(missing.toString()) && err().lines().count() == 1, err());
    }

    @Test
    void shouldExitWith2ForAFolder() {
        assertEquals(2, run(dir.toString(), "--results-dir", dir.resolve("results").toString()));
        assertTrue(err().contains("is a directory"), err());
    }

    @Test
    void shouldExitWith1ForBadOptions() throws IOException {
        String file = history(10, i -> true).toString();
        String[][] bad = {
                {file, "--bogus"}, {file, "--tag", "35"}, {file, "--tag", "x=D"}, {file, "--warmup", "soon"},
                {file, "--warmup", "1h"}, {file, "--samples", "5"}, {file, "--samples"}, {}, {file, file}};
        for (String[] args : bad) {
            err.reset();
            assertEquals(1, run(args), String.join(" ", args));
            assertTrue(err().startsWith("wirebench fix analyse: "), err());
            assertEquals(1, err().lines().count(), "one line: " + err());
        }
    }

    @Test
    void shouldPrintUsageForHelp() {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("Usage: java -jar benchmarks.jar fix analyse [options] FILE") && out().contains("(default: 0s)"),
                out());
    }

    /** {@code orders} closed-loop orders, the i-th (from 1) acked after i/2 µs and filled (if asked) after i µs. */
    private Path history(int orders, LongPredicate filled) throws IOException {
        Path file = dir.resolve("history.txt");
        try (HistoryWriter writer = new HistoryWriter(file)) {
            for (long i = 1; i <= orders; i++) {
                long sent = START + (i - 1) * SPACING;
                writer.write(sent, Messages.order(sent));
                writer.write(sent + i * 500, Messages.ack(sent));
                if (filled.test(i)) {
                    writer.write(sent + i * 1000, Messages.fill(sent));
                }
            }
        }
        return file;
    }

    /** The cells of the interval table's row for {@code name} and {@code percentile}. */
    private String[] row(String name, String percentile) {
        return out().lines().map(l -> l.trim().split(" +"))
                .filter(cells -> cells.length == 6 && cells[0].equals(name) && cells[1].equals(percentile))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + name + " " + percentile + " in\n" + out()));
    }

    private int run(String... args) {
        return AnalyseCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
