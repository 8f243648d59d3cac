package dev.wirebench.codecs.capnp;

import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;

/**
 * A canonical record ↔ its generated capnp struct, knowing nothing of framing: the part of a codec
 * that {@code capnp} and {@code capnp-packed} share. An instance keeps scratch state and belongs to
 * one codec.
 *
 * <p>{@link #read} and {@link #checksum} must follow each pointer once: the reader's traversal
 * limit is the size of the message, so reading an object twice would count it twice.
 *
 * @param <T> the canonical record
 * @param <R> the generated root struct's reader
 */
interface CapnpMapping<T, R> {

    /** The generated factory that reads the root struct. */
    FromPointerReader<R> root();

    /** Builds {@code message} as the root of {@code builder}, an empty message. */
    void write(T message, MessageBuilder builder);

    /**
     * Materialises the record.
     *
     * @throws IllegalArgumentException naming the field when the struct holds a value no record can
     *                                  (an enumerant not in the schema, invalid UTF-8, ...)
     */
    T read(R root);

    /** The {@link dev.wirebench.codec.Checksum} of the record, read from the struct; rejects what {@link #read} rejects. */
    long checksum(R root);
}
