package dev.wirebench.codec;

/**
 * The records' times, epoch nanoseconds in a {@code long}, as the seconds and non-negative nano part a
 * {@code google.protobuf.Timestamp} holds, and back: one conversion for every codec of that Timestamp (protobuf-java's,
 * QuickBuffers'), so they read each other's bytes to the same record.
 */
public final class EpochNanos {

    private static final int NANOS_PER_SECOND = 1_000_000_000;

    private EpochNanos() {
    }

    /** The floored seconds of {@code epochNanos}. */
    public static long seconds(long epochNanos) {
        return Math.floorDiv(epochNanos, NANOS_PER_SECOND);
    }

    /** The nano part of {@code epochNanos} after its {@link #seconds}: 0..999,999,999. */
    public static int nanos(long epochNanos) {
        return Math.floorMod(epochNanos, NANOS_PER_SECOND);
    }

    /**
     * The epoch nanoseconds of a Timestamp's {@code seconds} and {@code nanos}.
     *
     * @throws IllegalArgumentException naming {@code field} if the nano part is outside 0..999,999,999 or the
     *                                  instant does not fit a long of nanoseconds
     */
    public static long of(long seconds, int nanos, String field) {
        if (nanos < 0 || nanos >= NANOS_PER_SECOND) {
            throw new IllegalArgumentException(field + ": Timestamp nanos must be 0..999999999, was " + nanos);
        }
        // Long.MIN_VALUE nanoseconds has seconds whose product with 1e9 alone overflows: borrow a
        // second from negative instants so every long stays reachable (as Duration.toNanos does)
        long borrowed = seconds < 0 ? 1 : 0;
        try {
            return Math.addExact(Math.multiplyExact(seconds + borrowed, NANOS_PER_SECOND),
                    nanos - borrowed * NANOS_PER_SECOND);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(field + ": Timestamp of " + seconds + " s is outside the range of "
                    + "epoch nanoseconds in a long (years 1677 to 2262)", e);
        }
    }
}
