package dev.wirebench.harness.rig;

import org.HdrHistogram.Histogram;

import java.util.List;

/** Hears each window of the measured time as it closes, with its own histograms: the interval log's source. */
@FunctionalInterface
public interface WindowListener {

    /** Hears nothing. */
    WindowListener NONE = (index, startNanos, endNanos, latency) -> {
    };

    /** The measured time began, at {@code epochMillis} by this machine's clock; called once, before any window. */
    default void measuring(long epochMillis) {
    }

    /**
     * One window closed.
     *
     * @param startNanos its start, nanoseconds after the measured time began
     * @param endNanos   its end, likewise (the last window also holds the responses that came after the
     *                   measured time to requests sent inside it)
     * @param latency    the latencies recorded in it, one histogram per response; the rig reuses them after
     *                   the call returns
     */
    void window(int index, long startNanos, long endNanos, List<Histogram> latency);
}
