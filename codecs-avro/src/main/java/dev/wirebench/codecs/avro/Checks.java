package dev.wirebench.codecs.avro;

import dev.wirebench.codec.message.BookEntry;

/**
 * The checks of values Avro reads without complaint but no canonical record holds, shared by the record mappings
 * and the checksums of both formats, so that decode and traverse reject the same bytes.
 */
final class Checks {

    private Checks() {
    }

    /** A book entry's level: an Avro {@code int}, 0..255 in the record. */
    static int level(int level, String field) {
        if (level < 0 || level > BookEntry.MAX_LEVEL) {
            throw new IllegalArgumentException(field + ": " + level + " is outside 0.." + BookEntry.MAX_LEVEL);
        }
        return level;
    }

    /** An order's price: any finite double. */
    static double price(double price, String field) {
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException(field + ": " + price + " is not finite");
        }
        return price;
    }
}
