package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
    void addsTheSuitesOwnColumnsAfterThePercentilesInBothForms() {
        PercentileTable table = new PercentileTable(TimeUnit.MICROSECONDS, "Rate/s", "× raw p50")
                .add("raw", single(1000), "50000", "1")
                .add("engine", single(3000), "20000", "3");
        assertTrue(table.toMarkdown().contains("| Stddev (µs) | Rate/s | × raw p50 |\n|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"),
                table.toMarkdown());
        assertTrue(table.toMarkdown().contains("| engine | 1 | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 0 | 20000 | 3 |"), table.toMarkdown());
        assertTrue(table.toText().lines().skip(2).findFirst().orElseThrow().endsWith("0   20000          3"), table.toText());
    }

    @Test
    void refusesARowWhoseExtraCellsDoNotMatchTheColumns() {
        PercentileTable table = new PercentileTable(TimeUnit.MICROSECONDS, "Rate/s");
        assertThrows(IllegalArgumentException.class, () -> table.add("raw", single(1000)));
        assertThrows(IllegalArgumentException.class, () -> table.add("raw", single(1000), "1", "2"));
    }

    @Test
    void rendersMarkdownWithTheUnitInTheHeaderAndOneRowPerHistogramInOrder() {
        String markdown = new PercentileTable(TimeUnit.MICROSECONDS)
                .add("encode", tenSteps())
                .add("decode", single(1500))
                .toMarkdown();
        assertEquals("""
                | Name | Count | Min (µs) | Mean (µs) | p50 (µs) | p90 (µs) | p99 (µs) | p99.9 (µs) | p99.99 (µs) | Max (µs) | Stddev (µs) |
                |:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | encode | 10 | 0.1 | 0.55 | 0.5 | 0.9 | 1 | 1 | 1 | 1 | 0.287 |
                | decode | 1 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 0 |
                """, markdown);
    }

    @Test
    void theStandardDeviationIsThatOfEveryValueRecorded() {
        // 20 40 40 40 50 50 70 90 ns, kept exactly: mean 50, squared deviations 900 100 100 100 0 0 400
        // 1600, their mean 400 (of all 8 values: not divided by 7 as for a sample), its root 20
        assertEquals("| x | 8 | 20 | 50 | 40 | 90 | 90 | 90 | 90 | 90 | 20 |",
                row(TimeUnit.NANOSECONDS, 20, 40, 40, 40, 50, 50, 70, 90));
        assertEquals("| x | 2 | 0.001 | 0.002 | 0.001 | 0.003 | 0.003 | 0.003 | 0.003 | 0.003 | 0.001 |",
                row(TimeUnit.MICROSECONDS, 1, 3));
    }

    @Test
    void anEmptyHistogramShowsCountZeroAndDashes() {
        String markdown = new PercentileTable(TimeUnit.MILLISECONDS)
                .add("idle", new Histogram(3))
                .toMarkdown();
        assertEquals("| idle | 0 | – | – | – | – | – | – | – | – | – |", markdown.lines().skip(2).findFirst().orElseThrow());
    }

    @Test
    void convertsNanosecondsToTheUnitAsked() {
        assertEquals("| x | 1 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 | 1500 | 0 |", row(TimeUnit.NANOSECONDS, 1500));
        assertEquals("| x | 1 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 1.5 | 0 |", row(TimeUnit.MICROSECONDS, 1500));
        assertEquals("| x | 1 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0.0015 | 0 |",
                row(TimeUnit.MILLISECONDS, 1500));
        assertEquals("p99 (ms)", new PercentileTable(TimeUnit.MILLISECONDS).toMarkdown().split(" \\| ")[6]);
        assertEquals("p99 (ns)", new PercentileTable(TimeUnit.NANOSECONDS).toMarkdown().split(" \\| ")[6]);
    }

    /** The markdown row of a histogram of {@code nanos}. */
    private static String row(TimeUnit unit, long... nanos) {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        for (long ns : nanos) {
            h.recordValue(ns);
        }
        return new PercentileTable(unit).add("x", h).toMarkdown().lines().skip(2).findFirst().orElseThrow();
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
        assertEquals("| a\\|b | 1 | 5 | 5 | 5 | 5 | 5 | 5 | 5 | 5 | 0 |", markdown.lines().skip(2).findFirst().orElseThrow());
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
                Name    Count  Min (µs)  Mean (µs)  p50 (µs)  p90 (µs)  p99 (µs)  p99.9 (µs)  p99.99 (µs)  Max (µs)  Stddev (µs)
                encode     10       0.1       0.55       0.5       0.9         1           1            1         1        0.287
                empty       0         –          –         –         –         –           –            –         –            –
                """, text);
    }

    @Test
    void aBriefLineGivesTheMedianTheP99AndTheMaxInMicroseconds() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 1000L);
        }
        assertEquals("p50 50.02 µs, p99 99.01 µs, max 100.0 µs", PercentileTable.brief(h));
    }
}
