package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codecs.colfer.generated.BookEntryColfer;
import dev.wirebench.codecs.colfer.generated.MarketDataColfer;

import java.util.List;

import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/** {@link MarketData} ↔ {@link MarketDataColfer}. */
final class MarketDataMapping implements ColferMapping<MarketData, MarketDataColfer> {

    private static final BookEntryColfer[] NO_ENTRIES = {};

    @Override
    public MarketDataColfer newStruct() {
        return new MarketDataColfer();
    }

    @Override
    public void fill(MarketDataColfer s, MarketData m) {
        s.instrumentId = m.instrumentId();
        s.symbol = m.symbol();
        s.sequenceNumber = m.sequenceNumber();
        s.timestamp = m.timestamp();
        List<BookEntry> entries = m.entries();
        BookEntryColfer[] wire = ColferArrays.resize(s.entries, entries.size(), BookEntryColfer::new);
        for (int i = 0; i < wire.length; i++) {
            BookEntry e = entries.get(i);
            BookEntryColfer w = wire[i];
            w.price = e.price();
            w.quantity = e.quantity();
            w.side = (byte) e.side().ordinal();
            w.level = (byte) e.level(); // 0..255, the record checks
            w.entryType = (byte) e.entryType().ordinal();
        }
        s.entries = wire;
    }

    @Override
    public int marshal(MarketDataColfer s, byte[] buf, int offset) {
        return s.marshal(buf, offset);
    }

    @Override
    public void reset(MarketDataColfer s) {
        s.instrumentId = 0;
        s.symbol = "";
        s.sequenceNumber = 0;
        s.timestamp = 0;
        s.entries = NO_ENTRIES;
    }

    @Override
    public int unmarshal(MarketDataColfer s, byte[] buf, int offset, int end) {
        return s.unmarshal(buf, offset, end);
    }

    @Override
    public MarketData toRecord(MarketDataColfer s) {
        BookEntryColfer[] wire = s.entries;
        BookEntry[] entries = new BookEntry[wire.length];
        for (int i = 0; i < wire.length; i++) {
            BookEntryColfer w = wire[i];
            entries[i] = new BookEntry(w.price, w.quantity, Ordinals.of(SIDES, w.side & 0xFF, "BookEntryColfer.side"),
                    w.level & 0xFF, Ordinals.of(ENTRY_TYPES, w.entryType & 0xFF, "BookEntryColfer.entryType"));
        }
        return new MarketData(s.instrumentId, s.symbol, s.sequenceNumber, s.timestamp, List.of(entries));
    }

    @Override
    public long checksum(MarketDataColfer s) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, s.instrumentId);
        h = Checksum.mix(h, Checksum.string(s.symbol));
        h = Checksum.mix(h, s.sequenceNumber);
        h = Checksum.mix(h, s.timestamp);
        BookEntryColfer[] wire = s.entries;
        long list = Checksum.listStart(wire.length);
        for (BookEntryColfer w : wire) {
            list = Checksum.mix(list, checksum(w));
        }
        return Checksum.mix(h, list);
    }

    private static long checksum(BookEntryColfer w) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, w.price);
        h = Checksum.mix(h, w.quantity);
        h = Checksum.mix(h, Ordinals.check(w.side & 0xFF, SIDES.length, "BookEntryColfer.side"));
        h = Checksum.mix(h, w.level & 0xFF);
        return Checksum.mix(h, Ordinals.check(w.entryType & 0xFF, ENTRY_TYPES.length, "BookEntryColfer.entryType"));
    }

    @Override
    public int sizeMax() {
        return MarketDataColfer.colferSizeMax;
    }
}
