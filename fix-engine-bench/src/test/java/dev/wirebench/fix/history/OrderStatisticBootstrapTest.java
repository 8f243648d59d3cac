package dev.wirebench.fix.history;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrderStatisticBootstrapTest {

    private static final int REPLICATES = 4000;

    @Test
    void shouldGiveTheSameReplicateDistributionAsNaiveResampling() {
        long[] sorted = distinctLogNormal(200, 1);
        int n = sorted.length;
        for (double p : new double[]{50, 90, 99}) {
            long[] beta = new OrderStatisticBootstrap(7, REPLICATES).replicates(sorted, p);
            long[] naive = naiveReplicates(sorted, p, new SplittableRandom(11));
            // A 2.5% point of 4000 replicates lies within ~0.0025 (one standard error) of its probability,
            // so two independent estimates differ by ~0.0035; near those tails no rank holds less than
            // ~0.008 of the mass, so three standard errors are at most ~1.3 ranks: allow 2.
            for (double q : new double[]{2.5, 97.5}) {
                int at = OrderStatisticBootstrap.rank(q, REPLICATES) - 1;
                int betaRank = Arrays.binarySearch(sorted, beta[at]);
                int naiveRank = Arrays.binarySearch(sorted, naive[at]);
                assertTrue(Math.abs(betaRank - naiveRank) <= 2,
                        "p" + p + " " + q + "% point: rank " + betaRank + " (Beta) vs " + naiveRank + " (naive) of " + n);
            }
            // the whole distributions too: two-sample Kolmogorov-Smirnov at 4000 each, 0.1% level ~ 0.044
            double ks = kolmogorovSmirnov(sorted, beta, naive);
            assertTrue(ks < 0.044, "p" + p + ": KS distance " + ks);
        }
    }

    @Test
    void shouldPutEachEstimateInsideItsInterval() {
        long[] sorted = distinctLogNormal(1000, 2);
        OrderStatisticBootstrap bootstrap = new OrderStatisticBootstrap(OrderStatisticBootstrap.SEED, 10_000);
        for (double p : AnalyseCommand.PERCENTILES) {
            PercentileInterval interval = bootstrap.interval(sorted, p);
            assertEquals(sorted[OrderStatisticBootstrap.rank(p, sorted.length) - 1], interval.estimate());
            assertTrue(interval.low() <= interval.estimate() && interval.estimate() <= interval.high(), interval.toString());
            assertTrue(interval.low() < interval.high() || p == 99.99, "a real interval for p" + p + ": " + interval);
        }
    }

    @Test
    void shouldNarrowAsTheSampleGrows() {
        for (double p : new double[]{50, 99}) {
            long small = width(distinctLogNormal(200, 3), p);
            long large = width(distinctLogNormal(20_000, 3), p);
            // the width shrinks as 1/sqrt(n): 10 times here; a third is far beyond sampling noise
            assertTrue(large * 3 < small, "p" + p + ": width " + large + " at n=20000 vs " + small + " at n=200");
        }
    }

    @Test
    void shouldGiveTheSameIntervalsForTheSameSeed() {
        long[] sorted = distinctLogNormal(500, 4);
        assertArrayEquals(new OrderStatisticBootstrap(5, 1000).replicates(sorted, 90),
                new OrderStatisticBootstrap(5, 1000).replicates(sorted, 90));
    }

    @Test
    void shouldRankPercentilesExactlyWithoutFloatingPointSlips() {
        assertEquals(9999, OrderStatisticBootstrap.rank(99.99, 10_000));
        assertEquals(990, OrderStatisticBootstrap.rank(99, 1000));
        assertEquals(500, OrderStatisticBootstrap.rank(50, 1000));
        assertEquals(501, OrderStatisticBootstrap.rank(50, 1001));
        assertEquals(1000, OrderStatisticBootstrap.rank(99.99, 1000));
        assertEquals(1, OrderStatisticBootstrap.rank(50, 1));
    }

    @Test
    void shouldDrawBetaWithItsMeanAndVariance() {
        SplittableRandom random = new SplittableRandom(9);
        double[][] shapes = {{3, 7}, {1, 1}, {500, 2}, {1_000_000, 1_000_000}};
        int draws = 20_000;
        for (double[] ab : shapes) {
            double a = ab[0];
            double b = ab[1];
            double sum = 0;
            double sumSquares = 0;
            for (int i = 0; i < draws; i++) {
                double x = BetaSampler.beta(random, a, b);
                sum += x;
                sumSquares += x * x;
            }
            double mean = sum / draws;
            double variance = sumSquares / draws - mean * mean;
            double expectedMean = a / (a + b);
            double expectedVariance = a * b / ((a + b) * (a + b) * (a + b + 1));
            // within 5 standard errors of the mean, and the variance within 10%
            assertEquals(expectedMean, mean, 5 * Math.sqrt(expectedVariance / draws), "mean of Beta(" + a + ", " + b + ")");
            assertEquals(expectedVariance, variance, 0.1 * expectedVariance, "variance of Beta(" + a + ", " + b + ")");
        }
    }

    private static long width(long[] sorted, double p) {
        PercentileInterval interval = new OrderStatisticBootstrap(1, 2000).interval(sorted, p);
        return interval.high() - interval.low();
    }

    /** The textbook bootstrap: resample n values with replacement, take the k-th smallest. */
    private static long[] naiveReplicates(long[] sorted, double p, SplittableRandom random) {
        int n = sorted.length;
        int k = OrderStatisticBootstrap.rank(p, n);
        long[] replicates = new long[REPLICATES];
        long[] resample = new long[n];
        for (int r = 0; r < REPLICATES; r++) {
            for (int i = 0; i < n; i++) {
                resample[i] = sorted[random.nextInt(n)];
            }
            Arrays.sort(resample);
            replicates[r] = resample[k - 1];
        }
        Arrays.sort(replicates);
        return replicates;
    }

    /** The largest gap between the two replicates' distribution functions, over the sample's values. */
    private static double kolmogorovSmirnov(long[] sorted, long[] a, long[] b) {
        double worst = 0;
        for (long x : sorted) {
            worst = Math.max(worst, Math.abs(share(a, x) - share(b, x)));
        }
        return worst;
    }

    private static double share(long[] ascending, long x) {
        int below = 0;
        while (below < ascending.length && ascending[below] <= x) {
            below++;
        }
        return (double) below / ascending.length;
    }

    /** {@code n} distinct values like latencies (log-normal around 100 µs, in ns), ascending. */
    private static long[] distinctLogNormal(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TreeSet<Long> values = new TreeSet<>();
        while (values.size() < n) {
            values.add(Math.round(100_000 * Math.exp(0.5 * random.nextGaussian())));
        }
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
