package dev.wirebench.codecs.protobuf;

/**
 * Proto enum numbers ↔ record enum constants. The schemas give every proto enum the numbers of
 * the record enum's ordinals (SchemaEnumsTest holds them to it), so a number
 * indexes the record's {@code values()} directly. proto3 enums are open: the wire may carry any
 * number, and one the schema does not know is malformed input here.
 */
final class EnumNumbers {

    private EnumNumbers() {
    }

    /** The record constant with ordinal {@code number}. */
    static <E extends Enum<E>> E of(E[] constants, int number, String field) {
        if (number < 0 || number >= constants.length) {
            // IllegalArgumentException: AbstractMessageCodec turns it into a CodecException naming the codec
            throw new IllegalArgumentException(field + ": unknown enum number " + number
                    + " (the schema knows 0.." + (constants.length - 1) + ")");
        }
        return constants[number];
    }
}
