package dev.wirebench.codec.message;

import java.io.Serializable;
import java.util.List;

/**
 * A market data incremental refresh: the binary-proto-suite reference message.
 *
 * @param instrumentId   exchange security id
 * @param symbol         instrument symbol
 * @param sequenceNumber feed sequence number
 * @param timestamp      exchange timestamp, epoch nanoseconds
 * @param entries        book entries in feed order (unmodifiable)
 */
public record MarketData(long instrumentId, String symbol, long sequenceNumber, long timestamp, List<BookEntry> entries) implements Serializable {

    public MarketData {
        Fields.require(symbol, "symbol");
        entries = Fields.copy(entries, "entries");
    }
}
