package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.thrift.generated.OrderThrift;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;
import static dev.wirebench.codecs.thrift.Reads.constant;
import static dev.wirebench.codecs.thrift.Reads.present;

/** {@link Order} ↔ {@link OrderThrift}, and the {@link dev.wirebench.codec.Checksum} read from a struct. */
final class OrderMapping {

    private OrderMapping() {
    }

    static OrderThrift toThrift(Order o) {
        return new OrderThrift(o.clOrdId(), o.account(), o.symbol(), ThriftEnums.SIDES[o.side().ordinal()],
                o.orderQty(), ThriftEnums.ORD_TYPES[o.ordType().ordinal()], o.price(),
                ThriftEnums.TIMES_IN_FORCE[o.timeInForce().ordinal()], o.transactTime());
    }

    static Order toRecord(OrderThrift t) {
        return new Order(clOrdId(t), account(t), symbol(t), side(t), t.getOrderQty(), ordType(t), price(t),
                timeInForce(t), t.getTransactTime());
    }

    /** {@code Checksum.of(toRecord(t))}, without building the record. */
    static long checksum(OrderThrift t) {
        long h = SEED;
        h = mix(h, string(clOrdId(t)));
        h = mix(h, string(account(t)));
        h = mix(h, string(symbol(t)));
        h = mix(h, side(t).ordinal());
        h = mix(h, t.getOrderQty());
        h = mix(h, ordType(t).ordinal());
        h = mixDouble(h, price(t));
        h = mix(h, timeInForce(t).ordinal());
        return mix(h, t.getTransactTime());
    }

    private static String clOrdId(OrderThrift t) {
        return present(t.getClOrdId(), "OrderThrift.clOrdId");
    }

    private static String account(OrderThrift t) {
        return present(t.getAccount(), "OrderThrift.account");
    }

    private static String symbol(OrderThrift t) {
        return present(t.getSymbol(), "OrderThrift.symbol");
    }

    private static Side side(OrderThrift t) {
        return constant(SIDES, t.getSide(), "OrderThrift.side");
    }

    private static OrdType ordType(OrderThrift t) {
        return constant(ORD_TYPES, t.getOrdType(), "OrderThrift.ordType");
    }

    private static TimeInForce timeInForce(OrderThrift t) {
        return constant(TIMES_IN_FORCE, t.getTimeInForce(), "OrderThrift.timeInForce");
    }

    /** Any finite double, -0.0 included (the wire carries its 8 bytes); the record refuses NaN and infinities. */
    private static double price(OrderThrift t) {
        double price = t.getPrice();
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("OrderThrift.price must be finite, was " + price);
        }
        return price;
    }
}
