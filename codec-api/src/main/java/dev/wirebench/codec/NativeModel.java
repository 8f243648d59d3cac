package dev.wirebench.codec;

import java.nio.ByteBuffer;

/**
 * The object model a format's library has of its own — protobuf's generated messages, Avro's specific records,
 * Thrift's and Colfer's generated classes — for a user whose domain objects are those classes rather than the
 * canonical records. A codec that has one ({@link MessageCodec#nativeModel()}) is measured twice: from and to the
 * record, as every codec is, and from and to its own object, built in set-up; the difference is the cost of
 * mapping. A format whose library works on the records themselves (jdk, kryo, fory, jackson) has no native model:
 * its one figure is both.
 *
 * <p>{@link AbstractNativeCodec} implements it so that the codec's {@code encode} is exactly {@link #toNative}
 * then {@link #encodeNative}, and its {@code decode} exactly {@link #decodeNative} then {@link #fromNative}: the two
 * measurements then differ by the mapping and nothing else.
 *
 * @param <T> the canonical record
 * @param <N> the library's own message class
 */
public interface NativeModel<T, N> {

    /** The library's class, for reports: e.g. {@code OrderProto}. */
    Class<N> nativeType();

    /** The record as the library's object, as a user of that library holds it. Set-up work, never measured. */
    N toNative(T message);

    /** The library's object as the record: the mapping the codec's {@code decode} adds to {@link #decodeNative}. */
    T fromNative(N message);

    /** {@link MessageCodec#encode} from the library's own object: the same buffer rules, results and exceptions. */
    int encodeNative(N message, ByteBuffer dst);

    /**
     * {@link MessageCodec#decode} to the library's own object, as far as the library materialises it (a lazy
     * library stays lazy: the README of the codec's module says what is left for the getters): the same buffer
     * rules and exceptions.
     */
    N decodeNative(ByteBuffer src, int length);
}
