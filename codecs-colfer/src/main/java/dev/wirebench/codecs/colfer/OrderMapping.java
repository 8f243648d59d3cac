package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codecs.colfer.generated.OrderColfer;

import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/**
 * {@link Order} ↔ {@link OrderColfer}. Colfer marshals a {@code float64} only when it is
 * {@code != 0.0}, which is false for -0.0 too, so -0.0 would come back as 0.0: the schema's
 * {@code priceNegativeZero} flag carries it (one byte, only for that price). Every other double is
 * written and read by its raw bits.
 */
final class OrderMapping implements ColferMapping<Order, OrderColfer> {

    private static final long NEGATIVE_ZERO_BITS = Double.doubleToRawLongBits(-0.0);

    @Override
    public OrderColfer newStruct() {
        return new OrderColfer();
    }

    @Override
    public void fill(OrderColfer s, Order o) {
        s.clOrdId = o.clOrdId();
        s.account = o.account();
        s.symbol = o.symbol();
        s.side = (byte) o.side().ordinal();
        s.orderQty = o.orderQty();
        s.ordType = (byte) o.ordType().ordinal();
        s.price = o.price();
        s.priceNegativeZero = Double.doubleToRawLongBits(o.price()) == NEGATIVE_ZERO_BITS;
        s.timeInForce = (byte) o.timeInForce().ordinal();
        s.transactTime = o.transactTime();
    }

    @Override
    public int marshal(OrderColfer s, byte[] buf, int offset) {
        return s.marshal(buf, offset);
    }

    @Override
    public void reset(OrderColfer s) {
        s.clOrdId = "";
        s.account = "";
        s.symbol = "";
        s.side = 0;
        s.orderQty = 0;
        s.ordType = 0;
        s.price = 0.0;
        s.priceNegativeZero = false;
        s.timeInForce = 0;
        s.transactTime = 0;
    }

    @Override
    public int unmarshal(OrderColfer s, byte[] buf, int offset, int end) {
        return s.unmarshal(buf, offset, end);
    }

    @Override
    public Order toRecord(OrderColfer s) {
        return new Order(s.clOrdId, s.account, s.symbol, Ordinals.of(SIDES, s.side & 0xFF, "OrderColfer.side"),
                s.orderQty, Ordinals.of(ORD_TYPES, s.ordType & 0xFF, "OrderColfer.ordType"), price(s),
                Ordinals.of(TIMES_IN_FORCE, s.timeInForce & 0xFF, "OrderColfer.timeInForce"), s.transactTime);
    }

    @Override
    public long checksum(OrderColfer s) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Checksum.string(s.clOrdId));
        h = Checksum.mix(h, Checksum.string(s.account));
        h = Checksum.mix(h, Checksum.string(s.symbol));
        h = Checksum.mix(h, Ordinals.check(s.side & 0xFF, SIDES.length, "OrderColfer.side"));
        h = Checksum.mix(h, s.orderQty);
        h = Checksum.mix(h, Ordinals.check(s.ordType & 0xFF, ORD_TYPES.length, "OrderColfer.ordType"));
        h = Checksum.mixDouble(h, price(s));
        h = Checksum.mix(h, Ordinals.check(s.timeInForce & 0xFF, TIMES_IN_FORCE.length, "OrderColfer.timeInForce"));
        return Checksum.mix(h, s.transactTime);
    }

    /** The price the struct holds, checked: finite, and zero when the negative-zero flag is set. */
    private static double price(OrderColfer s) {
        if (s.priceNegativeZero) {
            if (s.price != 0.0) {
                throw new IllegalArgumentException("OrderColfer.priceNegativeZero is set but price is " + s.price);
            }
            return -0.0;
        }
        if (!Double.isFinite(s.price)) {
            throw new IllegalArgumentException("OrderColfer.price must be finite, was " + s.price);
        }
        return s.price;
    }

    @Override
    public int sizeMax() {
        return OrderColfer.colferSizeMax;
    }
}
