package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codecs.flatbuffers.generated.BookEntryFb;
import dev.wirebench.codecs.flatbuffers.generated.MarketDataFb;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/** {@link MarketData} as the table {@code MarketDataFb}, its book entries a vector of {@code BookEntryFb} structs. */
final class FlatBuffersMarketDataCodec extends FlatBuffersCodec<MarketData> {

    /** Size of a {@code BookEntryFb} struct in its vector: two longs, three bytes, padding to 8. */
    static final int BOOK_ENTRY_BYTES = 24;

    private final MarketDataFb root = new MarketDataFb();
    private final BookEntryFb entry = new BookEntryFb();

    /** {@code flatbuffers}: see {@link FlatBuffersCodec} for what the guarded codec adds. */
    FlatBuffersMarketDataCodec() {
        this(false);
    }

    FlatBuffersMarketDataCodec(boolean guarded) {
        super(MessageType.MARKET_DATA, "MarketDataFb", MarketDataFb::MarketDataFbBufferHasIdentifier, guarded);
    }

    @Override
    void build(MarketData m) {
        int symbol = string(m.symbol(), "MarketDataFb.symbol");
        List<BookEntry> entries = m.entries();
        MarketDataFb.startEntriesVector(builder, entries.size());
        for (int i = entries.size() - 1; i >= 0; i--) { // a vector is built back to front
            BookEntry e = entries.get(i);
            BookEntryFb.createBookEntryFb(builder, e.price(), e.quantity(), e.side().ordinal(), e.level(),
                    e.entryType().ordinal());
        }
        int vector = builder.endVector();
        MarketDataFb.finishMarketDataFbBuffer(builder, MarketDataFb.createMarketDataFb(builder, m.instrumentId(),
                symbol, m.sequenceNumber(), m.timestamp(), vector));
    }

    @Override
    protected MarketData decode(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        MarketDataFb t = MarketDataFb.getRootAsMarketDataFb(view, root);
        String symbol = string(t.symbolInByteBuffer(view), "MarketDataFb.symbol");
        int n = count(t.entriesLength(), BOOK_ENTRY_BYTES, "MarketDataFb.entries");
        List<BookEntry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            BookEntryFb e = t.entries(entry, i);
            // level is a ubyte: 0..255, all of which the record accepts
            entries.add(new BookEntry(e.price(), e.quantity(), Ordinals.of(SIDES, e.side(), "BookEntryFb.side"),
                    e.level(), Ordinals.of(ENTRY_TYPES, e.entryType(), "BookEntryFb.entry_type")));
        }
        return new MarketData(t.instrumentId(), symbol, t.sequenceNumber(), t.timestamp(), entries);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        MarketDataFb t = MarketDataFb.getRootAsMarketDataFb(view, root);
        long h = mix(SEED, t.instrumentId());
        h = mix(h, hash(t.symbolInByteBuffer(view), "MarketDataFb.symbol"));
        h = mix(h, t.sequenceNumber());
        h = mix(h, t.timestamp());
        int n = count(t.entriesLength(), BOOK_ENTRY_BYTES, "MarketDataFb.entries");
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            BookEntryFb e = t.entries(entry, i);
            long eh = mix(SEED, e.price());
            eh = mix(eh, e.quantity());
            eh = mix(eh, Ordinals.check(e.side(), SIDES.length, "BookEntryFb.side"));
            eh = mix(eh, e.level());
            list = mix(list, mix(eh, Ordinals.check(e.entryType(), ENTRY_TYPES.length, "BookEntryFb.entry_type")));
        }
        return mix(h, list);
    }
}
