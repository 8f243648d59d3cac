package dev.wirebench.codec;

import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;

import java.util.List;

final class OrderSamples implements SampleSource<Order> {

    private final List<Sample<Order>> fixtures = List.of(
            new Sample<>("reference", new Order("ORD-20261121-000042", "ACC-7781", "AAPL", Side.BUY, 100L,
                    OrdType.LIMIT, 187.25, TimeInForce.DAY, 1_763_700_000_123_456_789L)),
            new Sample<>("empty", new Order("", "", "", Side.SELL, 0L, OrdType.MARKET, 0.0, TimeInForce.DAY, 0L)),
            new Sample<>("unicode", new Order("注文-№42", "Konto-Ü", "7203.T\uD83D\uDE97", Side.SELL, 1L,
                    OrdType.STOP_LIMIT, -0.0, TimeInForce.GOOD_TILL_DATE, -1L)),
            new Sample<>("extremes", new Order("C".repeat(64), "A".repeat(64), "S".repeat(64), Side.BUY, Long.MAX_VALUE,
                    OrdType.STOP, Double.MAX_VALUE, TimeInForce.FILL_OR_KILL, Long.MIN_VALUE)));

    @Override
    public List<Sample<Order>> fixtures() {
        return fixtures;
    }

    @Override
    public Order random(RandomValues r) {
        return new Order(r.string(20), r.string(12), r.string(8), r.pick(Side.values()), r.longValue(),
                r.pick(OrdType.values()), r.doubleValue(), r.pick(TimeInForce.values()), r.longValue());
    }
}
