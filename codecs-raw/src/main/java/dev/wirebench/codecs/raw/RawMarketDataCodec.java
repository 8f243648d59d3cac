package dev.wirebench.codecs.raw;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codecs.raw.Wire.getByte;
import static dev.wirebench.codecs.raw.Wire.getLong;
import static dev.wirebench.codecs.raw.Wire.putInt;
import static dev.wirebench.codecs.raw.Wire.putLong;
import static dev.wirebench.codecs.raw.Wire.setByte;
import static dev.wirebench.codecs.raw.Wire.setLong;

/**
 * {@link MarketData}, message id 1: instrumentId, symbol, sequenceNumber, timestamp, then the
 * entries count and the entries, 19 fixed bytes each.
 */
final class RawMarketDataCodec extends RawCodec<MarketData> {

    static final int MESSAGE_ID = 1;

    // a book entry: price, quantity, side, level, entryType
    private static final int PRICE = 0;
    private static final int QUANTITY = 8;
    private static final int SIDE = 16;
    private static final int LEVEL = 17;
    private static final int ENTRY_TYPE = 18;
    private static final int ENTRY_BYTES = 19;

    RawMarketDataCodec() {
        super(MessageType.MARKET_DATA, MESSAGE_ID);
    }

    @Override
    protected int encode(MarketData m, ByteBuffer dst, int offset, int limit) {
        byte[] a = Wire.array(dst);
        int start = Wire.index(dst, offset);
        int stop = Wire.index(dst, limit);
        int p = putHeader(a, dst, start, stop);
        p = putLong(a, dst, p, stop, m.instrumentId());
        p = putString(a, dst, p, stop, m.symbol());
        p = putLong(a, dst, p, stop, m.sequenceNumber());
        p = putLong(a, dst, p, stop, m.timestamp());
        List<BookEntry> entries = m.entries();
        int count = entries.size();
        p = putInt(a, dst, p, stop, count);
        // entries are fixed-size: one room check for all of them
        if (count > (stop - p) / ENTRY_BYTES) {
            throw new BufferOverflowException();
        }
        for (int i = 0; i < count; i++, p += ENTRY_BYTES) {
            BookEntry e = entries.get(i);
            setLong(a, dst, p + PRICE, e.price());
            setLong(a, dst, p + QUANTITY, e.quantity());
            setByte(a, dst, p + SIDE, e.side().ordinal());
            setByte(a, dst, p + LEVEL, e.level());
            setByte(a, dst, p + ENTRY_TYPE, e.entryType().ordinal());
        }
        return p - start;
    }

    @Override
    protected MarketData decode(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long instrumentId = int64(a, src, p, end, "instrumentId");
        p += Long.BYTES;
        String symbol = string(a, src, p, end, "symbol");
        p = skipString(a, src, p);
        long sequenceNumber = int64(a, src, p, end, "sequenceNumber");
        p += Long.BYTES;
        long timestamp = int64(a, src, p, end, "timestamp");
        p += Long.BYTES;
        int count = count(a, src, p, end, ENTRY_BYTES, "entries");
        p += LENGTH_BYTES;
        // the count check proved room for every entry: no end checks inside
        BookEntry[] entries = new BookEntry[count];
        for (int i = 0; i < count; i++, p += ENTRY_BYTES) {
            entries[i] = new BookEntry(getLong(a, src, p + PRICE), getLong(a, src, p + QUANTITY),
                    Ordinals.of(SIDES, getByte(a, src, p + SIDE), "side"),
                    getByte(a, src, p + LEVEL),
                    Ordinals.of(ENTRY_TYPES, getByte(a, src, p + ENTRY_TYPE), "entryType"));
        }
        checkEnd(p, end);
        return new MarketData(instrumentId, symbol, sequenceNumber, timestamp, List.of(entries));
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long h = mix(SEED, int64(a, src, p, end, "instrumentId"));
        p += Long.BYTES;
        h = mix(h, hashString(a, src, p, end, "symbol"));
        p = skipString(a, src, p);
        h = mix(h, int64(a, src, p, end, "sequenceNumber"));
        p += Long.BYTES;
        h = mix(h, int64(a, src, p, end, "timestamp"));
        p += Long.BYTES;
        int count = count(a, src, p, end, ENTRY_BYTES, "entries");
        p += LENGTH_BYTES;
        long entries = Checksum.listStart(count);
        for (int i = 0; i < count; i++, p += ENTRY_BYTES) {
            long e = mix(SEED, getLong(a, src, p + PRICE));
            e = mix(e, getLong(a, src, p + QUANTITY));
            e = mix(e, Ordinals.check(getByte(a, src, p + SIDE), SIDES.length, "side"));
            e = mix(e, getByte(a, src, p + LEVEL));
            e = mix(e, Ordinals.check(getByte(a, src, p + ENTRY_TYPE), ENTRY_TYPES.length, "entryType"));
            entries = mix(entries, e);
        }
        checkEnd(p, end);
        return mix(h, entries);
    }
}
