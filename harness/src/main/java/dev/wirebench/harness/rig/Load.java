package dev.wirebench.harness.rig;

/**
 * How requests are offered: closed loop (each session keeps its requests in flight, sending the next as soon as
 * one completes) or a fixed rate over all sessions, where each request's stamp is its intended send time, so a
 * stall delays and is charged to every request scheduled behind it (no coordinated omission).
 *
 * @param ratePerSecond requests per second over all sessions; 0 for closed loop
 */
public record Load(long ratePerSecond) {

    /** Closed loop. */
    public static final Load CLOSED = new Load(0);

    public Load {
        if (ratePerSecond < 0) {
            throw new IllegalArgumentException("rate must be positive, was " + ratePerSecond);
        }
    }

    /**
     * A fixed rate.
     *
     * @throws IllegalArgumentException unless {@code perSecond} is above 0
     */
    public static Load rate(long perSecond) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("--rate takes requests per second above 0, not " + perSecond);
        }
        return new Load(perSecond);
    }

    public boolean closed() {
        return ratePerSecond == 0;
    }

    /** Nanoseconds between intended send times over all sessions. */
    public long intervalNanos() {
        return closed() ? 0 : Math.max(1, 1_000_000_000L / ratePerSecond);
    }

    @Override
    public String toString() {
        return closed() ? "closed loop" : "fixed rate " + ratePerSecond + "/s";
    }
}
