package dev.wirebench.harness.report;

import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import dev.wirebench.harness.stats.Estimate;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryMarkdownTest {

    private static Map<String, String> dims(String... pairs) {
        Map<String, String> dims = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            dims.put(pairs[i], pairs[i + 1]);
        }
        return dims;
    }

    private static Measure repeats(Map<String, String> dims, String metric, double... samples) {
        return new Measure(dims, metric, "µs", Better.LOWER, Sample.REPEAT, java.util.Arrays.stream(samples).boxed().toList());
    }

    private static RunResults results(List<Measure> measures, List<RecordedHistogram> histograms, List<String> failures) {
        return new RunResults("fix", "FIX ping-pong", "2026-11-25T10:00:00", Map.of(), Map.of("Load", "closed loop"), failures,
                measures, histograms);
    }

    @Test
    void drawsARowPerCaseWithEstimatesRatiosAndHistogramStatisticsAndLeavesOutARowDimensionNoRowHas() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 400; i++) {
            h.recordValue(i * 1000L);
        }
        RunResults r = results(List.of(
                repeats(dims("engine", "raw"), "p50", 10.5, 11, 12, 13, 14, 15.5),
                repeats(dims("engine", "quickfixj"), "p50", 40.5, 43.5),
                repeats(dims("engine", "quickfixj"), "p99", 90.5)),
                List.of(new RecordedHistogram(dims("engine", "quickfixj"), "fill", "ns", h)), List.of());
        Layout layout = new Layout(List.of("every order timed"), List.of(Section.of("Round trip", Map.of(),
                List.of("engine", "rate"), List.of(Column.histogram("Orders", "fill", "count", 1),
                        Column.estimate("p50 (µs)", "p50"), Column.estimate("p99 (µs)", "p99"),
                        Column.ratio("× raw", "p50", "engine", "raw"), Column.histogram("Max (µs)", "fill", "max", 1000)))),
                List.of(new Layout.Figure("Percentiles", "fix-rtt.png")));
        String md = SummaryMarkdown.markdown(r, layout);
        assertTrue(md.startsWith("# FIX ping-pong\n\n- Load: closed loop\n- every order timed\n"), md);
        assertTrue(md.contains("\n## Round trip\n\n| Engine | Orders | p50 (µs) | p99 (µs) | × raw | Max (µs) |\n"), md);
        assertTrue(md.contains("\n| raw | – | 12.50 [10.50, 15.50] | – | 1.00 | – |\n"), md);
        // two samples: their range, starred, as it covers far less than 95%
        assertTrue(md.contains("\n| quickfixj | 400 | 42.00 [40.50, 43.50]* | 90.50 | 3.36 | 400.1 |\n"), md);
        assertTrue(md.contains("\n![Percentiles](fix-rtt.png)\n"), md);
        assertTrue(SummaryMarkdown.text(r, layout).contains("Round trip:\nEngine"), SummaryMarkdown.text(r, layout));
    }

    @Test
    void splitsASectionIntoATablePerValueAndNamesFailuresFirst() {
        RunResults r = results(List.of(
                repeats(dims("format", "sbe", "message", "order", "operation", "encode"), "time p50", 30.5),
                repeats(dims("format", "raw", "message", "order", "operation", "encode"), "time p50", 20.5),
                repeats(dims("format", "sbe", "message", "user", "operation", "encode"), "time p50", 50.5),
                repeats(dims("operation", "clock"), "time p50", 25.5)),
                List.of(), List.of("window 8: refused"));
        Layout layout = new Layout(List.of(), List.of(
                Section.of("Clock", Map.of("operation", "clock"), List.of(), List.of(Column.estimate("p50", "time p50"))),
                Section.of("Latency", Map.of(), List.of("format"),
                        List.of(Column.estimate("p50", "time p50"))).splitBy("message", "operation")), List.of());
        String md = SummaryMarkdown.markdown(r, layout);
        assertTrue(md.indexOf("## Failed\n\n- window 8: refused") < md.indexOf("## Clock"), md);
        assertTrue(md.contains("## Clock\n\n| p50 |\n|---:|\n| 25.50 |\n"), md);
        assertTrue(md.contains("## Latency\n\n### order · encode\n\n| Format | p50 |\n|:---|---:|\n| sbe | 30.50 |\n| raw | 20.50 |\n"
                + "\n### user · encode\n\n| Format | p50 |\n|:---|---:|\n| sbe | 50.50 |\n"), md);
        assertTrue(!md.contains("### clock"), "the clock has no message to split by: " + md);
        assertTrue(SummaryMarkdown.text(r, layout).contains("\nLatency: user · encode:\nFormat"), SummaryMarkdown.text(r, layout));
    }

    @Test
    void aRatioPairsTheSamplesByRoundAndRanksShareAPlaceWhereIntervalsOverlap() {
        // a drift that doubles every time in round 4 cancels from the paired ratio
        List<Integer> rounds = List.of(1, 2, 3, 4, 5, 6);
        RunResults r = results(List.of(
                new Measure(dims("format", "raw"), "time", "ns/op", Better.LOWER, Sample.FORK, List.of(10.0, 10.2, 9.8, 20.0, 10.1, 9.9), rounds),
                new Measure(dims("format", "sbe"), "time", "ns/op", Better.LOWER, Sample.FORK, List.of(20.0, 20.4, 19.6, 40.0, 20.2, 19.8), rounds),
                new Measure(dims("format", "colfer"), "time", "ns/op", Better.LOWER, Sample.FORK, List.of(30.0, 30.6, 29.4, 60.0, 30.3, 29.7), rounds),
                new Measure(dims("format", "capnp"), "time", "ns/op", Better.LOWER, Sample.FORK, List.of(29.0, 31.6, 29.9, 61.0, 30.8, 29.2), rounds)),
                List.of(), List.of());
        String md = SummaryMarkdown.markdown(r, new Layout(List.of(), List.of(Section.of("Encode", Map.of(), List.of("format"),
                List.of(Column.ratio("× raw", "time", "format", "raw"), Column.rank("rank", "time", "format", "raw")))), List.of()));
        assertTrue(md.contains("| raw | 1.00 | 1 |\n"), md);
        assertTrue(md.contains("| sbe | 2.00 | 2 |\n"), "every round's ratio is 2: " + md);
        assertTrue(md.contains("| colfer | 3.00 | =3 |\n") && md.contains("| capnp | 3.05 [2.90, 3.10] | =3 |\n"), md);
    }

    @Test
    void countsReadAsWholeNumbersAndSamplesAllAlikeAsTheirOneValue() {
        RunResults r = results(List.of(repeats(dims("engine", "raw"), "GCs", 0, 0, 0), repeats(dims("engine", "qfj"), "GCs", 3, 4, 6)),
                List.of(), List.of());
        String md = SummaryMarkdown.markdown(r, new Layout(List.of(), List.of(Section.of("GC", Map.of(), List.of("engine"),
                List.of(Column.estimate("GCs", "GCs")))), List.of()));
        assertTrue(md.contains("| raw | 0 |\n| qfj | 4 [3, 6]* |\n"), md);
    }

    @Test
    void anEstimateShowsItsIntervalWithAStarBelowSixSamples() {
        assertEquals("5.000", SummaryMarkdown.estimate(Estimate.of(5)));
        assertEquals("3.000 [1.000, 5.000]*", SummaryMarkdown.estimate(Estimate.of(1, 2, 3, 4, 5)));
        assertEquals("3.500 [1.000, 6.000]", SummaryMarkdown.estimate(Estimate.of(1, 2, 3, 4, 5, 6)));
    }

    @Test
    void numbersKeepFourSignificantDigitsWithoutExponent() {
        assertEquals("18466", SummaryMarkdown.number(18465.98));
        assertEquals("139.5", SummaryMarkdown.number(139.54));
        assertEquals("44.07", SummaryMarkdown.number(44.071));
        assertEquals("0.123", SummaryMarkdown.number(0.1234));
        assertEquals("–", SummaryMarkdown.number(Double.NaN));
    }

    @Test
    void rankedRowsComeBestFirstByTheirMeanRankWithMediansJoinedCellsAndAMeasureMatchedOnFewerDimensions() {
        List<Integer> rounds = List.of(1, 2, 3, 4, 5, 6);
        List<Measure> measures = new java.util.ArrayList<>();
        // slow is slowest at both operations, fast fastest; the two share no interval with raw
        Map<String, Double> cost = Map.of("slow", 3.0, "raw", 1.0, "fast", 0.5);
        for (String format : List.of("slow", "raw", "fast")) {
            for (String op : List.of("encode", "decode")) {
                double base = op.equals("encode") ? 10 : 20;
                List<Double> samples = rounds.stream().map(k -> base * cost.get(format) * (1 + k / 100.0)).toList();
                measures.add(new Measure(dims("format", format, "message", "order", "operation", op, "buffer", "heap"), "time",
                        "ns/op", Better.LOWER, Sample.FORK, samples, rounds));
                measures.add(new Measure(dims("format", format, "message", "order", "operation", op, "buffer", "heap"),
                        "allocation", "B/op", Better.LOWER, Sample.FORK, List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), rounds));
            }
            measures.add(Measure.exact(dims("format", format, "message", "order"), "size", "B", Better.LOWER, 70));
        }
        List<Column> columns = new java.util.ArrayList<>(List.of(Column.estimate("Size B", "size").on("format", "message")));
        List<Column> allocation = new java.util.ArrayList<>();
        for (String op : List.of("encode", "decode")) {
            columns.add(Column.median(op + " {unit}", "time").at(Map.of("operation", op)));
            columns.add(Column.rank("rank", "time", "format", "raw").at(Map.of("operation", op)));
            allocation.add(Column.median("", "allocation").at(Map.of("operation", op)));
        }
        columns.add(Column.joined("B/op", allocation));
        columns.add(Column.samples("Forks", "time").at(Map.of("operation", "encode")));
        Layout layout = new Layout(List.of(), List.of(new Section("Formats", Map.of(), List.of("message", "buffer"),
                List.of("format"), columns, "Per operation: the median.", null, true)), List.of());
        String md = SummaryMarkdown.markdown(results(measures, List.of(), List.of()), layout);
        assertTrue(md.contains("## Formats\n\nPer operation: the median.\n\n### order · heap\n\n"
                + "| Format | Size B | encode ns/op | rank | decode ns/op | rank | B/op | Forks |\n"), md);
        assertTrue(md.contains("| fast | 70 | 5.175 | 1 | 10.35 | 1 | 0 / 0 | 6 |\n"
                + "| raw | 70 | 10.35 | 2 | 20.70 | 2 | 0 / 0 | 6 |\n"
                + "| slow | 70 | 31.05 | 3 | 62.10 | 3 | 0 / 0 | 6 |\n"), md);
    }
}
