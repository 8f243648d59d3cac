package dev.wirebench.harness;

import dev.wirebench.harness.stats.Estimate;
import dev.wirebench.harness.stats.TiedRanks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One ranking group of cases (e.g. every format on one message and operation), estimated and ranked:
 * each case's median of fork samples with its interval, its cost relative to the group's baseline as
 * the median of per-round ratios (so drift common to a round cancels) with its interval, and a rank
 * that two cases share when their intervals overlap.
 */
public final class Ranking {

    /**
     * One case of the group.
     *
     * @param result the case as JMH reported it
     * @param score  median of its fork samples and the interval
     * @param ratio  its cost relative to the baseline (above 1: costs more), or null without a baseline
     * @param rank   1 for the best; cases whose intervals overlap share a rank; 0 when it has no score
     * @param label  the rank as shown: {@code 1}, {@code =2}
     */
    public record Row(JmhResult result, Estimate score, Estimate ratio, int rank, String label) {
    }

    private Ranking() {
    }

    /**
     * Estimates and ranks {@code results}, best first (by rank, then median).
     *
     * @param baseline the member every case is compared with, or null to rank on the scores themselves
     * @param rounds   the run's round log, to pair forks by round; null pairs them by their order
     */
    public static List<Row> of(List<JmhResult> results, JmhResult baseline, RoundLog rounds) {
        List<Estimate> scores = new ArrayList<>();
        List<Estimate> ratios = new ArrayList<>();
        for (JmhResult r : results) {
            scores.add(Estimate.of(r.primary().samples()));
            ratios.add(baseline == null ? null : r == baseline ? new Estimate(1, 1, 1, r.primary().samples().length, 1)
                    : Estimate.of(ratios(r, baseline, rounds)));
        }
        // ranked on the ratios where there is a baseline: they are paired by round, so sharper than the scores
        List<Estimate> ranked = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            ranked.add(rankable(baseline == null ? scores.get(i) : ratios.get(i)));
        }
        boolean lowerIsBetter = baseline != null || results.isEmpty() || results.get(0).lowerIsBetter();
        int[] ranks = TiedRanks.of(ranked, lowerIsBetter);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            rows.add(new Row(results.get(i), scores.get(i), ratios.get(i), ranks[i], TiedRanks.label(ranks, i)));
        }
        rows.sort((a, b) -> {
            int byRank = Integer.compare(a.rank() == 0 ? Integer.MAX_VALUE : a.rank(), b.rank() == 0 ? Integer.MAX_VALUE : b.rank());
            if (byRank != 0) {
                return byRank;
            }
            double x = a.ratio() != null ? a.ratio().median() : a.score().median();
            double y = b.ratio() != null ? b.ratio().median() : b.score().median();
            boolean lower = a.ratio() != null || a.result().lowerIsBetter();
            return lower ? Double.compare(nanLast(x), nanLast(y)) : Double.compare(nanLast(-x), nanLast(-y));
        });
        return rows;
    }

    /**
     * One sample of fork cannot rank against another: its interval is everything. With two or more,
     * the interval as estimated (the whole range below six, with less than 95% coverage).
     */
    private static Estimate rankable(Estimate e) {
        if (e == null || e.n() >= 2) {
            return e;
        }
        return new Estimate(e.median(), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, e.n(), e.confidence());
    }

    private static double nanLast(double v) {
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    /**
     * The cost of {@code result} relative to {@code base}, one ratio per round both ran in: time over the
     * base's time, or the base's rate over the rate. Without a round log, forks pair by their order.
     */
    public static double[] ratios(JmhResult result, JmhResult base, RoundLog rounds) {
        List<Double> mine = result.primary().forks().isEmpty() ? List.of(result.primary().score()) : result.primary().forks();
        List<Double> theirs = base.primary().forks().isEmpty() ? List.of(base.primary().score()) : base.primary().forks();
        List<Integer> myRounds = rounds == null ? null : rounds.roundsOf(result.key());
        List<Integer> theirRounds = rounds == null ? null : rounds.roundsOf(base.key());
        List<double[]> pairs = new ArrayList<>();
        if (myRounds != null && theirRounds != null && myRounds.size() == mine.size() && theirRounds.size() == theirs.size()) {
            // the k-th fork of a round pairs with the other's k-th fork of the same round
            Map<String, Double> byRound = new HashMap<>();
            Map<Integer, Integer> seen = new HashMap<>();
            for (int i = 0; i < theirs.size(); i++) {
                int k = seen.merge(theirRounds.get(i), 1, Integer::sum);
                byRound.put(theirRounds.get(i) + "/" + k, theirs.get(i));
            }
            seen.clear();
            for (int i = 0; i < mine.size(); i++) {
                int k = seen.merge(myRounds.get(i), 1, Integer::sum);
                Double other = byRound.get(myRounds.get(i) + "/" + k);
                if (other != null) {
                    pairs.add(new double[]{mine.get(i), other});
                }
            }
        } else {
            for (int i = 0; i < Math.min(mine.size(), theirs.size()); i++) {
                pairs.add(new double[]{mine.get(i), theirs.get(i)});
            }
        }
        boolean lower = result.lowerIsBetter();
        return pairs.stream().mapToDouble(p -> lower ? p[0] / p[1] : p[1] / p[0])
                .filter(r -> Double.isFinite(r) && r > 0).toArray();
    }
}
