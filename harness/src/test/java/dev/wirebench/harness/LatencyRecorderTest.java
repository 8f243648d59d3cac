package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyRecorderTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void percentilesOfUniformLatenciesAreWhereTheyShouldBe() {
        LatencyRecorder recorder = new LatencyRecorder();
        for (long us = 1; us <= 1000; us++) {
            recorder.record(us * 1000);
        }
        Histogram h = recorder.snapshot();
        assertEquals(1000, h.getTotalCount());
        assertEquals(1000, h.getMinValue(), "values below 2048 ns are kept exactly");
        // 3 significant digits: a percentile is the top of its bucket, at most 0.1% above the value
        assertEquals(500_000, h.getValueAtPercentile(50), 500);
        assertEquals(990_000, h.getValueAtPercentile(99), 990);
        assertTrue(h.valuesAreEquivalent(1_000_000, h.getMaxValue()), "max " + h.getMaxValue());
        assertEquals(0, recorder.overflowCount());
    }

    @Test
    void rejectsANegativeLatencyNamingIt() {
        LatencyRecorder recorder = new LatencyRecorder();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> recorder.record(-5));
        assertEquals("latency must be >= 0 ns, was -5", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> recorder.recordWithExpectedInterval(-5, MS));
        assertEquals(0, recorder.snapshot().getTotalCount());
    }

    @Test
    void clampsALatencyAboveTheRangeAndCountsIt() {
        LatencyRecorder recorder = new LatencyRecorder(1_000_000);
        recorder.record(1_000_000);
        recorder.record(5_000_000);
        Histogram h = recorder.snapshot();
        assertEquals(2, h.getTotalCount(), "an overflow is recorded, not dropped");
        assertEquals(1, recorder.overflowCount(), "only the value above the range counts");
        assertTrue(h.valuesAreEquivalent(1_000_000, h.getMaxValue()), "max " + h.getMaxValue());
    }

    @Test
    void theDefaultRangeIsOneHour() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.record(TimeUnit.HOURS.toNanos(1));
        assertEquals(0, recorder.overflowCount());
        recorder.record(TimeUnit.HOURS.toNanos(2));
        assertEquals(1, recorder.overflowCount());
    }

    @Test
    void correctsCoordinatedOmissionWithTheSamplesAStallHeldBack() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.recordWithExpectedInterval(100 * MS, MS);
        Histogram h = recorder.snapshot();
        assertEquals(100, h.getTotalCount(), "100 ms, then 99 ms, 98 ms ... 1 ms");
        assertTrue(h.valuesAreEquivalent(MS, h.getMinValue()), "min " + h.getMinValue());
        assertTrue(h.valuesAreEquivalent(50 * MS, h.getValueAtPercentile(50)));

        recorder.recordWithExpectedInterval(MS / 2, MS);
        assertEquals(101, recorder.snapshot().getTotalCount(), "a latency within the interval adds nothing");
    }

    @Test
    void rejectsAnExpectedIntervalThatIsNotPositive() {
        LatencyRecorder recorder = new LatencyRecorder();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> recorder.recordWithExpectedInterval(MS, 0));
        assertEquals("expected interval must be > 0 ns, was 0", e.getMessage());
    }

    @Test
    void aSnapshotIsNotChangedByLaterRecordsOrResets() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.record(10);
        Histogram snapshot = recorder.snapshot();
        recorder.record(20);
        recorder.record(30);
        assertEquals(1, snapshot.getTotalCount());
        assertEquals(10, snapshot.getMaxValue());
        recorder.reset();
        assertEquals(1, snapshot.getTotalCount());
    }

    @Test
    void resetForgetsValuesAndOverflows() {
        LatencyRecorder recorder = new LatencyRecorder(1000);
        recorder.record(10);
        recorder.record(5000);
        recorder.reset();
        assertEquals(0, recorder.snapshot().getTotalCount());
        assertEquals(0, recorder.overflowCount());
        recorder.record(7);
        assertEquals(7, recorder.snapshot().getMaxValue());
    }

    @Test
    void rejectsARangeTooSmallForAHistogram() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LatencyRecorder(1));
        assertEquals("highest trackable latency must be >= 2 ns, was 1", e.getMessage());
    }
}
