package dev.wirebench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EstimateTest {

    @Test
    void theIntervalIsTheOrderStatisticsWhoseBinomialCoverageFirstReachesNinetyFivePercent() {
        // n = 6: [x(1), x(6)] covers 1 - 2/64 = 96.9%
        Estimate six = Estimate.of(6, 1, 5, 2, 4, 3);
        assertEquals(3.5, six.median());
        assertEquals(1, six.low());
        assertEquals(6, six.high());
        assertEquals(1 - 2.0 / 64, six.confidence(), 1e-12);
        // n = 10: [x(2), x(9)] covers 1 - 2 * 11/1024 = 97.9%; [x(3), x(8)] would cover only 89%
        Estimate ten = Estimate.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertEquals(2, ten.low());
        assertEquals(9, ten.high());
        assertEquals(1 - 2 * 11.0 / 1024, ten.confidence(), 1e-12);
        assertTrue(ten.reachesLevel());
    }

    @Test
    void belowSixSamplesTheIntervalIsTheRangeAndSaysItCoversLess() {
        Estimate five = Estimate.of(10, 12, 11, 13, 30);
        assertEquals(12, five.median());
        assertEquals(10, five.low());
        assertEquals(30, five.high());
        assertEquals(1 - 2.0 / 32, five.confidence(), 1e-12);
        assertFalse(five.reachesLevel());
        Estimate one = Estimate.of(7);
        assertEquals(7, one.median());
        assertEquals(0, one.confidence());
        assertTrue(Double.isNaN(Estimate.of().median()));
        assertEquals(2, Estimate.of(1, Double.NaN, 3).n(), "NaN samples are left out");
    }

    @Test
    void coversTheTrueMedianOfASkewedDistributionAtLeastNinetyFivePercentOfTheTime() {
        Random random = new Random(42);
        for (int n : new int[]{6, 8, 12, 20}) {
            int covered = 0;
            int trials = 4000;
            for (int t = 0; t < trials; t++) {
                double[] x = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = Math.exp(random.nextGaussian() * 0.5) * 100; // log-normal: true median 100
                }
                Estimate e = Estimate.of(x);
                if (e.low() <= 100 && 100 <= e.high()) {
                    covered++;
                }
            }
            double rate = covered / (double) trials;
            // binomial coverage is at least 95% by construction; 4000 trials put 3 sd at about 1%
            assertTrue(rate >= 0.94, "n=" + n + ": covered " + rate);
        }
    }

    @Test
    void intervalsOverlapWhenTheyShareAPoint() {
        Estimate a = new Estimate(10, 9, 11, 6, 0.97);
        assertTrue(a.overlaps(new Estimate(12, 11, 13, 6, 0.97)));
        assertFalse(a.overlaps(new Estimate(12, 11.5, 13, 6, 0.97)));
        assertEquals(0.1, a.relativeHalfWidth(), 1e-12);
    }
}
