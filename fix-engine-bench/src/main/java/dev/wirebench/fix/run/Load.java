package dev.wirebench.fix.run;

/**
 * How orders are offered: closed loop (one order in flight, the next sent when the previous one's
 * fill arrives, as the reference benchmark did) or open loop at a fixed rate, where each order's stamp
 * is its intended send time, so a stall delays and is charged to every order scheduled behind it
 * (no coordinated omission).
 */
public record Load(long ratePerSecond) {

    /** One order in flight. */
    public static final Load CLOSED = new Load(0);

    public Load {
        if (ratePerSecond < 0) {
            throw new IllegalArgumentException("rate must be positive, was " + ratePerSecond);
        }
    }

    /** A fixed rate of {@code ordersPerSecond}. */
    public static Load rate(long ordersPerSecond) {
        if (ordersPerSecond <= 0) {
            throw new IllegalArgumentException("--rate takes orders per second above 0, not " + ordersPerSecond);
        }
        return new Load(ordersPerSecond);
    }

    public boolean closed() {
        return ratePerSecond == 0;
    }

    /** Nanoseconds between intended send times. */
    public long intervalNanos() {
        return closed() ? 0 : Math.max(1, 1_000_000_000L / ratePerSecond);
    }

    @Override
    public String toString() {
        return closed() ? "closed loop (one order in flight)" : "open loop at " + ratePerSecond + " orders/s";
    }
}
