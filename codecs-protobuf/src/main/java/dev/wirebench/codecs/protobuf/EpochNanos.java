package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Timestamp;

/**
 * Epoch nanoseconds in a {@code long} ↔ {@code google.protobuf.Timestamp}. The records use 0
 * for "not yet"; the mappings write it as an absent field, and an absent field reads as the
 * default Timestamp, which is 0 again.
 */
final class EpochNanos {

    private static final int NANOS_PER_SECOND = 1_000_000_000;

    private EpochNanos() {
    }

    /** A Timestamp of {@code epochNanos}: floored seconds and a non-negative nano part, as Timestamp requires. */
    static Timestamp toTimestamp(long epochNanos) {
        return Timestamp.newBuilder()
                .setSeconds(Math.floorDiv(epochNanos, NANOS_PER_SECOND))
                .setNanos(Math.floorMod(epochNanos, NANOS_PER_SECOND))
                .build();
    }

    /**
     * The epoch nanoseconds of {@code timestamp}.
     *
     * @throws IllegalArgumentException naming {@code field} if the nano part is outside
     *                                  0..999,999,999 or the instant does not fit a long of nanoseconds
     */
    static long of(Timestamp timestamp, String field) {
        long seconds = timestamp.getSeconds();
        int nanos = timestamp.getNanos();
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
