package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codecs.protobuf.generated.BookEntryProto;
import dev.wirebench.codecs.protobuf.generated.MarketDataProto;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/**
 * {@link MarketData} ↔ {@link MarketDataProto}, and the {@link dev.wirebench.codec.Checksum}
 * read straight from a parsed message. Every format of this module that goes through the
 * generated message uses this one mapping.
 */
final class MarketDataMapping {

    private MarketDataMapping() {
    }

    static MarketDataProto toProto(MarketData m) {
        MarketDataProto.Builder b = MarketDataProto.newBuilder()
                .setInstrumentId(m.instrumentId())
                .setSymbol(m.symbol())
                .setSequenceNumber(m.sequenceNumber())
                .setTimestamp(m.timestamp());
        List<BookEntry> entries = m.entries();
        for (int i = 0; i < entries.size(); i++) {
            b.addEntries(toProto(entries.get(i)));
        }
        return b.build();
    }

    private static BookEntryProto toProto(BookEntry e) {
        return BookEntryProto.newBuilder()
                .setPrice(e.price())
                .setQuantity(e.quantity())
                .setSideValue(e.side().ordinal())
                .setLevel(e.level())
                .setEntryTypeValue(e.entryType().ordinal())
                .build();
    }

    static MarketData toRecord(MarketDataProto p) {
        List<BookEntry> entries = new ArrayList<>(p.getEntriesCount());
        for (int i = 0; i < p.getEntriesCount(); i++) {
            entries.add(toRecord(p.getEntries(i)));
        }
        return new MarketData(p.getInstrumentId(), p.getSymbol(), p.getSequenceNumber(), p.getTimestamp(), entries);
    }

    private static BookEntry toRecord(BookEntryProto p) {
        return new BookEntry(p.getPrice(), p.getQuantity(), side(p), level(p), entryType(p));
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(MarketDataProto p) {
        long h = SEED;
        h = mix(h, p.getInstrumentId());
        h = mix(h, string(p.getSymbol()));
        h = mix(h, p.getSequenceNumber());
        h = mix(h, p.getTimestamp());
        long entries = listStart(p.getEntriesCount());
        for (int i = 0; i < p.getEntriesCount(); i++) {
            entries = mix(entries, checksum(p.getEntries(i)));
        }
        return mix(h, entries);
    }

    private static long checksum(BookEntryProto p) {
        long h = SEED;
        h = mix(h, p.getPrice());
        h = mix(h, p.getQuantity());
        h = mix(h, side(p).ordinal());
        h = mix(h, level(p));
        return mix(h, entryType(p).ordinal());
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static Side side(BookEntryProto p) {
        return Ordinals.of(SIDES, p.getSideValue(), "BookEntryProto.side");
    }

    private static EntryType entryType(BookEntryProto p) {
        return Ordinals.of(ENTRY_TYPES, p.getEntryTypeValue(), "BookEntryProto.entry_type");
    }

    private static int level(BookEntryProto p) {
        int level = p.getLevel();
        // uint32 arrives as a Java int: above 2^31 - 1 it is negative
        if (level < 0 || level > BookEntry.MAX_LEVEL) {
            throw new IllegalArgumentException("BookEntryProto.level must be 0.." + BookEntry.MAX_LEVEL
                    + ", was " + Integer.toUnsignedString(level));
        }
        return level;
    }
}
