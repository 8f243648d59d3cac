package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codecs.avro.generated.MarketDataAvro;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codecs.avro.GenericSchemas.items;
import static dev.wirebench.codecs.avro.GenericSchemas.ordinal;
import static dev.wirebench.codecs.avro.GenericSchemas.pos;
import static dev.wirebench.codecs.avro.GenericSchemas.schema;
import static dev.wirebench.codecs.avro.GenericSchemas.symbols;

/** {@link MarketData} ↔ a {@link GenericData.Record} of {@code market_data.avsc}, and the checksum of a read one. */
final class GenericMarketDataMapping {

    static final Schema SCHEMA = MarketDataAvro.getClassSchema();
    private static final int INSTRUMENT_ID = pos(SCHEMA, "instrumentId");
    private static final int SYMBOL = pos(SCHEMA, "symbol");
    private static final int SEQUENCE_NUMBER = pos(SCHEMA, "sequenceNumber");
    private static final int TIMESTAMP = pos(SCHEMA, "timestamp");
    private static final int ENTRIES = pos(SCHEMA, "entries");

    private static final Schema ENTRY = items(SCHEMA, "entries");
    private static final int PRICE = pos(ENTRY, "price");
    private static final int QUANTITY = pos(ENTRY, "quantity");
    private static final int SIDE = pos(ENTRY, "side");
    private static final int LEVEL = pos(ENTRY, "level");
    private static final int ENTRY_TYPE = pos(ENTRY, "entryType");
    private static final Schema SIDE_SCHEMA = schema(ENTRY, "side");
    private static final Schema ENTRY_TYPE_SCHEMA = schema(ENTRY, "entryType");
    private static final GenericData.EnumSymbol[] SIDE_SYMBOLS = symbols(SIDE_SCHEMA);
    private static final GenericData.EnumSymbol[] ENTRY_TYPE_SYMBOLS = symbols(ENTRY_TYPE_SCHEMA);

    private GenericMarketDataMapping() {
    }

    static GenericData.Record toGeneric(MarketData m) {
        List<BookEntry> entries = m.entries();
        List<GenericData.Record> genericEntries = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BookEntry e = entries.get(i);
            GenericData.Record entry = new GenericData.Record(ENTRY);
            entry.put(PRICE, e.price());
            entry.put(QUANTITY, e.quantity());
            entry.put(SIDE, SIDE_SYMBOLS[e.side().ordinal()]);
            entry.put(LEVEL, e.level());
            entry.put(ENTRY_TYPE, ENTRY_TYPE_SYMBOLS[e.entryType().ordinal()]);
            genericEntries.add(entry);
        }
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put(INSTRUMENT_ID, m.instrumentId());
        r.put(SYMBOL, m.symbol());
        r.put(SEQUENCE_NUMBER, m.sequenceNumber());
        r.put(TIMESTAMP, m.timestamp());
        r.put(ENTRIES, genericEntries);
        return r;
    }

    static MarketData toRecord(GenericData.Record r) {
        List<?> genericEntries = (List<?>) r.get(ENTRIES);
        List<BookEntry> entries = new ArrayList<>(genericEntries.size());
        for (int i = 0; i < genericEntries.size(); i++) {
            GenericData.Record e = (GenericData.Record) genericEntries.get(i);
            entries.add(new BookEntry((Long) e.get(PRICE), (Long) e.get(QUANTITY), side(e), level(e), entryType(e)));
        }
        return new MarketData((Long) r.get(INSTRUMENT_ID), (String) r.get(SYMBOL), (Long) r.get(SEQUENCE_NUMBER),
                (Long) r.get(TIMESTAMP), entries);
    }

    /** {@code Checksum.of(toRecord(r))}, without building the record. */
    static long checksum(GenericData.Record r) {
        long h = SEED;
        h = mix(h, (Long) r.get(INSTRUMENT_ID));
        h = mix(h, string((String) r.get(SYMBOL)));
        h = mix(h, (Long) r.get(SEQUENCE_NUMBER));
        h = mix(h, (Long) r.get(TIMESTAMP));
        List<?> entries = (List<?>) r.get(ENTRIES);
        long list = listStart(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            GenericData.Record e = (GenericData.Record) entries.get(i);
            long entry = SEED;
            entry = mix(entry, (Long) e.get(PRICE));
            entry = mix(entry, (Long) e.get(QUANTITY));
            entry = mix(entry, side(e).ordinal());
            entry = mix(entry, level(e));
            entry = mix(entry, entryType(e).ordinal());
            list = mix(list, entry);
        }
        return mix(h, list);
    }

    private static Side side(GenericData.Record e) {
        return Ordinals.of(SIDES, ordinal(e.get(SIDE), SIDE_SCHEMA), "BookEntryAvro.side");
    }

    private static int level(GenericData.Record e) {
        return Checks.level((Integer) e.get(LEVEL), "BookEntryAvro.level");
    }

    private static EntryType entryType(GenericData.Record e) {
        return Ordinals.of(ENTRY_TYPES, ordinal(e.get(ENTRY_TYPE), ENTRY_TYPE_SCHEMA), "BookEntryAvro.entryType");
    }
}
