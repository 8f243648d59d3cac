package dev.wirebench.harness.results;

import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Metric;
import dev.wirebench.harness.RoundLog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JmhMeasuresTest {

    private static JmhResult result(String mode, List<Double> forks, List<Double> alloc) {
        return new JmhResult("dev.wirebench.benchmarks.CodecBenchmark.encode", mode, new TreeMap<>(Map.of("codec", "sbe/order")),
                new Metric(forks.get(0), Double.NaN, "ns/op", forks),
                Map.of(JmhMeasures.ALLOC_METRIC, new Metric(alloc.get(0), Double.NaN, "B/op", alloc)));
    }

    @Test
    void aBenchmarkIsItsTimeAndItsAllocationRoundedToWholeBytesEachForkPairedWithItsRound() {
        JmhResult r = result("avgt", List.of(30.0, 31.0, 29.0), List.of(0.004, 24.2, 23.9));
        RoundLog rounds = new RoundLog(7, 3, Map.of(), List.of(), Map.of(r.key(), List.of(2, 1, 3)), List.of(), List.of());
        List<Measure> measures = JmhMeasures.of(List.of(r), JmhMeasures::defaultDims, rounds);
        assertEquals(2, measures.size());
        Measure time = measures.get(0);
        assertEquals("time", time.metric());
        assertEquals(Better.LOWER, time.better());
        assertEquals(Map.of("benchmark", "CodecBenchmark", "operation", "encode", "codec", "sbe/order"), time.dims());
        assertEquals(List.of(2, 1, 3), time.rounds());
        assertEquals(List.of(0.0, 24.0, 24.0), measures.get(1).samples(), "the profiler's thousandths of a byte are 0");
        assertEquals(List.of(2, 1, 3), measures.get(1).rounds());
    }

    @Test
    void throughputIsBetterHigherAndForksTheRoundLogDoesNotMatchAreNotPaired() {
        JmhResult r = result("thrpt", List.of(3.0, 3.1), List.of(0.0, 0.0));
        RoundLog rounds = new RoundLog(7, 3, Map.of(), List.of(), Map.of(r.key(), List.of(1, 2, 3)), List.of(), List.of());
        Measure rate = JmhMeasures.of(List.of(r), JmhMeasures::defaultDims, rounds).get(0);
        assertEquals("throughput", rate.metric());
        assertEquals(Better.HIGHER, rate.better());
        assertEquals(List.of(), rate.rounds(), "two forks, three rounds: which fork ran when is not known");
    }

    @Test
    void aSuitesOwnCountersAreMeasuresAndProfilerMetricsAreNot() {
        Map<String, Metric> secondary = Map.of(
                JmhMeasures.ALLOC_METRIC, new Metric(40_000, 1, "B/op", List.of(40_000.0, 40_002.0)),
                "gc.count", new Metric(3, 0, "counts", List.of(3.0, 3.0)),
                "stack", new Metric(Double.NaN, Double.NaN, "---"),
                "rssBytesPerSession", new Metric(17291.9, Double.NaN, "#", List.of(17291.9, 17300.1)),
                "heapBytesPerSession", new Metric(Double.NaN, Double.NaN, "#", List.of(Double.NaN, Double.NaN)),
                "opened", new Metric(5, Double.NaN, "ops/s", List.of(5.0, 6.0)));
        JmhResult r = new JmhResult("dev.wirebench.smpp.jmh.MemoryBenchmark.openSessions", "ss",
                new TreeMap<>(Map.of("sessions", "1000")), new Metric(1035, 2147, "ms/op", List.of(1000.0, 1070.0)), secondary);
        List<Measure> measures = JmhMeasures.of(List.of(r));
        assertEquals(List.of("time (single shot)", "allocation", "opened", "rssBytesPerSession"),
                measures.stream().map(Measure::metric).toList(), "no profiler metric, and a counter that was NaN (not Linux) is left out");
        Measure rss = measures.get(3);
        assertEquals(List.of(17291.9, 17300.1), rss.samples());
        assertEquals("#", rss.unit());
        assertEquals(Better.LOWER, rss.better());
        assertEquals(Better.HIGHER, measures.get(2).better(), "a counter in a rate is better higher");
    }
}
