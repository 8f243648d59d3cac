package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;

/**
 * {@link Order} as {@code [clOrdId, account, symbol, side, orderQty, ordType, price, timeInForce, transactTime]},
 * enums as ordinals, the price as a float64.
 */
final class MsgpackOrderCodec extends MsgpackCodec<Order> {

    static final int FIELDS = 9;

    MsgpackOrderCodec() {
        super(MessageType.ORDER);
    }

    @Override
    void pack(Order o, MessagePacker p) throws IOException {
        p.packArrayHeader(FIELDS);
        packString(p, o.clOrdId());
        packString(p, o.account());
        packString(p, o.symbol());
        p.packInt(o.side().ordinal());
        p.packLong(o.orderQty());
        p.packInt(o.ordType().ordinal());
        p.packDouble(o.price());
        p.packInt(o.timeInForce().ordinal());
        p.packLong(o.transactTime());
    }

    @Override
    Order unpack(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "Order");
        String clOrdId = u.unpackString();
        String account = u.unpackString();
        String symbol = u.unpackString();
        Side side = Ordinals.of(Ordinals.SIDES, u.unpackInt(), "Order.side");
        long orderQty = u.unpackLong();
        OrdType ordType = Ordinals.of(Ordinals.ORD_TYPES, u.unpackInt(), "Order.ordType");
        double price = u.unpackDouble();
        TimeInForce timeInForce = Ordinals.of(Ordinals.TIMES_IN_FORCE, u.unpackInt(), "Order.timeInForce");
        long transactTime = u.unpackLong();
        return new Order(clOrdId, account, symbol, side, orderQty, ordType, price, timeInForce, transactTime);
    }

    @Override
    long hash(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "Order");
        long h = mix(SEED, hashString(u));
        h = mix(h, hashString(u));
        h = mix(h, hashString(u));
        h = mix(h, ordinal(u, Ordinals.SIDES.length, "Order.side"));
        h = mix(h, u.unpackLong());
        h = mix(h, ordinal(u, Ordinals.ORD_TYPES.length, "Order.ordType"));
        h = mixDouble(h, finite(u.unpackDouble(), "Order.price"));
        h = mix(h, ordinal(u, Ordinals.TIMES_IN_FORCE.length, "Order.timeInForce"));
        return mix(h, u.unpackLong());
    }
}
