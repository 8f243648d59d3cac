package dev.wirebench.codecs.raw;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;

import java.nio.ByteBuffer;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;
import static dev.wirebench.codecs.raw.Wire.putByte;
import static dev.wirebench.codecs.raw.Wire.putLong;

/**
 * {@link Order}, message id 3: clOrdId, account, symbol, side, orderQty, ordType, price (the
 * double's raw bits), timeInForce, transactTime.
 */
final class RawOrderCodec extends RawCodec<Order> {

    static final int MESSAGE_ID = 3;

    /** All exponent bits set: NaN or an infinity. */
    private static final long EXPONENT = 0x7FF0_0000_0000_0000L;

    RawOrderCodec() {
        super(MessageType.ORDER, MESSAGE_ID);
    }

    @Override
    protected int encode(Order o, ByteBuffer dst, int offset, int limit) {
        byte[] a = Wire.array(dst);
        int start = Wire.index(dst, offset);
        int stop = Wire.index(dst, limit);
        int p = putHeader(a, dst, start, stop);
        p = putString(a, dst, p, stop, o.clOrdId());
        p = putString(a, dst, p, stop, o.account());
        p = putString(a, dst, p, stop, o.symbol());
        p = putByte(a, dst, p, stop, o.side().ordinal());
        p = putLong(a, dst, p, stop, o.orderQty());
        p = putByte(a, dst, p, stop, o.ordType().ordinal());
        // raw bits: -0.0 stays -0.0, as record equality requires
        p = putLong(a, dst, p, stop, Double.doubleToRawLongBits(o.price()));
        p = putByte(a, dst, p, stop, o.timeInForce().ordinal());
        p = putLong(a, dst, p, stop, o.transactTime());
        return p - start;
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        String clOrdId = string(a, src, p, end, "clOrdId");
        p = skipString(a, src, p);
        String account = string(a, src, p, end, "account");
        p = skipString(a, src, p);
        String symbol = string(a, src, p, end, "symbol");
        p = skipString(a, src, p);
        Side side = constant(SIDES, a, src, p, end, "side");
        p++;
        long orderQty = int64(a, src, p, end, "orderQty");
        p += Long.BYTES;
        OrdType ordType = constant(ORD_TYPES, a, src, p, end, "ordType");
        p++;
        double price = Double.longBitsToDouble(priceBits(a, src, p, end));
        p += Long.BYTES;
        TimeInForce timeInForce = constant(TIMES_IN_FORCE, a, src, p, end, "timeInForce");
        p++;
        long transactTime = int64(a, src, p, end, "transactTime");
        p += Long.BYTES;
        checkEnd(p, end);
        return new Order(clOrdId, account, symbol, side, orderQty, ordType, price, timeInForce, transactTime);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long h = mix(SEED, hashString(a, src, p, end, "clOrdId"));
        p = skipString(a, src, p);
        h = mix(h, hashString(a, src, p, end, "account"));
        p = skipString(a, src, p);
        h = mix(h, hashString(a, src, p, end, "symbol"));
        p = skipString(a, src, p);
        h = mix(h, ordinal(a, src, p, end, SIDES.length, "side"));
        p++;
        h = mix(h, int64(a, src, p, end, "orderQty"));
        p += Long.BYTES;
        h = mix(h, ordinal(a, src, p, end, ORD_TYPES.length, "ordType"));
        p++;
        // finite, so the raw bits are the Double.doubleToLongBits that Checksum.mixDouble mixes
        h = mix(h, priceBits(a, src, p, end));
        p += Long.BYTES;
        h = mix(h, ordinal(a, src, p, end, TIMES_IN_FORCE.length, "timeInForce"));
        p++;
        h = mix(h, int64(a, src, p, end, "transactTime"));
        p += Long.BYTES;
        checkEnd(p, end);
        return h;
    }

    /** The bits of any finite double: NaN and the infinities are not prices an {@link Order} can hold. */
    private long priceBits(byte[] a, ByteBuffer src, int p, int end) {
        long bits = int64(a, src, p, end, "price");
        if ((bits & EXPONENT) == EXPONENT) {
            throw malformed("price: " + Double.longBitsToDouble(bits) + " is not finite");
        }
        return bits;
    }
}
