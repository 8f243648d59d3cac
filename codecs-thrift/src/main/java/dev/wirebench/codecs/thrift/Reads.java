package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.Ordinals;
import org.apache.thrift.TEnum;

/**
 * The checks every mapping makes on a struct read from the wire, shared by its {@code toRecord} and its
 * {@code checksum} so that decode and traverse reject the same bytes with the same words. With default
 * requiredness the generated reader takes a struct that lacks a field: a missing string, list, map or struct
 * reads as {@code null}, a missing number or boolean as 0 or false (as in protobuf). An enum value the schema does
 * not know reads as {@code null} too ({@code findByValue}), so the two cannot be told apart.
 * Each throws {@link IllegalArgumentException}, which the codec turns into a {@code CodecException}.
 */
final class Reads {

    private Reads() {
    }

    /** {@code value}, which the wire must have carried. */
    static <V> V present(V value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    /** The record constant whose ordinal is the value of {@code wire}. */
    static <E> E constant(E[] constants, TEnum wire, String field) {
        if (wire == null) {
            throw new IllegalArgumentException(field + " is missing or holds a value the schema does not know");
        }
        return Ordinals.of(constants, wire.getValue(), field);
    }
}
