package dev.wirebench.codec;

import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;

import java.util.List;

final class MarketDataSamples implements SampleSource<MarketData> {

    // built once: fixtures are immutable records
    private final List<Sample<MarketData>> fixtures = List.of(
            // an E-mini S&P incremental refresh: five book updates, prices with exponent -9
            new Sample<>("reference", new MarketData(2_010_427L, "ESZ6", 1_234_567_890L, 1_763_700_000_123_456_789L, List.of(
                    new BookEntry(5_918_250_000_000L, 12, Side.BUY, 1, EntryType.CHANGE),
                    new BookEntry(5_918_000_000_000L, 48, Side.BUY, 2, EntryType.CHANGE),
                    new BookEntry(5_918_500_000_000L, 7, Side.SELL, 1, EntryType.NEW),
                    new BookEntry(5_918_750_000_000L, 31, Side.SELL, 2, EntryType.DELETE),
                    new BookEntry(5_918_500_000_000L, 2, Side.BUY, 0, EntryType.TRADE)))),
            new Sample<>("empty", new MarketData(0L, "", 0L, 0L, List.of())),
            new Sample<>("unicode", new MarketData(7L, "日経225先物\uD83D\uDCC8é", 1L, 1L, List.of(
                    new BookEntry(-1L, -1L, Side.SELL, 0, EntryType.NEW)))),
            new Sample<>("extremes", new MarketData(Long.MAX_VALUE, "Z".repeat(200), Long.MIN_VALUE, Long.MAX_VALUE, List.of(
                    new BookEntry(Long.MIN_VALUE, Long.MAX_VALUE, Side.BUY, BookEntry.MAX_LEVEL, EntryType.TRADE),
                    new BookEntry(Long.MAX_VALUE, Long.MIN_VALUE, Side.SELL, 0, EntryType.DELETE)))));

    @Override
    public List<Sample<MarketData>> fixtures() {
        return fixtures;
    }

    @Override
    public MarketData random(RandomValues r) {
        return new MarketData(r.longValue(), r.string(12), r.longValue(), r.longValue(),
                r.list(20, () -> new BookEntry(r.longValue(), r.longValue(), r.pick(Side.values()),
                        r.intBetween(0, BookEntry.MAX_LEVEL), r.pick(EntryType.values()))));
    }
}
