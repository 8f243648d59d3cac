package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codecs.quickbuf.generated.Timestamp;

/**
 * Epoch nanoseconds in a {@code long} ↔ the QuickBuffers {@code google.protobuf.Timestamp}, the same
 * conversion as codecs-protobuf's: the records use 0 for "not yet", written as an absent field;
 * an absent field reads as 0. QuickBuffers has no Timestamp of its own: the module generates one
 * from protobuf's {@code timestamp.proto}.
 */
final class EpochNanos {

    private EpochNanos() {
    }

    /**
     * Sets {@code timestamp} (cleared) to {@code epochNanos}: floored seconds and a non-negative nano part,
     * each only when non-zero, as protobuf-java writes a proto3 message.
     */
    static void fill(Timestamp timestamp, long epochNanos) {
        long seconds = dev.wirebench.codec.EpochNanos.seconds(epochNanos);
        int nanos = dev.wirebench.codec.EpochNanos.nanos(epochNanos);
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
        return dev.wirebench.codec.EpochNanos.of(timestamp.getSeconds(), timestamp.getNanos(), field);
    }
}
