package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codecs.flatbuffers.generated.OrderFb;

import java.nio.ByteBuffer;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/** {@link Order} as the table {@code OrderFb}; its price defaults to NaN so that -0.0 is written (see order.fbs). */
final class FlatBuffersOrderCodec extends FlatBuffersCodec<Order> {

    private final OrderFb root = new OrderFb();

    /** {@code flatbuffers}: see {@link FlatBuffersCodec} for what the guarded codec adds. */
    FlatBuffersOrderCodec() {
        this(false);
    }

    FlatBuffersOrderCodec(boolean guarded) {
        super(MessageType.ORDER, "OrderFb", OrderFb::OrderFbBufferHasIdentifier, guarded);
    }

    @Override
    void build(Order o) {
        int clOrdId = string(o.clOrdId(), "OrderFb.cl_ord_id");
        int account = string(o.account(), "OrderFb.account");
        int symbol = string(o.symbol(), "OrderFb.symbol");
        OrderFb.finishOrderFbBuffer(builder, OrderFb.createOrderFb(builder, clOrdId, account, symbol,
                o.side().ordinal(), o.orderQty(), o.ordType().ordinal(), o.price(), o.timeInForce().ordinal(),
                o.transactTime()));
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        OrderFb t = OrderFb.getRootAsOrderFb(view, root);
        return new Order(string(t.clOrdIdInByteBuffer(view), "OrderFb.cl_ord_id"),
                string(t.accountInByteBuffer(view), "OrderFb.account"),
                string(t.symbolInByteBuffer(view), "OrderFb.symbol"),
                Ordinals.of(SIDES, t.side(), "OrderFb.side"),
                t.orderQty(),
                Ordinals.of(ORD_TYPES, t.ordType(), "OrderFb.ord_type"),
                price(t),
                Ordinals.of(TIMES_IN_FORCE, t.timeInForce(), "OrderFb.time_in_force"),
                t.transactTime());
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        OrderFb t = OrderFb.getRootAsOrderFb(view, root);
        long h = mix(SEED, hash(t.clOrdIdInByteBuffer(view), "OrderFb.cl_ord_id"));
        h = mix(h, hash(t.accountInByteBuffer(view), "OrderFb.account"));
        h = mix(h, hash(t.symbolInByteBuffer(view), "OrderFb.symbol"));
        h = mix(h, Ordinals.check(t.side(), SIDES.length, "OrderFb.side"));
        h = mix(h, t.orderQty());
        h = mix(h, Ordinals.check(t.ordType(), ORD_TYPES.length, "OrderFb.ord_type"));
        h = mixDouble(h, price(t));
        h = mix(h, Ordinals.check(t.timeInForce(), TIMES_IN_FORCE.length, "OrderFb.time_in_force"));
        return mix(h, t.transactTime());
    }

    /** The record takes any finite price; an absent one reads as the schema default, NaN. */
    private double price(OrderFb t) {
        double price = t.price();
        if (!Double.isFinite(price)) {
            throw malformed("OrderFb.price " + price + " is not finite" + (Double.isNaN(price) ? " (or is missing)" : ""));
        }
        return price;
    }
}
