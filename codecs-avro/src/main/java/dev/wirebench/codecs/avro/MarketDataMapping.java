package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codecs.avro.generated.BookEntryAvro;
import dev.wirebench.codecs.avro.generated.EntryTypeAvro;
import dev.wirebench.codecs.avro.generated.MarketDataAvro;
import dev.wirebench.codecs.avro.generated.SideAvro;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/** {@link MarketData} ↔ {@link MarketDataAvro}, and the checksum of a read datum. */
final class MarketDataMapping {

    /** Cached: {@code values()} clones its array on every call. */
    static final SideAvro[] AVRO_SIDES = SideAvro.values();
    private static final EntryTypeAvro[] AVRO_ENTRY_TYPES = EntryTypeAvro.values();

    private MarketDataMapping() {
    }

    static MarketDataAvro toAvro(MarketData m) {
        List<BookEntry> entries = m.entries();
        List<BookEntryAvro> avroEntries = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            avroEntries.add(toAvro(entries.get(i)));
        }
        MarketDataAvro a = new MarketDataAvro();
        a.setInstrumentId(m.instrumentId());
        a.setSymbol(m.symbol());
        a.setSequenceNumber(m.sequenceNumber());
        a.setTimestamp(m.timestamp());
        a.setEntries(avroEntries);
        return a;
    }

    private static BookEntryAvro toAvro(BookEntry e) {
        // setters on a new object, not the all-arguments constructor, which takes boxed longs
        BookEntryAvro a = new BookEntryAvro();
        a.setPrice(e.price());
        a.setQuantity(e.quantity());
        a.setSide(AVRO_SIDES[e.side().ordinal()]);
        a.setLevel(e.level());
        a.setEntryType(AVRO_ENTRY_TYPES[e.entryType().ordinal()]);
        return a;
    }

    static MarketData toRecord(MarketDataAvro a) {
        List<BookEntryAvro> avroEntries = a.getEntries();
        List<BookEntry> entries = new ArrayList<>(avroEntries.size());
        for (int i = 0; i < avroEntries.size(); i++) {
            BookEntryAvro e = avroEntries.get(i);
            entries.add(new BookEntry(e.getPrice(), e.getQuantity(), side(e), level(e), entryType(e)));
        }
        return new MarketData(a.getInstrumentId(), a.getSymbol(), a.getSequenceNumber(), a.getTimestamp(), entries);
    }

    /** {@code Checksum.of(toRecord(a))}, without building the record. */
    static long checksum(MarketDataAvro a) {
        long h = SEED;
        h = mix(h, a.getInstrumentId());
        h = mix(h, string(a.getSymbol()));
        h = mix(h, a.getSequenceNumber());
        h = mix(h, a.getTimestamp());
        List<BookEntryAvro> entries = a.getEntries();
        long list = listStart(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BookEntryAvro e = entries.get(i);
            long entry = SEED;
            entry = mix(entry, e.getPrice());
            entry = mix(entry, e.getQuantity());
            entry = mix(entry, side(e).ordinal());
            entry = mix(entry, level(e));
            entry = mix(entry, entryType(e).ordinal());
            list = mix(list, entry);
        }
        return mix(h, list);
    }

    private static Side side(BookEntryAvro e) {
        return Ordinals.of(SIDES, e.getSide(), "BookEntryAvro.side");
    }

    private static int level(BookEntryAvro e) {
        return Checks.level(e.getLevel(), "BookEntryAvro.level");
    }

    private static EntryType entryType(BookEntryAvro e) {
        return Ordinals.of(ENTRY_TYPES, e.getEntryType(), "BookEntryAvro.entryType");
    }
}
