package dev.wirebench.codecs.quickbuf;

import us.hebi.quickbuf.ProtoMessage;
import us.hebi.quickbuf.RepeatedByte;

/**
 * One canonical record and its generated QuickBuffers message: the mapping both ways and the
 * {@link dev.wirebench.codec.Checksum} of a message, read from its getters. It knows nothing of bytes;
 * both formats of the module use it as it is.
 *
 * <p>The schema is proto3, which QuickBuffers generates with proto2's explicit presence: a field is
 * written when its has-bit is set, whatever its value. {@link #fill} therefore sets only the fields
 * that differ from proto3's default (0, "", false, the first enum constant, an empty list), as
 * protobuf-java leaves the others out; the bytes then carry the same fields as protobuf's. Reading,
 * an absent field is its default because the message was {@code clear()}ed first.
 *
 * <p>Values no record can hold are reported as {@link IllegalArgumentException} naming the proto
 * field, which {@link dev.wirebench.codec.AbstractMessageCodec} turns into a
 * {@code CodecException}; {@link #toRecord} and {@link #checksum} make the same checks. An instance
 * belongs to one codec and keeps scratch state.
 *
 * @param <T> the canonical record
 * @param <P> the generated message
 */
interface QuickbufMapping<T, P extends ProtoMessage<P>> {

    /** A new, empty message: QuickBuffers allocates its nested messages and strings with it. */
    P newMessage();

    /** Clears {@code message} and sets it from {@code record}; returns {@code message}. */
    P fill(P message, T record);

    /** The record {@code message} holds. */
    T toRecord(P message);

    /** {@code Checksum.of(toRecord(message))}, without building the record. */
    long checksum(P message);

    /**
     * Whether the last {@link #toRecord} or {@link #checksum} met a message holding unknown fields
     * (see {@link UnknownFields}); cleared by the call.
     */
    boolean sawUnknownFields();

    /**
     * Repairs what QuickBuffers' JSON printer got wrong in {@code json}, the printed form of
     * {@code message}: nothing but for the order's -0.0 price (see {@link OrderMapping}).
     */
    default void repairJson(P message, RepeatedByte json) {
    }
}
