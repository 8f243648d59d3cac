package dev.wirebench.codec;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * One wire format for one canonical message type: the plug-in point of every codec benchmark.
 *
 * <p>An instance is used by one thread at a time and may keep reusable scratch state (builders,
 * flyweights, byte arrays) in fields; it must never allocate such state per call. Each codec
 * module's README states its tier: what {@code encode} allocates, whether {@code decode} copies,
 * whether {@code traverse} is zero-copy.
 *
 * <p>Implementations are found through a {@link CodecProvider}; extending
 * {@link AbstractMessageCodec} gets the buffer bookkeeping and error mapping right.
 *
 * @param <T> the canonical message record
 */
public interface MessageCodec<T> {

    /**
     * The wire format, lower case with dashes: {@code sbe}, {@code protobuf}, {@code capnp-packed}; a
     * variant of a format adds {@code +} and its name, e.g. {@code protobuf-json+guarded}: the same
     * bytes, read with checks the plain codec leaves out of the measured path.
     */
    String format();

    /** The canonical message this codec carries. */
    MessageType<T> messageType();

    /** {@code format/message}, the name benchmarks select by, e.g. {@code sbe/market-data}. */
    default String name() {
        return format() + "/" + messageType().id();
    }

    /**
     * The contracts of the conformance kit this codec claims to pass: {@link Conformance#MEASUREMENT}
     * unless it says more. Its module's test holds it to the claim.
     */
    default Conformance conformance() {
        return Conformance.MEASUREMENT;
    }

    /**
     * The library's own object model, when the format has one apart from the records (generated classes): what
     * lets a benchmark measure the format without the mapping to and from the record. Empty by default.
     */
    default Optional<NativeModel<T, ?>> nativeModel() {
        return Optional.empty();
    }

    /**
     * Writes {@code message} at {@code dst.position()} and advances the position past it.
     * Must not write at or beyond {@code dst.limit()}; works on heap and direct buffers.
     *
     * @return the number of bytes written
     * @throws java.nio.BufferOverflowException if the message does not fit; the position is then
     *                                          unchanged (bytes up to the limit may have been written)
     * @throws IllegalArgumentException         if the message holds a value the format cannot carry
     *                                          (e.g. a string longer than its length prefix allows)
     */
    int encode(T message, ByteBuffer dst);

    /**
     * Fully materialises the message held in the {@code length} bytes at {@code src.position()}.
     * Reads nothing outside those bytes and leaves the buffer's position, limit and byte order as
     * they were.
     *
     * @return a new record, {@code equals} to the one that was encoded
     * @throws CodecException if the bytes are not a valid message. A codec claiming
     *                        {@link Conformance#HOSTILE_INPUT} does so for any bytes: it never hangs,
     *                        never throws an {@code Error} and never reads past {@code length}; one
     *                        claiming only {@link Conformance#MEASUREMENT} promises that only for the
     *                        bytes {@link #encode} produced
     */
    T decode(ByteBuffer src, int length);

    /**
     * Reads every field of the message in the {@code length} bytes at {@code src.position()}
     * without materialising it where the format allows (flyweights, zero-copy views), and returns
     * {@code messageType().checksum(decode(src, length))} for any bytes {@link #encode} produced.
     * On corrupted bytes it returns some value or throws {@link CodecException}; it need not repeat
     * every check decode makes (e.g. UTF-8 validity) when that would cost an allocation.
     * Same buffer rules as {@link #decode}.
     *
     * @return the {@link Checksum} of the message
     * @throws CodecException if the bytes are not a valid message
     */
    long traverse(ByteBuffer src, int length);
}
