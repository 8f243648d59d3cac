package dev.wirebench.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HolmTest {

    @Test
    void stepsDownThroughTheSortedPValuesKeepingThemMonotone() {
        // sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> raised to 0.06
        assertArrayEquals(new double[]{0.03, 0.06, 0.06, 0.02}, Holm.adjust(new double[]{0.01, 0.04, 0.03, 0.005}), 1e-12);
    }

    @Test
    void casesThatWereNotTestedNeitherCountNorChange() {
        double[] adjusted = Holm.adjust(new double[]{0.01, Double.NaN, 0.02});
        assertEquals(0.02, adjusted[0], 1e-12);
        assertTrue(Double.isNaN(adjusted[1]));
        assertEquals(0.02, adjusted[2], 1e-12);
        assertEquals(2, Holm.tested(new double[]{0.01, Double.NaN, 0.02}));
    }

    @Test
    void theSignTestIsTheBinomialTail() {
        assertEquals(2 / 1024.0, SignTest.pValue(new double[]{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}), 1e-12);
        assertEquals(1.0, SignTest.pValue(new double[]{0.9, 1.1}), 1e-12);
        assertTrue(Double.isNaN(SignTest.pValue(new double[]{1, 1})));
        assertEquals(2 / 1024.0, SignTest.minimumP(10), 1e-12);
    }

    @Test
    void overlappingIntervalsShareARank() {
        List<Estimate> e = List.of(
                new Estimate(1.0, 1.0, 1.0, 8, 1),   // raw against itself
                new Estimate(1.1, 0.95, 1.3, 8, 0.97), // overlaps raw: a tie for first
                new Estimate(2.0, 1.8, 2.2, 8, 0.97),  // both of the above are wholly below it
                new Estimate(2.1, 1.9, 2.5, 8, 0.97)); // ties with the third
        int[] ranks = TiedRanks.of(e, true);
        assertArrayEquals(new int[]{1, 1, 3, 3}, ranks);
        assertEquals("=1", TiedRanks.label(ranks, 0));
        assertEquals("=3", TiedRanks.label(ranks, 3));
        assertArrayEquals(new int[]{3, 3, 1, 1}, TiedRanks.of(e, false), "for rates, higher is better");
        assertEquals("2", TiedRanks.label(new int[]{1, 2}, 1));
    }
}
