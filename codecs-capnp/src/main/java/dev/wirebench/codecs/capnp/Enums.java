package dev.wirebench.codecs.capnp;

/**
 * Generated capnp enums ↔ record enums. The schemas declare enumerants in the records' order
 * (CapnpSchemaEnumsTest holds them to it), so the two share ordinals; capnpc-java adds a last
 * constant, {@code _NOT_IN_SCHEMA}, which its getters return for any number the schema does not
 * know, and which no record can hold.
 */
final class Enums {

    private Enums() {
    }

    /** The record constant of a capnp enumerant read from the wire. */
    static <E extends Enum<E>> E toRecord(E[] recordConstants, Enum<?> wire, String field) {
        return recordConstants[ordinal(wire, recordConstants.length, field)];
    }

    /**
     * The ordinal of a capnp enumerant read from the wire, checked to be one of the record enum's
     * {@code count}.
     *
     * @throws IllegalArgumentException naming the field for {@code _NOT_IN_SCHEMA}
     */
    static int ordinal(Enum<?> wire, int count, String field) {
        int ordinal = wire.ordinal();
        if (ordinal >= count) {
            throw new IllegalArgumentException(field + ": enumerant not in the schema (" + wire.getDeclaringClass()
                    .getSimpleName() + " has " + count + ")");
        }
        return ordinal;
    }
}
