package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codecs.capnp.generated.CommonSchema;
import dev.wirebench.codecs.capnp.generated.MarketDataSchema;
import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;
import org.capnproto.StructList;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/** {@link MarketData} ↔ {@code MarketDataSchema.MarketData}. */
final class MarketDataMapping implements CapnpMapping<MarketData, MarketDataSchema.MarketData.Reader> {

    private static final CommonSchema.Side[] WIRE_SIDES = CommonSchema.Side.values();
    private static final MarketDataSchema.EntryType[] WIRE_ENTRY_TYPES = MarketDataSchema.EntryType.values();

    private final Utf8Text text = new Utf8Text();

    @Override
    public FromPointerReader<MarketDataSchema.MarketData.Reader> root() {
        return MarketDataSchema.MarketData.factory;
    }

    @Override
    public void write(MarketData m, MessageBuilder builder) {
        MarketDataSchema.MarketData.Builder root = builder.initRoot(MarketDataSchema.MarketData.factory);
        root.setInstrumentId(m.instrumentId());
        text.copyTo(root.initSymbol(text.encode(m.symbol(), "MarketData.symbol")));
        root.setSequenceNumber(m.sequenceNumber());
        root.setTimestamp(m.timestamp());
        List<BookEntry> entries = m.entries();
        StructList.Builder<MarketDataSchema.BookEntry.Builder> list = root.initEntries(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BookEntry e = entries.get(i);
            MarketDataSchema.BookEntry.Builder b = list.get(i);
            b.setPrice(e.price());
            b.setQuantity(e.quantity());
            b.setSide(WIRE_SIDES[e.side().ordinal()]);
            b.setLevel((byte) e.level()); // UInt8: 0..255 is the record's whole range
            b.setEntryType(WIRE_ENTRY_TYPES[e.entryType().ordinal()]);
        }
    }

    @Override
    public MarketData read(MarketDataSchema.MarketData.Reader r) {
        long instrumentId = r.getInstrumentId();
        String symbol = text.decode(r.getSymbol(), "MarketData.symbol");
        StructList.Reader<MarketDataSchema.BookEntry.Reader> list = r.getEntries();
        List<BookEntry> entries = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            MarketDataSchema.BookEntry.Reader e = list.get(i);
            entries.add(new BookEntry(e.getPrice(), e.getQuantity(), Ordinals.of(SIDES, e.getSide(), "BookEntry.side"),
                    e.getLevel() & 0xFF, Ordinals.of(ENTRY_TYPES, e.getEntryType(), "BookEntry.entryType")));
        }
        return new MarketData(instrumentId, symbol, r.getSequenceNumber(), r.getTimestamp(), entries);
    }

    @Override
    public long checksum(MarketDataSchema.MarketData.Reader r) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, r.getInstrumentId());
        h = Checksum.mix(h, Utf8Text.checksum(r.getSymbol(), "MarketData.symbol"));
        h = Checksum.mix(h, r.getSequenceNumber());
        h = Checksum.mix(h, r.getTimestamp());
        StructList.Reader<MarketDataSchema.BookEntry.Reader> list = r.getEntries();
        long entries = Checksum.listStart(list.size());
        for (int i = 0; i < list.size(); i++) {
            MarketDataSchema.BookEntry.Reader e = list.get(i);
            long entry = Checksum.SEED;
            entry = Checksum.mix(entry, e.getPrice());
            entry = Checksum.mix(entry, e.getQuantity());
            entry = Checksum.mix(entry, Ordinals.check(e.getSide(), SIDES.length, "BookEntry.side"));
            entry = Checksum.mix(entry, e.getLevel() & 0xFF);
            entry = Checksum.mix(entry, Ordinals.check(e.getEntryType(), ENTRY_TYPES.length, "BookEntry.entryType"));
            entries = Checksum.mix(entries, entry);
        }
        return Checksum.mix(h, entries);
    }
}
