package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codecs.sbe.generated.MarketDataDecoder;
import dev.wirebench.codecs.sbe.generated.MarketDataDecoder.EntriesDecoder;
import dev.wirebench.codecs.sbe.generated.MarketDataEncoder;
import dev.wirebench.codecs.sbe.generated.MarketDataEncoder.EntriesEncoder;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/** {@link MarketData} as the SBE message {@code MarketData}: entries as a group, the symbol as var data. */
final class SbeMarketDataCodec extends SbeCodec<MarketData> {

    private final MarketDataEncoder encoder = new MarketDataEncoder();
    private final MarketDataDecoder decoder = new MarketDataDecoder();

    SbeMarketDataCodec() {
        super(MessageType.MARKET_DATA, "MarketData", MarketDataEncoder.TEMPLATE_ID, MarketDataEncoder.BLOCK_LENGTH);
    }

    @Override
    protected int encode(MarketData m, ByteBuffer dst, int offset, int limit) {
        encoder.wrapAndApplyHeader(wrapForEncode(dst, offset, limit), 0, headerEncoder)
                .instrumentId(m.instrumentId())
                .sequenceNumber(m.sequenceNumber())
                .timestamp(m.timestamp());
        List<BookEntry> entries = m.entries();
        EntriesEncoder group = encoder.entriesCount(groupSize(entries.size(), "entries"));
        for (int i = 0; i < entries.size(); i++) {
            BookEntry e = entries.get(i);
            group.next()
                    .price(e.price())
                    .quantity(e.quantity())
                    .side(Enums.WIRE_SIDES[e.side().ordinal()])
                    .level((short) e.level())
                    .entryType(Enums.WIRE_ENTRY_TYPES[e.entryType().ordinal()]);
        }
        encoder.putSymbol(scratch, 0, utf8(m.symbol(), "symbol"));
        return BODY + encoder.encodedLength();
    }

    @Override
    protected MarketData decode(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long instrumentId = decoder.instrumentId();
        long sequenceNumber = decoder.sequenceNumber();
        long timestamp = decoder.timestamp();
        EntriesDecoder group = entries();
        List<BookEntry> entries = new ArrayList<>(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            entries.add(new BookEntry(group.price(), group.quantity(),
                    Ordinals.of(SIDES, group.sideRaw(), "side"), group.level(),
                    Ordinals.of(ENTRY_TYPES, group.entryTypeRaw(), "entryType")));
        }
        String symbol = string(decoder.getSymbol(scratch, 0, scratch.length));
        checkEnd(decoder.encodedLength(), length);
        return new MarketData(instrumentId, symbol, sequenceNumber, timestamp, entries);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long instrumentId = decoder.instrumentId();
        long sequenceNumber = decoder.sequenceNumber();
        long timestamp = decoder.timestamp();
        EntriesDecoder group = entries();
        long entries = Checksum.listStart(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            long h = mix(SEED, group.price());
            h = mix(h, group.quantity());
            h = mix(h, Ordinals.check(group.sideRaw(), SIDES.length, "side"));
            h = mix(h, group.level());
            entries = mix(entries, mix(h, Ordinals.check(group.entryTypeRaw(), ENTRY_TYPES.length, "entryType")));
        }
        long symbol = hashString(decoder.limit(), decoder.skipSymbol());
        checkEnd(decoder.encodedLength(), length);
        // wire order was fixed fields, entries, symbol; the checksum wants record order
        long h = mix(SEED, instrumentId);
        h = mix(h, symbol);
        h = mix(h, sequenceNumber);
        h = mix(h, timestamp);
        return mix(h, entries);
    }

    private EntriesDecoder entries() {
        EntriesDecoder group = decoder.entries();
        checkGroup(group.actingBlockLength(), EntriesDecoder.sbeBlockLength(), "entries");
        return group;
    }

    private void wrap(ByteBuffer src, int offset, int length) {
        decoder.wrap(wrapForDecode(src, offset, length), BODY, MarketDataDecoder.BLOCK_LENGTH,
                MarketDataDecoder.SCHEMA_VERSION);
    }
}
