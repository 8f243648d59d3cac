package dev.wirebench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MannWhitneyTest {

    @Test
    void theExactNullDistributionIsTheOneInTheTables() {
        // m = n = 3: 20 orderings, U = 0 in one of them, U = 4 in three
        double[] p = MannWhitney.distribution(3, 3);
        assertEquals(10, p.length);
        assertEquals(1.0, Arrays.stream(p).sum(), 1e-12);
        assertEquals(1 / 20.0, p[0], 1e-12);
        assertEquals(3 / 20.0, p[4], 1e-12);
        assertEquals(p[2], p[7], 1e-12, "symmetric");
    }

    @Test
    void fiveForksAllSlowerGiveTheSmallestPossiblePValue() {
        MannWhitney.Result r = MannWhitney.compare(new double[]{100, 101, 102, 103, 104}, new double[]{110, 111, 112, 113, 114});
        assertEquals(2 / 252.0, r.pValue(), 1e-12);
        assertEquals(2 / 252.0, r.minimumP(), 1e-12);
        assertTrue(r.ratio() > 1.08 && r.ratio() < 1.11, "ratio " + r.ratio());
    }

    @Test
    void oneForkEachCanNeverDecide() {
        MannWhitney.Result r = MannWhitney.compare(new double[]{100}, new double[]{300});
        assertEquals(1, r.minimumP());
        assertEquals(3, r.ratio(), 1e-12);
        assertEquals(0, r.ratioLow());
        assertEquals(Double.POSITIVE_INFINITY, r.ratioHigh());
        assertEquals(7, MannWhitney.forksNeeded(0.05 / 80), "80 cases at 5%: seven forks a side");
        assertEquals(4, MannWhitney.forksNeeded(0.05));
    }

    @Test
    void findsATenPercentShiftInTwelveNoisyForksAndEstimatesIt() {
        Random random = new Random(7);
        int found = 0;
        int covered = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            double[] base = sample(random, 12, 100, 0.05);
            double[] next = sample(random, 12, 110, 0.05);
            MannWhitney.Result r = MannWhitney.compare(base, next);
            if (r.pValue() < 0.05) {
                found++;
            }
            if (r.ratioLow() <= 1.10 && 1.10 <= r.ratioHigh()) {
                covered++;
            }
        }
        assertTrue(found > 0.9 * trials, "found " + found + " of " + trials);
        assertTrue(covered >= 0.93 * trials, "the interval held the true ratio " + covered + " of " + trials);
    }

    @Test
    void twoSamplesOfOneDistributionAreSignificantNoMoreOftenThanTheLevel() {
        Random random = new Random(11);
        int falseAlarms = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            MannWhitney.Result r = MannWhitney.compare(sample(random, 10, 100, 0.2), sample(random, 10, 100, 0.2));
            if (r.pValue() < 0.05) {
                falseAlarms++;
            }
        }
        // the exact test is at most 5%; 2000 trials put 3 sd at about 1.5%
        assertTrue(falseAlarms <= 0.065 * trials, falseAlarms + " false alarms in " + trials);
        assertTrue(falseAlarms >= 0.02 * trials, "not so conservative it never fires: " + falseAlarms);
    }

    @Test
    void theNormalApproximationAgreesWithTheExactTestWhereBothApply() {
        Random random = new Random(3);
        double[] base = sample(random, 60, 100, 0.1);
        double[] next = sample(random, 60, 104, 0.1);
        double approx = MannWhitney.compare(base, next).pValue(); // 60 > the exact limit
        double exact = MannWhitney.compare(Arrays.copyOf(base, 50), Arrays.copyOf(next, 50)).pValue();
        assertTrue(approx > 0 && approx < 1 && exact > 0 && exact < 1);
        double[] tied = {100, 100, 101, 102, 103};
        double p = MannWhitney.compare(tied, new double[]{104, 105, 106, 106, 107}).pValue();
        assertTrue(p < 0.02 && p > 0.005, "ties go to the corrected normal approximation: " + p);
    }

    @Test
    void refusesScoresThatAreNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> MannWhitney.compare(new double[]{0}, new double[]{1}));
        assertThrows(IllegalArgumentException.class, () -> MannWhitney.compare(new double[]{}, new double[]{1}));
    }

    private static double[] sample(Random random, int n, double median, double sigma) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = median * Math.exp(random.nextGaussian() * sigma);
        }
        return x;
    }
}
