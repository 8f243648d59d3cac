package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.sbe.generated.OrderDecoder;
import dev.wirebench.codecs.sbe.generated.OrderEncoder;

import java.nio.ByteBuffer;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/**
 * {@link Order} as the SBE message {@code Order}: numbers and enums in the fixed block, the three
 * identifiers as var data (a FIX gateway would use fixed char arrays; the canonical record allows
 * any length and any Unicode, which var data round-trips).
 */
final class SbeOrderCodec extends SbeCodec<Order> {

    private final OrderEncoder encoder = new OrderEncoder();
    private final OrderDecoder decoder = new OrderDecoder();

    SbeOrderCodec() {
        super(MessageType.ORDER, "Order", OrderEncoder.TEMPLATE_ID, OrderEncoder.BLOCK_LENGTH);
    }

    @Override
    protected int encode(Order order, ByteBuffer dst, int offset, int limit) {
        encoder.wrapAndApplyHeader(wrapForEncode(dst, offset, limit), 0, headerEncoder)
                .orderQty(order.orderQty())
                .price(order.price())
                .transactTime(order.transactTime())
                .side(Enums.WIRE_SIDES[order.side().ordinal()])
                .ordType(Enums.WIRE_ORD_TYPES[order.ordType().ordinal()])
                .timeInForce(Enums.WIRE_TIMES_IN_FORCE[order.timeInForce().ordinal()]);
        encoder.putClOrdId(scratch, 0, utf8(order.clOrdId(), "clOrdId"));
        encoder.putAccount(scratch, 0, utf8(order.account(), "account"));
        encoder.putSymbol(scratch, 0, utf8(order.symbol(), "symbol"));
        return BODY + encoder.encodedLength();
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long orderQty = decoder.orderQty();
        double price = finite(decoder.price());
        long transactTime = decoder.transactTime();
        Side side = Ordinals.of(SIDES, decoder.sideRaw(), "side");
        OrdType ordType = Ordinals.of(ORD_TYPES, decoder.ordTypeRaw(), "ordType");
        TimeInForce timeInForce = Ordinals.of(TIMES_IN_FORCE, decoder.timeInForceRaw(), "timeInForce");
        String clOrdId = string(decoder.getClOrdId(scratch, 0, scratch.length));
        String account = string(decoder.getAccount(scratch, 0, scratch.length));
        String symbol = string(decoder.getSymbol(scratch, 0, scratch.length));
        checkEnd(decoder.encodedLength(), length);
        return new Order(clOrdId, account, symbol, side, orderQty, ordType, price, timeInForce, transactTime);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long orderQty = decoder.orderQty();
        double price = finite(decoder.price());
        long transactTime = decoder.transactTime();
        int side = Ordinals.check(decoder.sideRaw(), SIDES.length, "side");
        int ordType = Ordinals.check(decoder.ordTypeRaw(), ORD_TYPES.length, "ordType");
        int timeInForce = Ordinals.check(decoder.timeInForceRaw(), TIMES_IN_FORCE.length, "timeInForce");
        long clOrdId = hashString(decoder.limit(), decoder.skipClOrdId());
        long account = hashString(decoder.limit(), decoder.skipAccount());
        long symbol = hashString(decoder.limit(), decoder.skipSymbol());
        checkEnd(decoder.encodedLength(), length);
        long h = mix(SEED, clOrdId);
        h = mix(h, account);
        h = mix(h, symbol);
        h = mix(h, side);
        h = mix(h, orderQty);
        h = mix(h, ordType);
        h = mixDouble(h, price);
        h = mix(h, timeInForce);
        return mix(h, transactTime);
    }

    /** The record admits finite prices only; NaN or an infinity on the wire is corruption. */
    private double finite(double price) {
        if (!Double.isFinite(price)) {
            throw malformed("price " + price + " is not finite");
        }
        return price;
    }

    private void wrap(ByteBuffer src, int offset, int length) {
        decoder.wrap(wrapForDecode(src, offset, length), BODY, OrderDecoder.BLOCK_LENGTH, OrderDecoder.SCHEMA_VERSION);
    }
}
