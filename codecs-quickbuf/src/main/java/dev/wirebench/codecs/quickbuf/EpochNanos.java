package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codecs.quickbuf.generated.Timestamp;

/**
 * Epoch nanoseconds in a {@code long} ↔ the QuickBuffers {@code google.protobuf.Timestamp}, the same
 * conversion as codecs-protobuf's: the records use 0 for "not yet", written as an absent field;
 * an absent field reads as 0. QuickBuffers has no Timestamp of its own: the module generates one
 * from protobuf's {@code timestamp.proto}.
 */
final class EpochNanos {

    private static final int NANOS_PER_SECOND = 1_000_000_000;

    private EpochNanos() {
    }

    /**
     * Sets {@code timestamp} (cleared) to {@code epochNanos}: floored seconds and a non-negative nano part,
     * each only when non-zero, as protobuf-java writes a proto3 message.
     */
    static void fill(Timestamp timestamp, long epochNanos) {
        long seconds = Math.floorDiv(epochNanos, NANOS_PER_SECOND);
        int nanos = Math.floorMod(epochNanos, NANOS_PER_SECOND);
        if (seconds != 0) {
            timestamp.setSeconds(seconds);
        }
        if (nanos != 0) {
            timestamp.setNanos(nanos);
        }
    }

    /**
     * The epoch nanoseconds of {@code timestamp}.
     *
     * @throws IllegalArgumentException naming {@code field} if the nano part is outside
     *                                  0..999,999,999 or the instant does not fit a long of nanoseconds
     */
    static long of(Timestamp timestamp, String field, UnknownFields unknown) {
        unknown.note(timestamp);
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
