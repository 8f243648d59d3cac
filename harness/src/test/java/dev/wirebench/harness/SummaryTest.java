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

    @Test
    void ranksEachGroupBestFirstAndComparesWithTheBaselineOfTheSameGroup() {
        List<Entry> entries = List.of(
                entry(result("encode", "avgt", "sbe/order", 92.0, 0.002), 72),
                entry(result("encode", "avgt", "raw/order", 65.9, 0.0), 71),
                entry(result("encode", "avgt", "jdk/order", 2000.0, 4321.4), 578),
                entry(result("encode", "avgt", "sbe/user", 50.0, 0.0), 84));
        String md = Summary.table(new Table("CodecBenchmark", "raw", entries));
        assertEquals("""
                ## CodecBenchmark

                Ranked best first within each group; × raw is the score relative to raw in the same group (above 1: costs more).

                | Benchmark | Mode | Score | Error | Unit | Alloc B/op | Size B | × raw |
                | --- | --- | ---: | ---: | --- | ---: | ---: | ---: |
                | CodecBenchmark.encode codec=raw/order | avgt | 65.90 | 0.659 | ns/op | 0 | 71 | 1.00 |
                | CodecBenchmark.encode codec=sbe/order | avgt | 92.00 | 0.920 | ns/op | 0 | 72 | 1.40 |
                | CodecBenchmark.encode codec=jdk/order | avgt | 2000 | 20.00 | ns/op | 4321 | 578 | 30.35 |
                | CodecBenchmark.encode codec=sbe/user | avgt | 50.00 | 0.500 | ns/op | 0 | 84 | – |
                """, md);
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
        assertTrue(rows.get(0).contains("colfer/order") && rows.get(0).endsWith("| – | 0.50 |"), rows.get(0));
        assertTrue(rows.get(1).contains("raw/order") && rows.get(1).endsWith("| 1.00 |"), rows.get(1));
        assertTrue(rows.get(2).contains("sbe/order") && rows.get(2).endsWith("| 2.00 |"), rows.get(2));
        assertFalse(md.contains("Size B"), "no result has a size: no size column");
    }

    @Test
    void aTableWithoutBaselineHasNoRatioColumnAndAMissingScoreRanksLast() {
        List<Entry> entries = List.of(
                entry(result("decode", "avgt", "a/m", Double.NaN, null), -1),
                entry(result("decode", "avgt", "b/m", 3.0, null), -1));
        String md = Summary.table(new Table("T", null, entries));
        assertTrue(md.contains("| Benchmark | Mode | Score | Error | Unit | Alloc B/op |\n"), md);
        List<String> rows = md.lines().filter(l -> l.startsWith("| CodecBenchmark")).toList();
        assertTrue(rows.get(0).contains("b/m"), rows.toString());
        assertTrue(rows.get(1).contains("| – | – | ns/op | – |"), rows.toString());
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
    void environmentBulletsAreTheDescriptionAsMarkdownOrSayTheFileIsUnreadable(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path env = dir.resolve("env.json");
        java.nio.file.Files.writeString(env, "{\"cpu\":{\"model\":\"Xeon\",\"cores\":2}}");
        String md = Summary.environmentBullets(env);
        assertTrue(md.startsWith("- Machine: Xeon, 2 cores,"), md);
        assertEquals(3, md.lines().filter(line -> line.startsWith("- ")).count(), md);
        assertTrue(md.endsWith("\n"), md);
        String missing = Summary.environmentBullets(dir.resolve("absent.json"));
        assertTrue(missing.startsWith("- environment: not readable (") && missing.contains("absent.json"), missing);
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
        assertTrue(md.contains("| Benchmark | Mode | Score | Error | Unit | Alloc B/op | heapBytesPerSession | rssBytesPerSession |\n"), md);
        assertTrue(md.contains("| 1035 | 2147 | ms/op | 40000 | 7465 | 17292 |\n"), md);
        // a row without the counters shows a dash, not a zero
        assertTrue(md.contains("| 22.80 | 20.40 | ms/op | – | – | – |\n"), md);
    }
}
