package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.Summary.Entry;
import dev.wirebench.harness.Summary.Figure;
import dev.wirebench.harness.Summary.Table;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryTest {

    private static final String CLASS = "dev.wirebench.benchmarks.CodecBenchmark.";

    private static JmhResult result(String method, String mode, String codec, double score, Double allocBytes) {
        TreeMap<String, String> params = new TreeMap<>(Map.of("codec", codec));
        Map<String, Metric> secondary = allocBytes == null ? Map.of()
                : Map.of(Summary.ALLOC_METRIC, new Metric(allocBytes, 0.01, "B/op"));
        return new JmhResult(CLASS + method, mode, params, new Metric(score, score / 100, mode.equals("thrpt") ? "ops/us" : "ns/op"),
                secondary);
    }

    private static Entry entry(JmhResult r, long size) {
        String codec = r.params().get("codec");
        return new Entry(r, codec.substring(codec.indexOf('/') + 1) + " " + r.benchmark(), codec.substring(0, codec.indexOf('/')),
                size < 0 ? OptionalLong.empty() : OptionalLong.of(size));
    }

    /** A result whose eight forks spread {@code spread} either side of {@code score} (no spread: one fork). */
    private static JmhResult forked(String method, String codec, double score, double spread, double allocBytes) {
        List<Double> forks = new java.util.ArrayList<>();
        for (int i = 0; i < 8 && spread > 0; i++) {
            forks.add(score * (1 - spread + 2 * spread * i / 7.0));
        }
        if (forks.isEmpty()) {
            forks.add(score);
        }
        return new JmhResult(CLASS + method, "avgt", new TreeMap<>(Map.of("codec", codec)), new Metric(score, 1, "ns/op", forks),
                Map.of(Summary.ALLOC_METRIC, new Metric(allocBytes, 0.01, "B/op")));
    }

    @Test
    void ranksEachGroupOnPairedRatiosAndOverlappingIntervalsShareARank() {
        List<Entry> entries = List.of(
                entry(forked("encode", "sbe/order", 92.0, 0.02, 0.002), 72),
                entry(forked("encode", "raw/order", 65.9, 0.02, 0.0), 71),
                entry(forked("encode", "flatbuffers/order", 94.0, 0.02, 0.0), 120),
                entry(forked("encode", "jdk/order", 2000.0, 0.02, 4321.4), 578),
                entry(forked("encode", "sbe/user", 50.0, 0.02, 0.0), 84));
        String md = Summary.table(new Table("CodecBenchmark", "raw", entries));
        List<String> rows = md.lines().filter(l -> l.startsWith("| CodecBenchmark")).toList();
        assertEquals(List.of(
                "| CodecBenchmark.encode codec=raw/order | avgt | 65.90 | [64.58, 67.22] | 8 | ns/op | 0 | 71 | 1.00 |  | 1 |",
                // eight forks: [x(1), x(8)] is the narrowest interval covering 95% (99.2%); the forks spread 2% either
                // way in step with raw's, so paired by fork the ratios are constant and sbe and flatbuffers rank apart
                "| CodecBenchmark.encode codec=sbe/order | avgt | 92.00 | [90.16, 93.84] | 8 | ns/op | 0 | 72 | 1.40 | [1.40, 1.40] | 2 |",
                "| CodecBenchmark.encode codec=flatbuffers/order | avgt | 94.00 | [92.12, 95.88] | 8 | ns/op | 0 | 120 | 1.43 | [1.43, 1.43] | 3 |",
                "| CodecBenchmark.encode codec=jdk/order | avgt | 2000 | [1960, 2040] | 8 | ns/op | 4321 | 578 | 30.35 | [30.35, 30.35] | 4 |",
                "| CodecBenchmark.encode codec=sbe/user | avgt | 50.00 | [49.00, 51.00] | 8 | ns/op | 0 | 84 | – | – | 1 |"), rows);
        assertTrue(md.contains("| Benchmark | Mode | Median | 95% CI | Forks | Unit | Alloc B/op | Size B | × raw | 95% CI  | Rank |"), md);
    }

    @Test
    void casesWhoseIntervalsOverlapShareARankAndFewForksAreStarred() {
        JmhResult raw = new JmhResult(CLASS + "decode", "avgt", new TreeMap<>(Map.of("codec", "raw/m")),
                new Metric(10, 1, "ns/op", List.of(10.0, 11.0, 9.0, 10.5)), Map.of());
        JmhResult a = new JmhResult(CLASS + "decode", "avgt", new TreeMap<>(Map.of("codec", "a/m")),
                new Metric(20, 1, "ns/op", List.of(20.0, 26.0, 17.0, 21.0)), Map.of());
        JmhResult b = new JmhResult(CLASS + "decode", "avgt", new TreeMap<>(Map.of("codec", "b/m")),
                new Metric(22, 1, "ns/op", List.of(22.0, 23.0, 21.0, 24.0)), Map.of());
        String md = Summary.table(new Table("T", "raw", List.of(entry(a, -1), entry(b, -1), entry(raw, -1))));
        List<String> rows = md.lines().filter(l -> l.startsWith("| CodecBenchmark")).toList();
        assertTrue(rows.get(0).contains("raw/m") && rows.get(0).endsWith("| 1 |"), rows.toString());
        assertTrue(rows.get(1).endsWith("| =2 |") && rows.get(2).endsWith("| =2 |"), rows.toString());
        assertTrue(rows.get(1).contains("]* |"), "four forks: the range, starred: " + rows);
        assertTrue(md.contains("* fewer than six forks: the interval is their whole range, which covers less than 95%."), md);
    }

    @Test
    void throughputRanksHighestFirstAndItsRatioIsTheBaselinesCostShare() {
        List<Entry> entries = List.of(
                entry(result("encode", "thrpt", "raw/order", 10.0, null), -1),
                entry(result("encode", "thrpt", "sbe/order", 5.0, null), -1),
                entry(result("encode", "thrpt", "colfer/order", 20.0, null), -1));
        String md = Summary.table(new Table("T", "raw", entries));
        List<String> rows = md.lines().filter(l -> l.startsWith("| CodecBenchmark")).toList();
        assertEquals(3, rows.size());
        // one fork each: no interval, and nothing can be ranked apart, so all share the first rank
        assertTrue(rows.get(0).contains("colfer/order") && rows.get(0).endsWith("| 0.50 | – | =1 |"), rows.get(0));
        assertTrue(rows.get(1).contains("raw/order") && rows.get(1).endsWith("| 1.00 | – | =1 |"), rows.get(1));
        assertTrue(rows.get(2).contains("sbe/order") && rows.get(2).endsWith("| 2.00 | – | =1 |"), rows.get(2));
        assertFalse(md.contains("Size B"), "no result has a size: no size column");
    }

    @Test
    void aTableWithoutBaselineHasNoRatioColumnAndAMissingScoreRanksLast() {
        List<Entry> entries = List.of(
                entry(result("decode", "avgt", "a/m", Double.NaN, null), -1),
                entry(result("decode", "avgt", "b/m", 3.0, null), -1));
        String md = Summary.table(new Table("T", null, entries));
        assertTrue(md.contains("| Benchmark | Mode | Median | 95% CI | Forks | Unit | Alloc B/op | Rank |\n"), md);
        List<String> rows = md.lines().filter(l -> l.startsWith("| CodecBenchmark")).toList();
        assertTrue(rows.get(0).contains("b/m"), rows.toString());
        assertTrue(rows.get(1).contains("| – | – | 0 | ns/op | – | – |"), rows.toString());
    }

    @Test
    void numbersKeepFourSignificantDigitsWithoutExponent() {
        assertEquals("18466", Summary.number(18465.98));
        assertEquals("139.5", Summary.number(139.54));
        assertEquals("44.07", Summary.number(44.071));
        assertEquals("0.123", Summary.number(0.1234));
        assertEquals("–", Summary.number(Double.NaN));
    }

    @Test
    void theWholeFileHasTitleHeaderTablesAndFigures() {
        String md = Summary.markdown("wirebench run 20261122-015305-vm", List.of("Machine: x"),
                List.of(new Table("CodecBenchmark", "raw", List.of(entry(result("encode", "avgt", "raw/order", 1, null), 1)))),
                List.of(new Figure("order: time per operation", "codec-order-heap.png")));
        assertTrue(md.startsWith("# wirebench run 20261122-015305-vm\n\n- Machine: x\n\n## CodecBenchmark\n"), md);
        assertTrue(md.endsWith("### order: time per operation\n\n![order: time per operation](codec-order-heap.png)\n"), md);
    }

    @Test
    void describesTheEnvironmentAnEnvJsonRecords() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode env = json.readTree("""
                {"wirebenchVersion":"0.1.0","jdk":{"vendor":"Eclipse Adoptium","version":"25","vmName":"OpenJDK 64-Bit Server VM",
                 "vmVersion":"25+36","flags":["-Xmx1g"]},"cpu":{"model":"Xeon","cores":2},"memoryBytes":25769803776,
                 "os":{"name":"Linux","version":"6.1","arch":"amd64"},"gitCommit":"0123456789abcdef0123456789abcdef01234567",
                 "libraries":{"dev.wirebench:harness":"0.1.0","org.agrona:agrona":"2.4.1"}}""");
        List<String> lines = Summary.describe(env);
        assertEquals(List.of(
                "Machine: Xeon, 2 cores, 24.0 GiB memory; Linux 6.1 amd64",
                "JDK: Eclipse Adoptium 25 (OpenJDK 64-Bit Server VM 25+36); flags: `-Xmx1g`",
                "wirebench 0.1.0, commit 0123456789ab",
                "Libraries: org.agrona:agrona 2.4.1"), lines);
        // an env.json from an older run, or none at all, still gives a header
        List<String> bare = Summary.describe(json.readTree("{}"));
        assertEquals("wirebench (version not recorded), not run from a git checkout", bare.get(2));
        // and what Environment writes reads back
        List<String> own = Summary.describe(json.readTree(json.writeValueAsString(Environment.capture(java.nio.file.Path.of("")))));
        assertTrue(own.get(0).contains(Runtime.getRuntime().availableProcessors() + " cores"), own.toString());
    }

    @Test
    void aSuitesOwnCountersGetAColumnEachAndProfilerMetricsDoNot() {
        Map<String, Metric> open = Map.of(
                Summary.ALLOC_METRIC, new Metric(40_000, 1, "B/op"),
                "gc.count", new Metric(3, 0, "counts"),
                "stack", new Metric(Double.NaN, Double.NaN, "---"),
                "rssBytesPerSession", new Metric(17291.9, Double.NaN, "#"),
                "heapBytesPerSession", new Metric(7464.9, Double.NaN, "#"));
        JmhResult platform = new JmhResult("dev.wirebench.smpp.jmh.MemoryBenchmark.openSessions", "ss",
                new TreeMap<>(Map.of("sessions", "1000")), new Metric(1035, 2147, "ms/op"), open);
        JmhResult other = new JmhResult("dev.wirebench.smpp.jmh.MemoryBenchmark.openSessions", "ss",
                new TreeMap<>(Map.of("sessions", "10")), new Metric(22.8, 20.4, "ms/op"), Map.of());
        String md = Summary.table(new Table("MemoryBenchmark", null, List.of(
                new Entry(platform, "open", "1000", OptionalLong.empty()), new Entry(other, "open", "10", OptionalLong.empty()))));
        assertTrue(md.contains("| Benchmark | Mode | Median | 95% CI | Forks | Unit | Alloc B/op | heapBytesPerSession | "
                + "rssBytesPerSession | Rank |\n"), md);
        assertTrue(md.contains("| 1035 | – | 1 | ms/op | 40000 | 7465 | 17292 |"), md);
        // a row without the counters shows a dash, not a zero
        assertTrue(md.contains("| 22.80 | – | 1 | ms/op | – | – | – |"), md);
    }
}
