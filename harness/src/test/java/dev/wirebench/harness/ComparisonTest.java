package dev.wirebench.harness;

import dev.wirebench.harness.Comparison.Row;
import dev.wirebench.harness.Comparison.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.wirebench.harness.JmhJsonTest.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {

    private final List<JmhResult> base = JmhJson.read(resource("base.json"));

    @Test
    void aRunComparedWithItselfHasNoChange() {
        Comparison same = Comparison.of(base, base, 5);
        assertEquals(8, same.rows().size());
        assertTrue(same.rows().stream().allMatch(r -> r.verdict() == Verdict.NO_CHANGE && r.changePercent() == 0));
        assertFalse(same.hasRegression());
        assertTrue(same.onlyInBase().isEmpty() && same.onlyInNew().isEmpty());
    }

    @Test
    void findsTheOneBenchmarkMadeHalfAgainAsSlow() {
        Comparison c = Comparison.of(base, JmhJson.read(resource("one-benchmark-50pct-slower.json")), 5);
        List<Row> slower = c.rows().stream().filter(r -> r.verdict() == Verdict.SLOWER).toList();
        assertEquals(1, slower.size());
        assertEquals("CodecBenchmark.traverse buffer=heap codec=raw/order", slower.get(0).base().label());
        assertEquals(50.0, slower.get(0).changePercent(), 1e-9);
        assertTrue(c.hasRegression());
        assertEquals(7, c.rows().stream().filter(r -> r.verdict() == Verdict.NO_CHANGE).count());
    }

    @Test
    void aChangeCountsOnlyWhenTheIntervalsAreApartAndItExceedsTheThreshold() {
        // apart and 50 % slower
        assertEquals(Verdict.SLOWER, verdict(avgt(100, 5), avgt(150, 5), 5));
        // apart and 50 % faster
        assertEquals(Verdict.FASTER, verdict(avgt(100, 5), avgt(50, 5), 5));
        // 50 % slower, but the intervals overlap: JMH cannot tell them apart
        assertEquals(Verdict.NO_CHANGE, verdict(avgt(100, 30), avgt(150, 30), 5));
        // intervals apart, but 3 % is under the threshold
        assertEquals(Verdict.NO_CHANGE, verdict(avgt(100, 0.5), avgt(103, 0.5), 5));
        // the same 3 % counts with a 2 % threshold
        assertEquals(Verdict.SLOWER, verdict(avgt(100, 0.5), avgt(103, 0.5), 2));
        // no error bars (one iteration): the threshold alone decides
        assertEquals(Verdict.SLOWER, verdict(avgt(100, Double.NaN), avgt(110, Double.NaN), 5));
    }

    @Test
    void throughputIsBetterWhenItRises() {
        JmhResult before = result("thrpt", 100, 1);
        assertEquals(Verdict.FASTER, Comparison.of(List.of(before), List.of(result("thrpt", 150, 1)), 5).rows().get(0).verdict());
        assertEquals(Verdict.SLOWER, Comparison.of(List.of(before), List.of(result("thrpt", 50, 1)), 5).rows().get(0).verdict());
    }

    @Test
    void listsBenchmarksThatOnlyOneRunHas() {
        Comparison c = Comparison.of(base.subList(0, 5), base.subList(3, 8), 5);
        assertEquals(2, c.rows().size());
        assertEquals(base.subList(0, 3), c.onlyInBase());
        assertEquals(base.subList(5, 8), c.onlyInNew());
        assertFalse(c.hasRegression());
    }

    @Test
    void refusesANegativeThreshold() {
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(base, base, -1));
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(base, base, Double.NaN));
    }

    private static Verdict verdict(JmhResult before, JmhResult after, double threshold) {
        return Comparison.of(List.of(before), List.of(after), threshold).rows().get(0).verdict();
    }

    private static JmhResult avgt(double score, double error) {
        return result("avgt", score, error);
    }

    private static JmhResult result(String mode, double score, double error) {
        return new JmhResult("a.B.c", mode, new TreeMap<>(Map.of("codec", "x/y")), new Metric(score, error, "ns/op"), Map.of());
    }
}
