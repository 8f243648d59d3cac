package dev.wirebench.harness.soak;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrendTest {

    private static double[] minutes(int n) {
        double[] m = new double[n];
        for (int i = 0; i < n; i++) {
            m[i] = i;
        }
        return m;
    }

    @Test
    void findsTheSlopeAndTheGrowthOfALine() {
        // 100 + 2 per minute over 0..30: the first five minutes' median is at minute 2.5, the last's at 27.5
        double[] m = minutes(31);
        double[] v = new double[31];
        for (int i = 0; i < v.length; i++) {
            v[i] = 100 + 2 * i;
        }
        Trend t = Trend.of(m, v, 5);
        assertEquals(2.0, t.slopePerMinute(), 1e-9);
        assertEquals(105, t.first(), 1e-9);
        assertEquals(155, t.last(), 1e-9);
        assertEquals(155 / 105.0 - 1, t.growth(), 1e-9);
        assertTrue(t.grows());
        assertEquals(31, t.samples());
    }

    @Test
    void callsAFlatNoisySeriesWithinTheGoal() {
        double[] v = new double[31];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 2 == 0 ? 100 : 104;
        }
        Trend t = Trend.of(minutes(31), v, 5);
        assertFalse(t.grows());
        assertTrue(Math.abs(t.slopePerMinute()) < 0.2, "slope " + t.slopePerMinute());
        assertTrue(t.known());
    }

    @Test
    void takesTheMedianSoOneSpikeInTheFirstMinutesIsNoLevel() {
        double[] v = {100, 500, 100, 100, 100, 100, 100, 109, 109, 109, 109, 109, 109};
        Trend t = Trend.of(minutes(v.length), v, 5);
        assertEquals(100, t.first(), 1e-9);
        assertEquals(109, t.last(), 1e-9);
        assertEquals(0.09, t.growth(), 1e-9);
        assertFalse(t.grows());
        v[v.length - 1] = 112;
        v[v.length - 2] = 112;
        v[v.length - 3] = 112;
        assertTrue(Trend.of(minutes(v.length), v, 5).grows());
    }

    @Test
    void leavesOutUnknownSamplesAndSaysWhenTooFewAreLeft() {
        Trend some = Trend.of(new double[] {0, 1, 2, 3}, new double[] {-1, 10, -1, 20}, 1);
        assertEquals(2, some.samples());
        assertEquals(10, some.first(), 1e-9);
        assertEquals(20, some.last(), 1e-9);
        assertEquals(5.0, some.slopePerMinute(), 1e-9);
        Trend none = Trend.of(new double[] {0, 1}, new double[] {-1, 7}, 1);
        assertFalse(none.known());
        assertFalse(none.grows());
    }

    @Test
    void judgesNoGrowthFromALevelOfZero() {
        Trend t = Trend.of(minutes(4), new double[] {0, 0, 5, 5}, 1);
        assertFalse(t.known());
        assertEquals(2.0, t.slopePerMinute(), 1e-9);
    }

    @Test
    void takesASixthOfASoakShorterThanThirtyMinutesAsItsBaseline() {
        assertEquals(5, Trend.baseline(30));
        assertEquals(5, Trend.baseline(120));
        assertEquals(1.0 / 6, Trend.baseline(1), 1e-12);
    }

    @Test
    void refusesTimesAndValuesOfDifferentLengths() {
        assertThrows(IllegalArgumentException.class, () -> Trend.of(new double[2], new double[3], 1));
    }
}
