package dev.wirebench.fix.history;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap confidence intervals for percentiles of a sorted sample, in O(replicates)
 * rather than O(replicates * n).
 *
 * <p>Naively each replicate resamples n values with replacement and takes the k-th smallest. A
 * resample is n uniforms mapped through the sample's quantile function {@code u -> x(ceil(n u))},
 * which is monotone, so the resample's k-th smallest is {@code x(ceil(n U))} where U is the k-th
 * smallest of n uniforms: {@code U ~ Beta(k, n - k + 1)}. One Beta draw thus gives one replicate of
 * one percentile exactly, whatever n is.
 *
 * <p>The random stream is a {@link SplittableRandom} from a fixed seed ({@link #SEED} by default), so
 * the same file gives the same intervals every time.
 */
final class OrderStatisticBootstrap {

    /** The seed of every analysis, so that analysing a file twice prints the same intervals. */
    static final long SEED = 20_251_121L;
    /** The share of replicates the interval holds: 95%. */
    static final double CONFIDENCE = 0.95;

    private final SplittableRandom random;
    private final int replicates;

    /** @throws IllegalArgumentException if {@code replicates} is not positive */
    OrderStatisticBootstrap(long seed, int replicates) {
        if (replicates <= 0) {
            throw new IllegalArgumentException("bootstrap replicates must be > 0, was " + replicates);
        }
        this.random = new SplittableRandom(seed);
        this.replicates = replicates;
    }

    /**
     * The {@code percentile} of {@code sorted} and its 95% interval: the 2.5% and 97.5% points of the
     * replicates (nearest rank).
     *
     * @throws IllegalArgumentException if {@code sorted} is empty or the percentile not in (0, 100]
     */
    PercentileInterval interval(long[] sorted, double percentile) {
        long[] values = replicates(sorted, percentile);
        double tail = (1 - CONFIDENCE) / 2;
        return new PercentileInterval(percentile, sorted[rank(percentile, sorted.length) - 1],
                values[rank(100 * tail, values.length) - 1], values[rank(100 * (1 - tail), values.length) - 1]);
    }

    /** The bootstrap replicates of the {@code percentile} of {@code sorted} (ascending), ascending. */
    long[] replicates(long[] sorted, double percentile) {
        int n = sorted.length;
        int k = rank(percentile, n);
        long[] values = new long[replicates];
        for (int i = 0; i < replicates; i++) {
            double u = BetaSampler.beta(random, k, n - k + 1.0);
            int index = (int) Math.ceil(n * u);
            values[i] = sorted[Math.min(n, Math.max(1, index)) - 1];
        }
        Arrays.sort(values);
        return values;
    }

    /**
     * The nearest rank of {@code percentile} among {@code n} values: {@code ceil(p/100 * n)}, at least 1,
     * in exact decimal arithmetic so that p99.99 of 10 000 values is the 9 999th and not, by a rounding
     * error, the 10 000th.
     *
     * @throws IllegalArgumentException if {@code n} is not positive or the percentile not in (0, 100]
     */
    static int rank(double percentile, int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("a percentile of no values has no rank");
        }
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("a percentile must be in (0, 100], was " + percentile);
        }
        BigDecimal exact = BigDecimal.valueOf(percentile).multiply(BigDecimal.valueOf(n)).movePointLeft(2);
        return Math.max(1, exact.setScale(0, RoundingMode.CEILING).intValueExact());
    }
}
