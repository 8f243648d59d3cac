package dev.wirebench.harness.results;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.results.Comparison.Row;
import dev.wirebench.harness.results.Comparison.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {

    private final List<Measure> base = jmh("base.json");

    static List<Measure> jmh(String resource) {
        try {
            return JmhMeasures.of(JmhJson.read(Path.of(ComparisonTest.class.getResource("/" + resource).toURI())));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void oneForkARunCannotDecideSoEveryCaseIsInconclusiveEvenAHalfSlowerOne() {
        // base.json has no per-fork data: each case is one sample, which no test can judge
        Comparison c = Comparison.of(base, jmh("one-benchmark-50pct-slower.json"), 5);
        List<Row> times = c.rows().stream().filter(r -> r.base().metric().equals("time")).toList();
        assertEquals(8, times.size());
        assertEquals(8, times.stream().filter(r -> r.verdict() == Verdict.INCONCLUSIVE).count());
        Row slower = times.stream().filter(r -> r.base().caseLabel()
                .equals("benchmark=CodecBenchmark operation=traverse buffer=heap codec=raw/order")).findFirst().orElseThrow();
        assertEquals(50.0, slower.changePercent(), 1e-9, "the change is still estimated, only not judged");
        assertFalse(c.hasRegression());
    }

    @Test
    void findsTheOneCaseOfManyThatGotSlowerAndNothingElse() {
        Random random = new Random(5);
        List<Measure> before = new ArrayList<>();
        List<Measure> after = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            before.add(time("case" + i, samples(random, 12, 100, 0.15)));
            after.add(time("case" + i, samples(random, 12, i == 7 ? 150 : 100, 0.15)));
        }
        Comparison c = Comparison.of(before, after, 5);
        assertEquals(1, c.count(Verdict.WORSE), c.rows().toString());
        Row slower = c.rows().get(7);
        assertEquals(Verdict.WORSE, slower.verdict());
        assertTrue(slower.ratioLow() < 1.5 && 1.5 < slower.ratioHigh(), "the interval holds the true ratio: " + slower);
        assertEquals(39, c.count(Verdict.SAME), "twelve samples are enough to call the rest unchanged");
        assertTrue(c.hasRegression());
    }

    @Test
    void anAaPairOfManyNoisyCasesRaisesAFalseAlarmInAtMostOneTableInTwenty() {
        Random random = new Random(9);
        int tablesWithAnAlarm = 0;
        int trials = 40;
        for (int trial = 0; trial < trials; trial++) {
            List<Measure> a = new ArrayList<>();
            List<Measure> b = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                a.add(time("case" + i, samples(random, 10, 100, 0.3)));
                b.add(time("case" + i, samples(random, 10, 100, 0.3)));
            }
            Comparison c = Comparison.of(a, b, 5);
            if (c.count(Verdict.WORSE) + c.count(Verdict.BETTER) > 0) {
                tablesWithAnAlarm++;
            }
        }
        // Holm holds the chance of any false alarm in a table to 5%: two tables in forty expected; without
        // the correction, 80 cases at 5% would raise about four alarms in every table
        assertTrue(tablesWithAnAlarm <= 4, tablesWithAnAlarm + " of " + trials + " tables had a false alarm");
    }

    @Test
    void aSignificantChangeUnderTheThresholdIsNoChange() {
        Measure before = time("a", List.of(100.0, 100.1, 100.2, 100.3, 100.4, 100.5, 100.6, 100.7));
        Measure after = time("a", List.of(103.0, 103.1, 103.2, 103.3, 103.4, 103.5, 103.6, 103.7));
        assertEquals(Verdict.SAME, verdict(before, after, 5));
        assertEquals(Verdict.WORSE, verdict(before, after, 2));
    }

    @Test
    void aRateIsBetterWhenItRises() {
        List<Double> hundred = List.of(100.0, 101.0, 99.0, 100.5, 99.5, 100.2);
        Measure before = rate(hundred);
        assertEquals(Verdict.BETTER, verdict(before, rate(hundred.stream().map(v -> v * 1.5).toList()), 5));
        assertEquals(Verdict.WORSE, verdict(before, rate(hundred.stream().map(v -> v * 0.5).toList()), 5));
    }

    @Test
    void allocatingWhereNothingWasAllocatedIsWorseAndNothingAgainstNothingIsNoChange() {
        List<Double> zeros = List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        List<Double> some = List.of(24.0, 24.0, 24.0, 24.0, 24.0, 24.0, 24.0, 24.0);
        Row row = Comparison.of(List.of(bytes(zeros)), List.of(bytes(some)), 5).rows().get(0);
        assertEquals(Verdict.WORSE, row.verdict(), row.toString());
        assertFalse(row.hasInterval(), "a ratio to zero has no interval");
        assertEquals(Verdict.SAME, verdict(bytes(zeros), bytes(zeros), 5));
    }

    @Test
    void anExactValueChangesWhenItMovesBeyondTheThresholdWithNoSamplesToTest() {
        Measure size = Measure.exact(Map.of("format", "sbe"), "size", "B", Better.LOWER, 100);
        assertEquals(Verdict.SAME, verdict(size, Measure.exact(Map.of("format", "sbe"), "size", "B", Better.LOWER, 104), 5));
        assertEquals(Verdict.WORSE, verdict(size, Measure.exact(Map.of("format", "sbe"), "size", "B", Better.LOWER, 120), 5));
        assertEquals(Verdict.BETTER, verdict(size, Measure.exact(Map.of("format", "sbe"), "size", "B", Better.LOWER, 80), 5));
    }

    @Test
    void casesMatchOnTheirDimensionsWhateverTheirOrder() {
        Measure a = new Measure(new java.util.LinkedHashMap<>(Map.of("engine", "raw")), "p50", "µs", Better.LOWER,
                Sample.REPEAT, List.of(1.0, 2.0));
        java.util.LinkedHashMap<String, String> twoDims = new java.util.LinkedHashMap<>();
        twoDims.put("rate", "0");
        twoDims.put("engine", "raw");
        java.util.LinkedHashMap<String, String> reversed = new java.util.LinkedHashMap<>();
        reversed.put("engine", "raw");
        reversed.put("rate", "0");
        Measure b = new Measure(twoDims, "p50", "µs", Better.LOWER, Sample.REPEAT, List.of(1.0, 2.0));
        Measure c = new Measure(reversed, "p50", "µs", Better.LOWER, Sample.REPEAT, List.of(1.0, 2.0));
        assertEquals(1, Comparison.of(List.of(a, b), List.of(c), 5).rows().size());
        assertEquals(List.of(a), Comparison.of(List.of(a, b), List.of(c), 5).onlyInBase());
    }

    @Test
    void listsMeasuresThatOnlyOneRunHas() {
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

    private static List<Double> samples(Random random, int n, double median, double sigma) {
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            samples.add(median * Math.exp(random.nextGaussian() * sigma));
        }
        return samples;
    }

    private static Verdict verdict(Measure before, Measure after, double threshold) {
        return Comparison.of(List.of(before), List.of(after), threshold).rows().get(0).verdict();
    }

    private static Measure time(String codec, List<Double> samples) {
        return new Measure(Map.of("codec", codec), "time", "ns/op", Better.LOWER, Sample.FORK, samples);
    }

    private static Measure rate(List<Double> samples) {
        return new Measure(Map.of("codec", "x/y"), "throughput", "ops/s", Better.HIGHER, Sample.FORK, samples);
    }

    private static Measure bytes(List<Double> samples) {
        return new Measure(Map.of("codec", "x/y"), "allocation", "B/op", Better.LOWER, Sample.FORK, samples);
    }
}
