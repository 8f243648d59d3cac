package dev.wirebench.harness;

import dev.wirebench.harness.Comparison.Row;
import dev.wirebench.harness.Comparison.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static dev.wirebench.harness.JmhJsonTest.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {

    private final List<JmhResult> base = JmhJson.read(resource("base.json"));

    @Test
    void oneForkARunCannotDecideSoEveryCaseIsInconclusiveEvenAHalfSlowerOne() {
        // base.json has no per-fork data: each case is one sample, which no test can judge
        Comparison c = Comparison.of(base, JmhJson.read(resource("one-benchmark-50pct-slower.json")), 5);
        assertEquals(8, c.rows().size());
        assertEquals(8, c.count(Verdict.INCONCLUSIVE));
        Row slower = c.rows().stream().filter(r -> r.base().label().equals("CodecBenchmark.traverse buffer=heap codec=raw/order"))
                .findFirst().orElseThrow();
        assertEquals(50.0, slower.changePercent(), 1e-9, "the change is still estimated, only not judged");
        assertFalse(c.hasRegression());
        assertEquals(6, c.forksNeeded(), "eight cases at 5% after Holm: six forks a run");
    }

    @Test
    void findsTheOneCaseOfManyThatGotSlowerAndNothingElse() {
        Random random = new Random(5);
        List<JmhResult> before = new ArrayList<>();
        List<JmhResult> after = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            before.add(avgt("case" + i, forks(random, 12, 100, 0.15)));
            after.add(avgt("case" + i, forks(random, 12, i == 7 ? 150 : 100, 0.15)));
        }
        Comparison c = Comparison.of(before, after, 5);
        assertEquals(1, c.count(Verdict.SLOWER), c.rows().toString());
        Row slower = c.rows().get(7);
        assertEquals(Verdict.SLOWER, slower.verdict());
        assertTrue(slower.ratioLow() < 1.5 && 1.5 < slower.ratioHigh(), "the interval holds the true ratio: " + slower);
        assertEquals(39, c.count(Verdict.SAME), "twelve forks are enough to call the rest unchanged");
        assertTrue(c.hasRegression());
    }

    @Test
    void anAaPairOfManyNoisyCasesRaisesAFalseAlarmInAtMostOneTableInTwenty() {
        Random random = new Random(9);
        int tablesWithAnAlarm = 0;
        int trials = 40;
        for (int trial = 0; trial < trials; trial++) {
            List<JmhResult> a = new ArrayList<>();
            List<JmhResult> b = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                a.add(avgt("case" + i, forks(random, 10, 100, 0.3)));
                b.add(avgt("case" + i, forks(random, 10, 100, 0.3)));
            }
            Comparison c = Comparison.of(a, b, 5);
            if (c.count(Verdict.SLOWER) + c.count(Verdict.FASTER) > 0) {
                tablesWithAnAlarm++;
            }
        }
        // Holm holds the chance of any false alarm in a table to 5%: two tables in forty expected; without
        // the correction, 80 cases at 5% would raise about four alarms in every table
        assertTrue(tablesWithAnAlarm <= 4, tablesWithAnAlarm + " of " + trials + " tables had a false alarm");
    }

    @Test
    void aSignificantChangeUnderTheThresholdIsNoChange() {
        JmhResult before = avgt("a", List.of(100.0, 100.1, 100.2, 100.3, 100.4, 100.5, 100.6, 100.7));
        JmhResult after = avgt("a", List.of(103.0, 103.1, 103.2, 103.3, 103.4, 103.5, 103.6, 103.7));
        assertEquals(Verdict.SAME, verdict(before, after, 5));
        assertEquals(Verdict.SLOWER, verdict(before, after, 2));
    }

    @Test
    void throughputIsBetterWhenItRises() {
        List<Double> hundred = List.of(100.0, 101.0, 99.0, 100.5, 99.5, 100.2);
        JmhResult before = result("thrpt", hundred);
        assertEquals(Verdict.FASTER, verdict(before, result("thrpt", hundred.stream().map(v -> v * 1.5).toList()), 5));
        assertEquals(Verdict.SLOWER, verdict(before, result("thrpt", hundred.stream().map(v -> v * 0.5).toList()), 5));
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

    private static List<Double> forks(Random random, int n, double median, double sigma) {
        List<Double> forks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            forks.add(median * Math.exp(random.nextGaussian() * sigma));
        }
        return forks;
    }

    private static Verdict verdict(JmhResult before, JmhResult after, double threshold) {
        return Comparison.of(List.of(before), List.of(after), threshold).rows().get(0).verdict();
    }

    private static JmhResult avgt(String codec, List<Double> forks) {
        return new JmhResult("a.B.c", "avgt", new TreeMap<>(Map.of("codec", codec)),
                new Metric(forks.get(0), Double.NaN, "ns/op", forks), Map.of());
    }

    private static JmhResult result(String mode, List<Double> forks) {
        return new JmhResult("a.B.c", mode, new TreeMap<>(Map.of("codec", "x/y")),
                new Metric(forks.get(0), Double.NaN, "ops/s", forks), Map.of());
    }
}
