package dev.wirebench.harness;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;

/**
 * Latencies in nanoseconds, kept in an HdrHistogram {@link Histogram} at 3 significant digits.
 *
 * <p>The range is fixed (1 hour by default) rather than auto-resizing, so a recording never
 * allocates in the middle of a measurement. A value above the range is not dropped: it is recorded
 * as the highest trackable value and counted in {@link #overflowCount()}, so a report can say that
 * its top percentiles are a floor.
 *
 * <p>Not thread-safe: record and snapshot from one thread. To record on one thread and report from
 * another, use HdrHistogram's {@code org.HdrHistogram.Recorder} instead.
 */
public final class LatencyRecorder {

    /** The default highest trackable value: 1 hour in nanoseconds. */
    public static final long DEFAULT_HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Histogram histogram;
    private final long highestTrackableNanos;
    private long overflowCount;

    /** A recorder for latencies up to {@link #DEFAULT_HIGHEST_TRACKABLE_NANOS}. */
    public LatencyRecorder() {
        this(DEFAULT_HIGHEST_TRACKABLE_NANOS);
    }

    /**
     * A recorder for latencies up to {@code highestTrackableNanos}; higher ones are clamped to it.
     *
     * @throws IllegalArgumentException if {@code highestTrackableNanos} is less than 2
     */
    public LatencyRecorder(long highestTrackableNanos) {
        if (highestTrackableNanos < 2) {
            throw new IllegalArgumentException("highest trackable latency must be >= 2 ns, was " + highestTrackableNanos);
        }
        this.highestTrackableNanos = highestTrackableNanos;
        this.histogram = new Histogram(highestTrackableNanos, SIGNIFICANT_DIGITS);
    }

    /**
     * Records one latency.
     *
     * @throws IllegalArgumentException if {@code nanos} is negative (a clock read in the wrong order)
     */
    public void record(long nanos) {
        histogram.recordValue(clamp(nanos));
    }

    /**
     * Records one latency measured by a sender working to a fixed schedule, correcting for
     * coordinated omission: if {@code nanos} exceeds {@code expectedIntervalNanos}, the samples the
     * stall kept from being sent are added too ({@code nanos - interval}, {@code nanos - 2 * interval},
     * ... down to {@code interval}). A 100 ms stall at a 1 ms interval thus records 100 values.
     * A clamped latency is corrected from the clamped value.
     *
     * <p>Prefer measuring from the intended send time where the sender can; this correction is for
     * when it cannot.
     *
     * @throws IllegalArgumentException if {@code nanos} is negative or the interval is not positive
     */
    public void recordWithExpectedInterval(long nanos, long expectedIntervalNanos) {
        if (expectedIntervalNanos <= 0) {
            throw new IllegalArgumentException("expected interval must be > 0 ns, was " + expectedIntervalNanos);
        }
        histogram.recordValueWithExpectedInterval(clamp(nanos), expectedIntervalNanos);
    }

    private long clamp(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("latency must be >= 0 ns, was " + nanos);
        }
        if (nanos > highestTrackableNanos) {
            overflowCount++;
            return highestTrackableNanos;
        }
        return nanos;
    }

    /** An independent copy of what was recorded so far; later records and resets do not change it. */
    public Histogram snapshot() {
        return histogram.copy();
    }

    /** Forgets every value and the overflow count. */
    public void reset() {
        histogram.reset();
        overflowCount = 0;
    }

    /** How many latencies were above {@link #highestTrackableNanos()} and recorded as that value instead. */
    public long overflowCount() {
        return overflowCount;
    }

    public long highestTrackableNanos() {
        return highestTrackableNanos;
    }
}
