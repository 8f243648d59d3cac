package dev.wirebench.pg;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpsImpactTest {

    @Test
    void coresAreTheMeanTimesTheRate() {
        QpsImpact.Impact impact = QpsImpact.compute(List.of(10, 10_000), 3_000, 267_000, 2);
        QpsImpact.Row top = impact.rows().get(1);
        assertEquals(0.03, top.binaryCores(), 1e-12);
        assertEquals(2.67, top.jsonCores(), 1e-12);
        assertEquals(2.64, top.extraCores(), 1e-12);
        assertEquals(0.00264, impact.rows().get(0).extraCores(), 1e-12);
    }

    @Test
    void theVerdictFollowsTheNumbers() {
        // the reference's own figures: 3 µs vs 267 µs; at 10k QPS that is 2.64 extra cores, not "negligible"
        String verdict = QpsImpact.compute(List.of(10, 100, 1000, 5000, 10_000), 3_000, 267_000, 2).verdict();
        assertTrue(verdict.contains("negligible (under 5% of a core) up to 100 QPS, but not from 1,000 QPS on"), verdict);
        assertTrue(verdict.contains("at 10,000 QPS JSON needs 2.64 more cores"), verdict);
        assertTrue(verdict.contains("saturate all 2 cores from 7,491 QPS"), verdict);
    }

    @Test
    void aSmallDifferenceIsCalledNegligible() {
        String verdict = QpsImpact.compute(List.of(10, 100), 1_000, 2_000, 8).verdict();
        assertTrue(verdict.contains("negligible at these rates"), verdict);
    }

    @Test
    void notNegligibleEvenAtTheLowestRate() {
        String verdict = QpsImpact.compute(List.of(1000), 1_000, 100_000, 4).verdict();
        assertTrue(verdict.contains("not negligible even at 1,000 QPS"), verdict);
    }
}
