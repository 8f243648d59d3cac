package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.protobuf.generated.OrderProto;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/**
 * {@link Order} ↔ {@link OrderProto}, and the {@link dev.wirebench.codec.Checksum} read straight
 * from a parsed message. Every format of this module that goes through the generated message
 * uses this one mapping.
 */
final class OrderMapping {

    private OrderMapping() {
    }

    static OrderProto toProto(Order o) {
        return OrderProto.newBuilder()
                .setClOrdId(o.clOrdId())
                .setAccount(o.account())
                .setSymbol(o.symbol())
                .setSideValue(o.side().ordinal())
                .setOrderQty(o.orderQty())
                .setOrdTypeValue(o.ordType().ordinal())
                .setPrice(o.price())
                .setTimeInForceValue(o.timeInForce().ordinal())
                .setTransactTime(o.transactTime())
                .build();
    }

    static Order toRecord(OrderProto p) {
        return new Order(p.getClOrdId(), p.getAccount(), p.getSymbol(), side(p), p.getOrderQty(), ordType(p),
                price(p), timeInForce(p), p.getTransactTime());
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(OrderProto p) {
        long h = SEED;
        h = mix(h, string(p.getClOrdId()));
        h = mix(h, string(p.getAccount()));
        h = mix(h, string(p.getSymbol()));
        h = mix(h, side(p).ordinal());
        h = mix(h, p.getOrderQty());
        h = mix(h, ordType(p).ordinal());
        h = mixDouble(h, price(p));
        h = mix(h, timeInForce(p).ordinal());
        return mix(h, p.getTransactTime());
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static Side side(OrderProto p) {
        return Ordinals.of(SIDES, p.getSideValue(), "OrderProto.side");
    }

    private static OrdType ordType(OrderProto p) {
        return Ordinals.of(ORD_TYPES, p.getOrdTypeValue(), "OrderProto.ord_type");
    }

    private static TimeInForce timeInForce(OrderProto p) {
        return Ordinals.of(TIMES_IN_FORCE, p.getTimeInForceValue(), "OrderProto.time_in_force");
    }

    private static double price(OrderProto p) {
        double price = p.getPrice();
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("OrderProto.price must be finite, was " + price);
        }
        return price;
    }
}
