package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codecs.capnp.generated.CommonSchema;
import dev.wirebench.codecs.capnp.generated.OrderSchema;
import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;

import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/** {@link Order} ↔ {@code OrderSchema.Order}. */
final class OrderMapping implements CapnpMapping<Order, OrderSchema.Order.Reader> {

    private static final CommonSchema.Side[] WIRE_SIDES = CommonSchema.Side.values();
    private static final OrderSchema.OrdType[] WIRE_ORD_TYPES = OrderSchema.OrdType.values();
    private static final OrderSchema.TimeInForce[] WIRE_TIMES_IN_FORCE = OrderSchema.TimeInForce.values();

    private final Utf8Text text = new Utf8Text();

    @Override
    public FromPointerReader<OrderSchema.Order.Reader> root() {
        return OrderSchema.Order.factory;
    }

    @Override
    public void write(Order o, MessageBuilder builder) {
        OrderSchema.Order.Builder root = builder.initRoot(OrderSchema.Order.factory);
        text.copyTo(root.initClOrdId(text.encode(o.clOrdId(), "Order.clOrdId")));
        text.copyTo(root.initAccount(text.encode(o.account(), "Order.account")));
        text.copyTo(root.initSymbol(text.encode(o.symbol(), "Order.symbol")));
        root.setSide(WIRE_SIDES[o.side().ordinal()]);
        root.setOrderQty(o.orderQty());
        root.setOrdType(WIRE_ORD_TYPES[o.ordType().ordinal()]);
        root.setPrice(o.price()); // default 0, so stored as its IEEE bits: -0.0 stays -0.0
        root.setTimeInForce(WIRE_TIMES_IN_FORCE[o.timeInForce().ordinal()]);
        root.setTransactTime(o.transactTime());
    }

    @Override
    public Order read(OrderSchema.Order.Reader r) {
        return new Order(text.decode(r.getClOrdId(), "Order.clOrdId"), text.decode(r.getAccount(), "Order.account"),
                text.decode(r.getSymbol(), "Order.symbol"), Ordinals.of(SIDES, r.getSide(), "Order.side"),
                r.getOrderQty(), Ordinals.of(ORD_TYPES, r.getOrdType(), "Order.ordType"), price(r),
                Ordinals.of(TIMES_IN_FORCE, r.getTimeInForce(), "Order.timeInForce"), r.getTransactTime());
    }

    @Override
    public long checksum(OrderSchema.Order.Reader r) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Utf8Text.checksum(r.getClOrdId(), "Order.clOrdId"));
        h = Checksum.mix(h, Utf8Text.checksum(r.getAccount(), "Order.account"));
        h = Checksum.mix(h, Utf8Text.checksum(r.getSymbol(), "Order.symbol"));
        h = Checksum.mix(h, Ordinals.check(r.getSide(), SIDES.length, "Order.side"));
        h = Checksum.mix(h, r.getOrderQty());
        h = Checksum.mix(h, Ordinals.check(r.getOrdType(), ORD_TYPES.length, "Order.ordType"));
        h = Checksum.mixDouble(h, price(r));
        h = Checksum.mix(h, Ordinals.check(r.getTimeInForce(), TIMES_IN_FORCE.length, "Order.timeInForce"));
        return Checksum.mix(h, r.getTransactTime());
    }

    private static double price(OrderSchema.Order.Reader r) {
        double price = r.getPrice();
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("Order.price: " + price + " is not a finite price");
        }
        return price;
    }
}
