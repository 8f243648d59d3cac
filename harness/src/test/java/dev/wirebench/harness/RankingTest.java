package dev.wirebench.harness;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class RankingTest {

    private static JmhResult avgt(String codec, List<Double> forks) {
        return new JmhResult("a.CodecBenchmark.decode", "avgt", new TreeMap<>(Map.of("codec", codec)),
                new Metric(forks.get(0), Double.NaN, "ns/op", forks), Map.of());
    }

    @Test
    void ratiosPairForksOfTheSameRoundWhateverTheirOrder() {
        // the machine was twice as slow in round 2: paired by round, the ratio stays 1.5
        JmhResult raw = avgt("raw/m", List.of(100.0, 200.0, 100.0));
        JmhResult sbe = avgt("sbe/m", List.of(300.0, 150.0, 150.0));
        RoundLog log = new RoundLog(1, 3, Map.of(), List.of(), Map.of(
                raw.key(), List.of(1, 2, 3),
                sbe.key(), List.of(2, 1, 3)), List.of(), List.of());
        assertArrayEquals(new double[]{1.5, 1.5, 1.5}, Ranking.ratios(sbe, raw, log), 1e-12);
        // without the log they pair by order, and the drift does not cancel
        assertArrayEquals(new double[]{3.0, 0.75, 1.5}, Ranking.ratios(sbe, raw, null), 1e-12);
    }

    @Test
    void aRoundOnlyOneSideRanInIsLeftOutAndRatesAreInverted() {
        JmhResult raw = avgt("raw/m", List.of(100.0, 100.0));
        JmhResult sbe = avgt("sbe/m", List.of(120.0));
        RoundLog log = new RoundLog(1, 2, Map.of(), List.of(), Map.of(raw.key(), List.of(1, 2), sbe.key(), List.of(2)),
                List.of(), List.of());
        assertArrayEquals(new double[]{1.2}, Ranking.ratios(sbe, raw, log), 1e-12);
        JmhResult fast = new JmhResult("a.B.c", "thrpt", new TreeMap<>(), new Metric(10, 0, "ops/s", List.of(10.0)), Map.of());
        JmhResult slow = new JmhResult("a.B.c", "thrpt", new TreeMap<>(), new Metric(5, 0, "ops/s", List.of(5.0)), Map.of());
        assertArrayEquals(new double[]{2.0}, Ranking.ratios(slow, fast, null), 1e-12, "half the rate costs twice as much");
    }

    @Test
    void theBaselineIsOneExactlyAndRanksFollowThePairedRatios() {
        JmhResult raw = avgt("raw/m", List.of(100.0, 200.0, 100.0, 300.0, 100.0, 200.0));
        JmhResult sbe = avgt("sbe/m", List.of(110.0, 220.0, 110.0, 330.0, 110.0, 220.0));
        List<Ranking.Row> rows = Ranking.of(List.of(sbe, raw), raw, null);
        assertEquals(raw, rows.get(0).result());
        assertEquals(1.0, rows.get(0).ratio().median());
        assertEquals("1", rows.get(0).label());
        // the scores overlap entirely, but every paired ratio is 1.1: sbe ranks second, not tied
        assertEquals(1.1, rows.get(1).ratio().median(), 1e-12);
        assertEquals("2", rows.get(1).label());
    }
}
