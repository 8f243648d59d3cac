package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Timestamp;

/**
 * Epoch nanoseconds in a {@code long} ↔ {@code google.protobuf.Timestamp}. The records use 0
 * for "not yet"; the mappings write it as an absent field, and an absent field reads as the
 * default Timestamp, which is 0 again.
 */
final class EpochNanos {

    private EpochNanos() {
    }

    /** A Timestamp of {@code epochNanos}: floored seconds and a non-negative nano part, as Timestamp requires. */
    static Timestamp toTimestamp(long epochNanos) {
        return Timestamp.newBuilder()
                .setSeconds(dev.wirebench.codec.EpochNanos.seconds(epochNanos))
                .setNanos(dev.wirebench.codec.EpochNanos.nanos(epochNanos))
                .build();
    }

    /**
     * The epoch nanoseconds of {@code timestamp}.
     *
     * @throws IllegalArgumentException naming {@code field} if the nano part is outside
     *                                  0..999,999,999 or the instant does not fit a long of nanoseconds
     */
    static long of(Timestamp timestamp, String field) {
        return dev.wirebench.codec.EpochNanos.of(timestamp.getSeconds(), timestamp.getNanos(), field);
    }
}
