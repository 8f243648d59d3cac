package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codecs.quickbuf.UnknownFields.EnumField;
import dev.wirebench.codecs.quickbuf.generated.BookEntryProto;
import dev.wirebench.codecs.quickbuf.generated.MarketDataProto;
import us.hebi.quickbuf.RepeatedMessage;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;

/**
 * {@link MarketData} ↔ {@link MarketDataProto}, and the {@link dev.wirebench.codec.Checksum} read
 * straight from a parsed message.
 */
final class MarketDataMapping implements QuickbufMapping<MarketData, MarketDataProto> {

    private static final EnumField[] ENTRY_ENUMS = {
            new EnumField(3, "BookEntryProto.side", SIDES.length),
            new EnumField(5, "BookEntryProto.entry_type", ENTRY_TYPES.length)};

    private final UnknownFields unknown = new UnknownFields();
    private final Utf8Hash strings = new Utf8Hash();

    @Override
    public MarketDataProto newMessage() {
        return MarketDataProto.newInstance();
    }

    @Override
    public MarketDataProto fill(MarketDataProto p, MarketData m) {
        p.clear();
        if (m.instrumentId() != 0) {
            p.setInstrumentId(m.instrumentId());
        }
        if (!m.symbol().isEmpty()) {
            p.setSymbol(m.symbol());
        }
        if (m.sequenceNumber() != 0) {
            p.setSequenceNumber(m.sequenceNumber());
        }
        if (m.timestamp() != 0) {
            p.setTimestamp(m.timestamp());
        }
        List<BookEntry> entries = m.entries();
        if (!entries.isEmpty()) {
            // next() hands out the entries kept from earlier messages, cleared with the message
            RepeatedMessage<BookEntryProto> store = p.getMutableEntries();
            for (int i = 0; i < entries.size(); i++) {
                fill(store.next(), entries.get(i));
            }
        }
        return p;
    }

    private static void fill(BookEntryProto p, BookEntry e) {
        if (e.price() != 0) {
            p.setPrice(e.price());
        }
        if (e.quantity() != 0) {
            p.setQuantity(e.quantity());
        }
        if (e.side().ordinal() != 0) {
            p.setSideValue(e.side().ordinal());
        }
        if (e.level() != 0) {
            p.setLevel(e.level());
        }
        if (e.entryType().ordinal() != 0) {
            p.setEntryTypeValue(e.entryType().ordinal());
        }
    }

    @Override
    public MarketData toRecord(MarketDataProto p) {
        unknown.note(p);
        RepeatedMessage<BookEntryProto> store = p.getEntries();
        List<BookEntry> entries = new ArrayList<>(store.length());
        for (int i = 0; i < store.length(); i++) {
            BookEntryProto e = store.get(i);
            unknown.check(e, ENTRY_ENUMS);
            entries.add(new BookEntry(e.getPrice(), e.getQuantity(), side(e), level(e), entryType(e)));
        }
        return new MarketData(p.getInstrumentId(), p.getSymbol(), p.getSequenceNumber(), p.getTimestamp(), entries);
    }

    @Override
    public long checksum(MarketDataProto p) {
        unknown.note(p);
        long h = SEED;
        h = mix(h, p.getInstrumentId());
        h = mix(h, strings.of(p.getSymbolBytes()));
        h = mix(h, p.getSequenceNumber());
        h = mix(h, p.getTimestamp());
        RepeatedMessage<BookEntryProto> store = p.getEntries();
        long entries = listStart(store.length());
        for (int i = 0; i < store.length(); i++) {
            entries = mix(entries, checksum(store.get(i)));
        }
        return mix(h, entries);
    }

    private long checksum(BookEntryProto e) {
        unknown.check(e, ENTRY_ENUMS);
        long h = SEED;
        h = mix(h, e.getPrice());
        h = mix(h, e.getQuantity());
        h = mix(h, side(e).ordinal());
        h = mix(h, level(e));
        return mix(h, entryType(e).ordinal());
    }

    @Override
    public boolean sawUnknownFields() {
        return unknown.takeSeen();
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
