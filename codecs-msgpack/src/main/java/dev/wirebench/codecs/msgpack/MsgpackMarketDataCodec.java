package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/**
 * {@link MarketData} as {@code [instrumentId, symbol, sequenceNumber, timestamp, [entry...]]}, each
 * {@link BookEntry} as {@code [price, quantity, side, level, entryType]} with its enums as ordinals.
 */
final class MsgpackMarketDataCodec extends MsgpackCodec<MarketData> {

    static final int FIELDS = 5;
    static final int ENTRY_FIELDS = 5;
    /** The fewest bytes an entry takes: its array header and five 1-byte values. */
    private static final int ENTRY_MIN_BYTES = 1 + ENTRY_FIELDS;

    MsgpackMarketDataCodec() {
        super(MessageType.MARKET_DATA);
    }

    @Override
    void pack(MarketData m, MessagePacker p) throws IOException {
        p.packArrayHeader(FIELDS);
        p.packLong(m.instrumentId());
        packString(p, m.symbol());
        p.packLong(m.sequenceNumber());
        p.packLong(m.timestamp());
        List<BookEntry> entries = m.entries();
        p.packArrayHeader(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BookEntry e = entries.get(i);
            p.packArrayHeader(ENTRY_FIELDS);
            p.packLong(e.price());
            p.packLong(e.quantity());
            p.packInt(e.side().ordinal());
            p.packInt(e.level());
            p.packInt(e.entryType().ordinal());
        }
    }

    @Override
    MarketData unpack(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "MarketData");
        long instrumentId = u.unpackLong();
        String symbol = u.unpackString();
        long sequenceNumber = u.unpackLong();
        long timestamp = u.unpackLong();
        int n = listSize(u, ENTRY_MIN_BYTES, "MarketData.entries");
        List<BookEntry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            record(u, ENTRY_FIELDS, "BookEntry");
            entries.add(new BookEntry(u.unpackLong(), u.unpackLong(),
                    Ordinals.of(Ordinals.SIDES, u.unpackInt(), "BookEntry.side"),
                    u.unpackInt(), // the record refuses a level outside 0..255
                    Ordinals.of(Ordinals.ENTRY_TYPES, u.unpackInt(), "BookEntry.entryType")));
        }
        return new MarketData(instrumentId, symbol, sequenceNumber, timestamp, entries);
    }

    @Override
    long hash(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "MarketData");
        long h = mix(SEED, u.unpackLong());
        h = mix(h, hashString(u));
        h = mix(h, u.unpackLong());
        h = mix(h, u.unpackLong());
        int n = listSize(u, ENTRY_MIN_BYTES, "MarketData.entries");
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            record(u, ENTRY_FIELDS, "BookEntry");
            long e = mix(SEED, u.unpackLong());
            e = mix(e, u.unpackLong());
            e = mix(e, ordinal(u, Ordinals.SIDES.length, "BookEntry.side"));
            e = mix(e, level(u.unpackInt()));
            e = mix(e, ordinal(u, Ordinals.ENTRY_TYPES.length, "BookEntry.entryType"));
            list = mix(list, e);
        }
        return mix(h, list);
    }

    /** The check the record makes on decode. */
    private int level(int level) {
        if (level < 0 || level > BookEntry.MAX_LEVEL) {
            throw malformed("BookEntry.level: " + level + " is not 0.." + BookEntry.MAX_LEVEL);
        }
        return level;
    }
}
