package dev.wirebench.harness.results;

import dev.wirebench.harness.stats.Estimate;
import dev.wirebench.harness.stats.Holm;
import dev.wirebench.harness.stats.MannWhitney;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs of one suite side by side, measure by measure (matched by case and metric), judged on their
 * samples. Per measure: the change as a Hodges–Lehmann ratio new ÷ base with its 95% interval, and a
 * Mann–Whitney rank test of the two runs' samples; the p-values of all measures are corrected together
 * (Holm), so that eighty cases compared at 5% do not yield four false alarms. A measure is <em>worse</em>
 * or <em>better</em> (in its own direction: a time that rises, a rate that falls is worse) only when its
 * corrected p-value is below {@value #ALPHA} and the change exceeds the threshold; {@code ~} when the data
 * show no such change; <em>inconclusive</em> when the runs have too few samples for any change to reach
 * significance (one sample each can never decide, however large the difference). An exact measure (a size)
 * has no noise: any change beyond the threshold counts.
 */
public final class Comparison {

    /** The family-wise error rate: the chance that any measure of the table is flagged wrongly. */
    public static final double ALPHA = 0.05;
    /** The smallest change, in percent, that counts unless a caller says otherwise ({@code compare}, the history site). */
    public static final double DEFAULT_THRESHOLD_PERCENT = 5;

    /** What happened to one measure between the base and the new run. */
    public enum Verdict {
        WORSE("worse"), BETTER("better"), SAME("~"), INCONCLUSIVE("inconclusive");

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
     * One measure in both runs.
     *
     * @param ratio     Hodges–Lehmann estimate of new ÷ base; the plain ratio of medians when a side has one
     *                  sample, the values are not all positive, or the measure is exact
     * @param ratioLow  its 95% interval (0 and +∞ when there is none)
     * @param ratioHigh see ratioLow
     * @param pValue    Mann–Whitney two-sided p-value; NaN when not tested
     * @param adjustedP after Holm's correction over every measure tested; NaN when not tested
     */
    public record Row(Measure base, Measure next, Estimate baseEstimate, Estimate nextEstimate, double ratio,
                      double ratioLow, double ratioHigh, double pValue, double adjustedP, Verdict verdict) {

        /** {@code (ratio - 1)} in percent. */
        public double changePercent() {
            return (ratio - 1) * 100;
        }

        /** Whether the change has an interval. */
        public boolean hasInterval() {
            return ratioLow > 0 || !Double.isInfinite(ratioHigh);
        }
    }

    private final double thresholdPercent;
    private final List<Row> rows;
    private final List<Measure> onlyInBase;
    private final List<Measure> onlyInNew;
    private final int samplesNeeded;

    private Comparison(double thresholdPercent, List<Row> rows, List<Measure> onlyInBase, List<Measure> onlyInNew,
                       int samplesNeeded) {
        this.thresholdPercent = thresholdPercent;
        this.rows = List.copyOf(rows);
        this.onlyInBase = List.copyOf(onlyInBase);
        this.onlyInNew = List.copyOf(onlyInNew);
        this.samplesNeeded = samplesNeeded;
    }

    /**
     * Compares {@code next} with {@code base}, in the order of {@code base} (then what only {@code next} has).
     *
     * @param thresholdPercent the smallest change, in percent of the base, that counts
     * @throws IllegalArgumentException if the threshold is negative or not a number
     */
    public static Comparison of(List<Measure> base, List<Measure> next, double thresholdPercent) {
        if (!(thresholdPercent >= 0)) {
            throw new IllegalArgumentException("threshold must be a percentage >= 0, was " + thresholdPercent);
        }
        Map<String, Measure> unmatched = new LinkedHashMap<>();
        next.forEach(m -> unmatched.put(m.key(), m));
        List<Measure[]> pairs = new ArrayList<>();
        List<Measure> onlyInBase = new ArrayList<>();
        for (Measure b : base) {
            Measure n = unmatched.remove(b.key());
            if (n == null) {
                onlyInBase.add(b);
            } else {
                pairs.add(new Measure[]{b, n});
            }
        }
        List<MannWhitney.Result> tests = new ArrayList<>();
        double[] p = new double[pairs.size()];
        int tested = 0;
        for (int i = 0; i < pairs.size(); i++) {
            MannWhitney.Result test = test(pairs.get(i)[0], pairs.get(i)[1]);
            tests.add(test);
            p[i] = test == null ? Double.NaN : test.pValue();
            tested += isTestable(pairs.get(i)[0]) ? 1 : 0;
        }
        double[] adjusted = Holm.adjust(p);
        // the strictest level Holm may hold a measure to: below it, even samples all on one side would not count
        double strictest = ALPHA / Math.max(1, tested);
        int samplesNeeded = MannWhitney.forksNeeded(strictest);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            rows.add(row(pairs.get(i)[0], pairs.get(i)[1], tests.get(i), adjusted[i], strictest, thresholdPercent));
        }
        return new Comparison(thresholdPercent, rows, onlyInBase, new ArrayList<>(unmatched.values()), samplesNeeded);
    }

    private static boolean isTestable(Measure m) {
        return m.sample() != Sample.EXACT;
    }

    /** The rank test of the two runs' samples, or null when the measure is exact or a side has one sample. */
    private static MannWhitney.Result test(Measure base, Measure next) {
        double[] b = values(base);
        double[] n = values(next);
        if (!isTestable(base) || !isTestable(next) || b.length < 2 || n.length < 2) {
            return null;
        }
        if (allPositive(b) && allPositive(n)) {
            return MannWhitney.compare(b, n);
        }
        // a count that can be zero (bytes allocated): the rank test sees only the order of the values, which a
        // shift keeps; the ratio interval, which needs logarithms of the values themselves, is left out
        double shift = 1 - Math.min(Arrays.stream(b).min().orElse(0), Arrays.stream(n).min().orElse(0));
        MannWhitney.Result shifted = MannWhitney.compare(plus(b, shift), plus(n, shift));
        return new MannWhitney.Result(shifted.pValue(), shifted.minimumP(), Double.NaN, 0, Double.POSITIVE_INFINITY,
                0);
    }

    private static Row row(Measure base, Measure next, MannWhitney.Result test, double adjustedP, double strictest,
                           double thresholdPercent) {
        Estimate b = base.estimate();
        Estimate n = next.estimate();
        double medianRatio = b.median() == n.median() ? 1 : n.median() / b.median();
        if (!isTestable(base) || !isTestable(next)) {
            boolean changed = Math.abs(medianRatio - 1) * 100 > thresholdPercent;
            return new Row(base, next, b, n, medianRatio, 0, Double.POSITIVE_INFINITY, Double.NaN, Double.NaN,
                    changed ? direction(base, medianRatio) : Verdict.SAME);
        }
        if (test == null) {
            return new Row(base, next, b, n, medianRatio, 0, Double.POSITIVE_INFINITY, Double.NaN, Double.NaN,
                    Verdict.INCONCLUSIVE);
        }
        double ratio = Double.isNaN(test.ratio()) ? medianRatio : test.ratio();
        Verdict verdict;
        if (adjustedP < ALPHA && Math.abs(ratio - 1) * 100 > thresholdPercent) {
            verdict = direction(base, ratio);
        } else if (adjustedP < ALPHA || test.minimumP() < strictest) {
            verdict = Verdict.SAME;
        } else {
            verdict = Verdict.INCONCLUSIVE;
        }
        return new Row(base, next, b, n, ratio, test.ratioLow(), test.ratioHigh(), test.pValue(), adjustedP, verdict);
    }

    private static Verdict direction(Measure base, double ratio) {
        return (ratio > 1) == (base.better() == Better.LOWER) ? Verdict.WORSE : Verdict.BETTER;
    }

    private static double[] values(Measure m) {
        return m.samples().stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] plus(double[] values, double shift) {
        return Arrays.stream(values).map(v -> v + shift).toArray();
    }

    private static boolean allPositive(double[] samples) {
        for (double s : samples) {
            if (!(s > 0)) {
                return false;
            }
        }
        return true;
    }

    public double thresholdPercent() {
        return thresholdPercent;
    }

    /** The measures both runs have. */
    public List<Row> rows() {
        return rows;
    }

    /** Measures the base run has and the new one lacks. */
    public List<Measure> onlyInBase() {
        return onlyInBase;
    }

    /** Measures only the new run has. */
    public List<Measure> onlyInNew() {
        return onlyInNew;
    }

    /** Samples per run that a measure of this table needs before a change of any size can be called. */
    public int samplesNeeded() {
        return samplesNeeded;
    }

    /** Whether at least one measure got worse. */
    public boolean hasRegression() {
        return rows.stream().anyMatch(r -> r.verdict() == Verdict.WORSE);
    }

    /** How many rows have the verdict. */
    public long count(Verdict verdict) {
        return rows.stream().filter(r -> r.verdict() == verdict).count();
    }
}
