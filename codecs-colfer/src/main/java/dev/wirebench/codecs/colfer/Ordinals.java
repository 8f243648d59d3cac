package dev.wirebench.codecs.colfer;

/**
 * Enums on the wire: Colfer has none, so each is a {@code uint8} (a Java {@code byte}) holding the
 * record enum's ordinal. Callers pass cached {@code values()} arrays ({@code values()} copies).
 */
final class Ordinals {

    private Ordinals() {
    }

    /** The wire byte of {@code value}; every record enum has far fewer than 256 constants. */
    static byte wire(Enum<?> value) {
        return (byte) value.ordinal();
    }

    /** The constant a wire byte names; {@code field} names the struct field in the error. */
    static <E extends Enum<E>> E of(E[] values, byte wire, String field) {
        return values[check(values, wire, field)];
    }

    /**
     * The ordinal a wire byte holds, checked against the enum.
     *
     * @throws IllegalArgumentException if no constant has that ordinal
     */
    static <E extends Enum<E>> int check(E[] values, byte wire, String field) {
        int ordinal = wire & 0xFF;
        if (ordinal >= values.length) {
            throw new IllegalArgumentException(field + " is " + ordinal + ", not a "
                    + values[0].getDeclaringClass().getSimpleName() + " ordinal (0.." + (values.length - 1) + ")");
        }
        return ordinal;
    }
}
