package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codecs.thrift.generated.BookEntryThrift;
import dev.wirebench.codecs.thrift.generated.MarketDataThrift;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codecs.thrift.Reads.constant;
import static dev.wirebench.codecs.thrift.Reads.present;

/** {@link MarketData} ↔ {@link MarketDataThrift}, and the {@link dev.wirebench.codec.Checksum} read from a struct. */
final class MarketDataMapping {

    private MarketDataMapping() {
    }

    static MarketDataThrift toThrift(MarketData m) {
        List<BookEntry> entries = m.entries();
        List<BookEntryThrift> structs = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BookEntry e = entries.get(i);
            structs.add(new BookEntryThrift(e.price(), e.quantity(), ThriftEnums.SIDES[e.side().ordinal()],
                    (short) e.level(), ThriftEnums.ENTRY_TYPES[e.entryType().ordinal()]));
        }
        return new MarketDataThrift(m.instrumentId(), m.symbol(), m.sequenceNumber(), m.timestamp(), structs);
    }

    static MarketData toRecord(MarketDataThrift t) {
        // fields are checked in the record's order, as checksum checks them: both name the same first fault
        String symbol = symbol(t);
        List<BookEntryThrift> structs = entries(t);
        List<BookEntry> entries = new ArrayList<>(structs.size());
        for (int i = 0; i < structs.size(); i++) {
            BookEntryThrift e = structs.get(i);
            entries.add(new BookEntry(e.getPrice(), e.getQuantity(), side(e), level(e), entryType(e)));
        }
        return new MarketData(t.getInstrumentId(), symbol, t.getSequenceNumber(), t.getTimestamp(), entries);
    }

    /** {@code Checksum.of(toRecord(t))}, without building the record. */
    static long checksum(MarketDataThrift t) {
        long h = SEED;
        h = mix(h, t.getInstrumentId());
        h = mix(h, string(symbol(t)));
        h = mix(h, t.getSequenceNumber());
        h = mix(h, t.getTimestamp());
        List<BookEntryThrift> structs = entries(t);
        long entries = listStart(structs.size());
        for (int i = 0; i < structs.size(); i++) {
            entries = mix(entries, checksum(structs.get(i)));
        }
        return mix(h, entries);
    }

    private static long checksum(BookEntryThrift e) {
        long h = SEED;
        h = mix(h, e.getPrice());
        h = mix(h, e.getQuantity());
        h = mix(h, side(e).ordinal());
        h = mix(h, level(e));
        return mix(h, entryType(e).ordinal());
    }

    // Checked reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static String symbol(MarketDataThrift t) {
        return present(t.getSymbol(), "MarketDataThrift.symbol");
    }

    private static List<BookEntryThrift> entries(MarketDataThrift t) {
        return present(t.getEntries(), "MarketDataThrift.entries");
    }

    private static Side side(BookEntryThrift e) {
        return constant(SIDES, e.getSide(), "BookEntryThrift.side");
    }

    private static EntryType entryType(BookEntryThrift e) {
        return constant(ENTRY_TYPES, e.getEntryType(), "BookEntryThrift.entryType");
    }

    private static int level(BookEntryThrift e) {
        short level = e.getLevel();
        if (level < 0 || level > BookEntry.MAX_LEVEL) {
            throw new IllegalArgumentException("BookEntryThrift.level must be 0.." + BookEntry.MAX_LEVEL + ", was " + level);
        }
        return level;
    }
}
