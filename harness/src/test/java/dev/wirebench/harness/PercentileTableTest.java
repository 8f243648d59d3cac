package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PercentileTableTest {

    /** 100, 200 ... 1000 ns: below 2048 ns HdrHistogram keeps values exactly, so every cell is known. */
    private static Histogram tenSteps() {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        for (long ns = 100; ns <= 1000; ns += 100) {
            h.recordValue(ns);
        }
        return h;
    }

    private static Histogram single(long nanos) {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        h.recordValue(nanos);
        return h;
    }

    @Test
    void rendersMarkdownWithTheUnitInTheHeaderAndOneRowPerHistogramInOrder() {
        String markdown = new PercentileTable(TimeUnit.MICROSECONDS)
                .add("encode", tenSteps())
                .add("decode", single(1500))
                .toMarkdown();
        assertEquals("""
                | Name | Count | Min (µs) | p50 (µs) | p90 (µs) | p99 (µs) | p99.9 (µs) | p99.99 (µs) | Max (µs) | Mean (µs) |
                |:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | encode | 10 | 0.1 | 0.5 | 0.9 | 1 | 1 | 1 | 1 | 0.55 |
                | decode | 1 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 |
                """, markdown);
    }

    @Test
    void anEmptyHistogramShowsCountZeroAndDashes() {
        String markdown = new PercentileTable(TimeUnit.MILLISECONDS)
                .add("idle", new Histogram(3))
                .toMarkdown();
        assertEquals("| idle | 0 | – | – | – | – | – | – | – | – |", markdown.lines().skip(2).findFirst().orElseThrow());
    }

    @Test
    void convertsNanosecondsToTheUnitAsked() {
        assertEquals("| x | 1 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 |", row(TimeUnit.NANOSECONDS, 1500));
        assertEquals("| x | 1 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 |", row(TimeUnit.MICROSECONDS, 1500));
        assertEquals("| x | 1 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 |",
                row(TimeUnit.MILLISECONDS, 1500));
        assertEquals("p99 (ms)", new PercentileTable(TimeUnit.MILLISECONDS).toMarkdown().split(" \\| ")[5]);
        assertEquals("p99 (ns)", new PercentileTable(TimeUnit.NANOSECONDS).toMarkdown().split(" \\| ")[5]);
    }

    private static String row(TimeUnit unit, long nanos) {
        return new PercentileTable(unit).add("x", single(nanos)).toMarkdown().lines().skip(2).findFirst().orElseThrow();
    }

    @Test
    void formatsToThreeSignificantDigitsWithoutGroupingOrExponent() {
        assertEquals("12.3", PercentileTable.format(12.34));
        assertEquals("1235", PercentileTable.format(1234.5), "digits before the point are kept");
        assertEquals("1000000", PercentileTable.format(1_000_000.4));
        assertEquals("1000", PercentileTable.format(999.96));
        assertEquals("0.0457", PercentileTable.format(0.045678));
        assertEquals("500", PercentileTable.format(500));
        assertEquals("0", PercentileTable.format(0));
    }

    @Test
    void escapesAPipeInAName() {
        String markdown = new PercentileTable(TimeUnit.NANOSECONDS).add("a|b", single(5)).toMarkdown();
        assertEquals("| a\\|b | 1 | 5 | 5 | 5 | 5 | 5 | 5 | 5 | 5 |", markdown.lines().skip(2).findFirst().orElseThrow());
    }

    @Test
    void rejectsASecondRowOfTheSameName() {
        PercentileTable table = new PercentileTable(TimeUnit.NANOSECONDS).add("encode", single(5));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.add("encode", single(6)));
        assertEquals("the table has a row named 'encode' already", e.getMessage());
    }

    @Test
    void plainTextPadsColumnsSoTheyLineUp() {
        String text = new PercentileTable(TimeUnit.MICROSECONDS)
                .add("encode", tenSteps())
                .add("empty", new Histogram(3))
                .toText();
        assertEquals("""
                Name    Count  Min (µs)  p50 (µs)  p90 (µs)  p99 (µs)  p99.9 (µs)  p99.99 (µs)  Max (µs)  Mean (µs)
                encode     10       0.1       0.5       0.9         1           1            1         1       0.55
                empty       0         –         –         –         –           –            –         –          –
                """, text);
    }
}
