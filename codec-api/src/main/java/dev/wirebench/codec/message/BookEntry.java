package dev.wirebench.codec.message;

import java.io.Serializable;
/**
 * One entry of a market data incremental refresh.
 *
 * @param price     price mantissa with an implied exponent of -9 (SBE's PRICENULL9 convention)
 * @param quantity  entry size
 * @param side      book side
 * @param level     price level, 0..255 (an unsigned byte on the densest wires)
 * @param entryType what the entry does to the book
 */
public record BookEntry(long price, long quantity, Side side, int level, EntryType entryType) implements Serializable {

    /** Highest price level a book entry may carry. */
    public static final int MAX_LEVEL = 255;

    public BookEntry {
        Fields.require(side, "side");
        Fields.require(entryType, "entryType");
        if (level < 0 || level > MAX_LEVEL) {
            throw new IllegalArgumentException("level must be 0.." + MAX_LEVEL + ", was " + level);
        }
    }
}
