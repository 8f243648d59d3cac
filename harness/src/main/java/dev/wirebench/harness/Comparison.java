package dev.wirebench.harness;

import dev.wirebench.harness.stats.Estimate;
import dev.wirebench.harness.stats.Holm;
import dev.wirebench.harness.stats.MannWhitney;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs side by side, case by case (matched by method, mode and parameters), judged on their fork
 * samples. Per case: the change as a Hodges–Lehmann ratio new ÷ base with its 95% interval, and a
 * Mann–Whitney rank test of the two runs' forks; the p-values of all cases are corrected together
 * (Holm), so that eighty cases compared at 5% do not yield four false alarms. A case is
 * <em>slower</em> or <em>faster</em> only when its corrected p-value is below {@value #ALPHA} and the
 * change exceeds the threshold; {@code ~} when the data show no such change; <em>inconclusive</em>
 * when the runs have too few forks for any change to reach significance (one fork each can never
 * decide, however large the difference).
 */
public final class Comparison {

    /** The family-wise error rate: the chance that any case of the table is flagged wrongly. */
    public static final double ALPHA = 0.05;

    /** What happened to one case between the base and the new run. */
    public enum Verdict {
        FASTER("faster"), SLOWER("slower"), SAME("~"), INCONCLUSIVE("inconclusive");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * One case in both runs.
     *
     * @param baseEstimate median of the base run's fork samples with its interval
     * @param nextEstimate the same of the new run
     * @param ratio        Hodges–Lehmann estimate of new ÷ base (of the scores as JMH reports them: a time
     *                     or a rate); the plain ratio of medians when either side has one fork
     * @param ratioLow     its 95% interval (0 and +∞ when the forks are too few for one)
     * @param ratioHigh    see ratioLow
     * @param pValue       Mann–Whitney two-sided p-value; NaN when a side has one fork
     * @param adjustedP    after Holm's correction over every case tested; NaN when not tested
     * @param verdict      see {@link Verdict}
     */
    public record Row(JmhResult base, JmhResult next, Estimate baseEstimate, Estimate nextEstimate, double ratio,
                      double ratioLow, double ratioHigh, double pValue, double adjustedP, Verdict verdict) {

        /** {@code (ratio - 1)} in percent. */
        public double changePercent() {
            return (ratio - 1) * 100;
        }
    }

    private final double thresholdPercent;
    private final List<Row> rows;
    private final List<JmhResult> onlyInBase;
    private final List<JmhResult> onlyInNew;
    private final int forksNeeded;

    private Comparison(double thresholdPercent, List<Row> rows, List<JmhResult> onlyInBase, List<JmhResult> onlyInNew,
                       int forksNeeded) {
        this.thresholdPercent = thresholdPercent;
        this.rows = List.copyOf(rows);
        this.onlyInBase = List.copyOf(onlyInBase);
        this.onlyInNew = List.copyOf(onlyInNew);
        this.forksNeeded = forksNeeded;
    }

    /**
     * Compares {@code next} with {@code base}, in the order of {@code base} (then what only {@code next} has).
     *
     * @param thresholdPercent the smallest change, in percent of the base, that counts
     * @throws IllegalArgumentException if the threshold is negative or not a number
     */
    public static Comparison of(List<JmhResult> base, List<JmhResult> next, double thresholdPercent) {
        if (!(thresholdPercent >= 0)) {
            throw new IllegalArgumentException("threshold must be a percentage >= 0, was " + thresholdPercent);
        }
        Map<String, JmhResult> unmatched = new LinkedHashMap<>();
        next.forEach(r -> unmatched.put(r.key(), r));
        List<JmhResult[]> pairs = new ArrayList<>();
        List<JmhResult> onlyInBase = new ArrayList<>();
        for (JmhResult b : base) {
            JmhResult n = unmatched.remove(b.key());
            if (n == null) {
                onlyInBase.add(b);
            } else {
                pairs.add(new JmhResult[]{b, n});
            }
        }
        List<MannWhitney.Result> tests = new ArrayList<>();
        double[] p = new double[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            MannWhitney.Result test = test(pairs.get(i)[0], pairs.get(i)[1]);
            tests.add(test);
            p[i] = test == null ? Double.NaN : test.pValue();
        }
        double[] adjusted = Holm.adjust(p);
        // the strictest level Holm may hold a case to: below it, even forks all on one side would not count
        double strictest = ALPHA / Math.max(1, pairs.size());
        int forksNeeded = MannWhitney.forksNeeded(strictest);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            rows.add(row(pairs.get(i)[0], pairs.get(i)[1], tests.get(i), adjusted[i], strictest, thresholdPercent));
        }
        return new Comparison(thresholdPercent, rows, onlyInBase, new ArrayList<>(unmatched.values()), forksNeeded);
    }

    /** The rank test of the two forks' samples, or null when either side has fewer than two positive ones. */
    private static MannWhitney.Result test(JmhResult base, JmhResult next) {
        double[] b = base.primary().samples();
        double[] n = next.primary().samples();
        if (b.length < 2 || n.length < 2 || !allPositive(b) || !allPositive(n)) {
            return null;
        }
        return MannWhitney.compare(b, n);
    }

    private static Row row(JmhResult base, JmhResult next, MannWhitney.Result test, double adjustedP, double strictest,
                           double thresholdPercent) {
        Estimate b = Estimate.of(base.primary().samples());
        Estimate n = Estimate.of(next.primary().samples());
        if (test == null) {
            return new Row(base, next, b, n, n.median() / b.median(), 0, Double.POSITIVE_INFINITY, Double.NaN,
                    Double.NaN, Verdict.INCONCLUSIVE);
        }
        Verdict verdict;
        if (adjustedP < ALPHA && Math.abs(test.ratio() - 1) * 100 > thresholdPercent) {
            boolean larger = test.ratio() > 1;
            verdict = larger == base.lowerIsBetter() ? Verdict.SLOWER : Verdict.FASTER;
        } else if (adjustedP < ALPHA || test.minimumP() < strictest) {
            verdict = Verdict.SAME;
        } else {
            verdict = Verdict.INCONCLUSIVE;
        }
        return new Row(base, next, b, n, test.ratio(), test.ratioLow(), test.ratioHigh(), test.pValue(), adjustedP, verdict);
    }

    private static boolean allPositive(double[] samples) {
        for (double s : samples) {
            if (!(s > 0) || Double.isInfinite(s)) {
                return false;
            }
        }
        return true;
    }

    public double thresholdPercent() {
        return thresholdPercent;
    }

    /** The cases both runs have. */
    public List<Row> rows() {
        return rows;
    }

    /** Cases the base run has and the new one lacks. */
    public List<JmhResult> onlyInBase() {
        return onlyInBase;
    }

    /** Cases only the new run has. */
    public List<JmhResult> onlyInNew() {
        return onlyInNew;
    }

    /** Forks per run that a case of this table needs before a change of any size can be called. */
    public int forksNeeded() {
        return forksNeeded;
    }

    /** Whether at least one case got slower. */
    public boolean hasRegression() {
        return rows.stream().anyMatch(r -> r.verdict() == Verdict.SLOWER);
    }

    /** How many rows have the verdict. */
    public long count(Verdict verdict) {
        return rows.stream().filter(r -> r.verdict() == verdict).count();
    }
}
