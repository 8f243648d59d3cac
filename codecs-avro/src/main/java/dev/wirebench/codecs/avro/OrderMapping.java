package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.avro.generated.OrdTypeAvro;
import dev.wirebench.codecs.avro.generated.OrderAvro;
import dev.wirebench.codecs.avro.generated.TimeInForceAvro;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/** {@link Order} ↔ {@link OrderAvro}, and the checksum of a read datum. */
final class OrderMapping {

    private static final OrdTypeAvro[] AVRO_ORD_TYPES = OrdTypeAvro.values();
    private static final TimeInForceAvro[] AVRO_TIMES_IN_FORCE = TimeInForceAvro.values();

    private OrderMapping() {
    }

    static OrderAvro toAvro(Order o) {
        OrderAvro a = new OrderAvro();
        a.setClOrdId(o.clOrdId());
        a.setAccount(o.account());
        a.setSymbol(o.symbol());
        a.setSide(MarketDataMapping.AVRO_SIDES[o.side().ordinal()]);
        a.setOrderQty(o.orderQty());
        a.setOrdType(AVRO_ORD_TYPES[o.ordType().ordinal()]);
        a.setPrice(o.price());
        a.setTimeInForce(AVRO_TIMES_IN_FORCE[o.timeInForce().ordinal()]);
        a.setTransactTime(o.transactTime());
        return a;
    }

    static Order toRecord(OrderAvro a) {
        return new Order(a.getClOrdId(), a.getAccount(), a.getSymbol(), side(a), a.getOrderQty(), ordType(a),
                price(a), timeInForce(a), a.getTransactTime());
    }

    /** {@code Checksum.of(toRecord(a))}, without building the record. */
    static long checksum(OrderAvro a) {
        long h = SEED;
        h = mix(h, string(a.getClOrdId()));
        h = mix(h, string(a.getAccount()));
        h = mix(h, string(a.getSymbol()));
        h = mix(h, side(a).ordinal());
        h = mix(h, a.getOrderQty());
        h = mix(h, ordType(a).ordinal());
        h = mixDouble(h, price(a));
        h = mix(h, timeInForce(a).ordinal());
        return mix(h, a.getTransactTime());
    }

    private static Side side(OrderAvro a) {
        return Ordinals.of(SIDES, a.getSide(), "OrderAvro.side");
    }

    private static OrdType ordType(OrderAvro a) {
        return Ordinals.of(ORD_TYPES, a.getOrdType(), "OrderAvro.ordType");
    }

    private static double price(OrderAvro a) {
        return Checks.price(a.getPrice(), "OrderAvro.price");
    }

    private static TimeInForce timeInForce(OrderAvro a) {
        return Ordinals.of(TIMES_IN_FORCE, a.getTimeInForce(), "OrderAvro.timeInForce");
    }
}
