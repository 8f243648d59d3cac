package dev.wirebench.harness.stats;

import java.util.Arrays;
import java.util.List;

/**
 * The median of independent samples (one per fork, or one ratio per round) with a distribution-free
 * confidence interval built from order statistics: {@code [x(k), x(n+1-k)]} for the largest {@code k}
 * whose binomial coverage is at least the level asked for. It assumes nothing about the shape of the
 * samples, which on a shared machine is skewed and sometimes bimodal (a fork whose JIT chose another
 * plan). Below six samples no such interval reaches 95%; the interval is then the whole range and
 * {@link #confidence()} says how much less it covers.
 *
 * @param median     the sample median (the mean of the middle two for an even count); NaN with no samples
 * @param low        the interval's lower end
 * @param high       the interval's upper end
 * @param n          how many samples
 * @param confidence the interval's actual coverage of the true median, e.g. 0.961 (0 for one sample)
 */
public record Estimate(double median, double low, double high, int n, double confidence) {

    /** The level every interval aims at. */
    public static final double LEVEL = 0.95;

    /** The median and 95% interval of {@code samples}; NaN values are left out. */
    public static Estimate of(List<Double> samples) {
        return of(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The median and 95% interval of {@code samples}; NaN values are left out. */
    public static Estimate of(double... samples) {
        double[] x = Arrays.stream(samples).filter(v -> !Double.isNaN(v)).sorted().toArray();
        int n = x.length;
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0, 0);
        }
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
        int k = Math.max(1, ranksFromEachEnd(n, LEVEL));
        return new Estimate(median, x[k - 1], x[n - k], n, coverage(n, k));
    }

    /**
     * The largest {@code k >= 1} such that {@code [x(k), x(n+1-k)]} covers the median with at least
     * {@code level}, or 0 when even the whole range does not.
     */
    static int ranksFromEachEnd(int n, double level) {
        int best = 0;
        for (int k = 1; k <= (n + 1) / 2; k++) {
            if (coverage(n, k) >= level) {
                best = k;
            } else {
                break;
            }
        }
        return best;
    }

    /** P(k <= B <= n-k) for B ~ Binomial(n, 1/2): how often {@code [x(k), x(n+1-k)]} holds the median. */
    static double coverage(int n, int k) {
        if (n == 1) {
            return 0;
        }
        return Math.max(0, 1 - 2 * Binomial.lowerTail(n, k - 1));
    }

    /** Whether the two intervals share a point. */
    public boolean overlaps(Estimate other) {
        return low <= other.high && other.low <= high;
    }

    /** Half the interval's width relative to the median: 0.1 for {@code 100 [90, 110]}. */
    public double relativeHalfWidth() {
        return (high - low) / 2 / Math.abs(median);
    }

    /** Whether the interval reaches the level every interval aims at (six samples or more). */
    public boolean reachesLevel() {
        return confidence >= LEVEL;
    }
}
