package dev.wirebench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhJsonTest {

    static Path resource(String name) {
        try {
            return Path.of(JmhJsonTest.class.getResource("/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readsEveryBenchmarkOfARealJmhFile() {
        List<JmhResult> results = JmhJson.read(resource("base.json"));
        assertEquals(8, results.size());
        JmhResult first = results.get(0);
        assertEquals("dev.wirebench.benchmarks.CodecBenchmark.encode", first.benchmark());
        assertEquals("avgt", first.mode());
        assertEquals(Map.of("buffer", "heap", "codec", "raw/market-data"), first.params());
        assertEquals(44.133, first.primary().score(), 0.001);
        assertEquals(13.508, first.primary().error(), 0.001);
        assertEquals("ns/op", first.primary().unit());
        assertEquals("B/op", first.secondary().get("gc.alloc.rate.norm").unit());
        assertEquals("CodecBenchmark.encode buffer=heap codec=raw/market-data", first.label());
        assertTrue(first.lowerIsBetter());
    }

    @Test
    void describesHowTheBenchmarksWereRun() throws Exception {
        assertEquals(List.of("JMH 1.37: 2 forks, 1 thread, warm-up 4 × 1 s, measurement 5 × 1 s"),
                JmhJson.readSettings(resource("base.json")));
    }

    @Test
    void readsTheJsonOfARunFolder(@TempDir Path folder) throws Exception {
        Files.copy(resource("base.json"), folder.resolve(JmhJson.FILE_NAME));
        assertEquals(8, JmhJson.read(folder).size());
    }

    @Test
    void readsNaNErrorsOfSingleIterationRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one.json");
        Files.writeString(file, """
                [{"benchmark": "a.B.c", "mode": "thrpt",
                  "primaryMetric": {"score": 12.5, "scoreError": "NaN", "scoreUnit": "ops/us"}}]""");
        JmhResult result = JmhJson.read(file).get(0);
        assertTrue(Double.isNaN(result.primary().error()));
        assertEquals(0, result.primary().errorOrZero());
        assertEquals("B.c", result.label());
        assertTrue(result.params().isEmpty());
        assertTrue(!result.lowerIsBetter(), "throughput: higher is better");
    }

    @Test
    void saysInOneLineWhyAFileIsNotJmhJson(@TempDir Path dir) throws Exception {
        assertMessage(dir.resolve("missing.json"), "missing.json: no such file");
        assertMessage(dir, "jmh.json: no such file in the run folder");
        assertMessage(write(dir, "text.json", "Benchmark  Mode  Cnt  Score"), "text.json is not JSON");
        assertMessage(write(dir, "object.json", "{\"benchmark\": \"x\"}"), "object.json is not JMH's JSON: expected an array");
        assertMessage(write(dir, "other.json", "[{\"name\": \"x\"}]"),
                "other.json is not JMH's JSON: benchmark #1 lacks benchmark, mode or primaryMetric");
        assertMessage(write(dir, "score.json", "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": {\"score\": \"fast\"}}]"),
                "score.json is not JMH's JSON: benchmark #1 has a metric without a numeric score");
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static void assertMessage(Path file, String expected) {
        ResultsException e = assertThrows(ResultsException.class, () -> JmhJson.read(file));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void aForkIsOneSampleTheMedianOfItsIterations(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("forks.json");
        Files.writeString(file, """
                [{"benchmark": "a.B.c", "mode": "avgt",
                  "primaryMetric": {"score": 50, "scoreError": 9, "scoreUnit": "ns/op",
                                    "rawData": [[10, 900, 12], [20, 21, 22, 23], ["NaN", 30]]},
                  "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 8, "scoreError": 0, "scoreUnit": "B/op",
                                        "rawData": [[8, 8, 8], [8, 8, 8, 8], [8, 8]]}}}]""");
        JmhResult result = JmhJson.read(file).get(0);
        assertEquals(List.of(12.0, 21.5, 30.0), result.primary().forks(), "a tenfold iteration does not move its fork");
        assertEquals(3, result.primary().samples().length);
        assertEquals(List.of(8.0, 8.0, 8.0), result.secondary().get("gc.alloc.rate.norm").forks());
    }
}
