package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.quickbuf.UnknownFields.EnumField;
import dev.wirebench.codecs.quickbuf.generated.OrderProto;
import us.hebi.quickbuf.RepeatedByte;

import java.nio.charset.StandardCharsets;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;

/**
 * {@link Order} ↔ {@link OrderProto}, and the {@link dev.wirebench.codec.Checksum} read straight
 * from a parsed message.
 */
final class OrderMapping implements QuickbufMapping<Order, OrderProto> {

    private static final EnumField[] ENUMS = {
            new EnumField(4, "OrderProto.side", SIDES.length),
            new EnumField(6, "OrderProto.ord_type", ORD_TYPES.length),
            new EnumField(8, "OrderProto.time_in_force", TIMES_IN_FORCE.length)};

    private static final long NEGATIVE_ZERO = Double.doubleToRawLongBits(-0.0);
    /** How QuickBuffers prints the price -0.0, and how it should be printed: protobuf JSON's {@code -0.0}. */
    private static final byte[] PRINTED = "\"price\":0".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REPAIRED = "\"price\":-0.0".getBytes(StandardCharsets.US_ASCII);

    private final UnknownFields unknown = new UnknownFields();
    private final Utf8Hash strings = new Utf8Hash();

    @Override
    public OrderProto newMessage() {
        return OrderProto.newInstance();
    }

    @Override
    public OrderProto fill(OrderProto p, Order o) {
        p.clear();
        if (!o.clOrdId().isEmpty()) {
            p.setClOrdId(o.clOrdId());
        }
        if (!o.account().isEmpty()) {
            p.setAccount(o.account());
        }
        if (!o.symbol().isEmpty()) {
            p.setSymbol(o.symbol());
        }
        if (o.side().ordinal() != 0) {
            p.setSideValue(o.side().ordinal());
        }
        if (o.orderQty() != 0) {
            p.setOrderQty(o.orderQty());
        }
        if (o.ordType().ordinal() != 0) {
            p.setOrdTypeValue(o.ordType().ordinal());
        }
        // proto3 leaves out a double whose raw bits are 0, so -0.0 is written, as protobuf-java does
        if (Double.doubleToRawLongBits(o.price()) != 0) {
            p.setPrice(o.price());
        }
        if (o.timeInForce().ordinal() != 0) {
            p.setTimeInForceValue(o.timeInForce().ordinal());
        }
        if (o.transactTime() != 0) {
            p.setTransactTime(o.transactTime());
        }
        return p;
    }

    @Override
    public Order toRecord(OrderProto p) {
        unknown.check(p, ENUMS);
        return new Order(p.getClOrdId(), p.getAccount(), p.getSymbol(), side(p), p.getOrderQty(), ordType(p),
                price(p), timeInForce(p), p.getTransactTime());
    }

    @Override
    public long checksum(OrderProto p) {
        unknown.check(p, ENUMS);
        long h = SEED;
        h = mix(h, strings.of(p.getClOrdIdBytes()));
        h = mix(h, strings.of(p.getAccountBytes()));
        h = mix(h, strings.of(p.getSymbolBytes()));
        h = mix(h, side(p).ordinal());
        h = mix(h, p.getOrderQty());
        h = mix(h, ordType(p).ordinal());
        h = mixDouble(h, price(p));
        h = mix(h, timeInForce(p).ordinal());
        return mix(h, p.getTransactTime());
    }

    @Override
    public boolean sawUnknownFields() {
        return unknown.takeSeen();
    }

    /**
     * QuickBuffers' JSON printer writes -0.0 as {@code 0} (its shortest-form encoder spells both zeros
     * alike), so the sign would be lost; its parser keeps a {@code -0.0} it is given. The price, the
     * only double of the four messages, is then rewritten as {@code -0.0}, as protobuf JSON prints it.
     * The key is found by its bytes: the order has no nested object, and a quote inside a string is
     * printed escaped, so {@code "price":} occurs once, as the key.
     */
    @Override
    public void repairJson(OrderProto p, RepeatedByte json) {
        if (Double.doubleToRawLongBits(p.getPrice()) != NEGATIVE_ZERO) {
            return;
        }
        int at = indexOf(json, PRINTED);
        if (at < 0) {
            throw new IllegalStateException("QuickBuffers printed -0.0 unlike " + new String(PRINTED,
                    StandardCharsets.US_ASCII) + ": " + json);
        }
        int grow = REPAIRED.length - PRINTED.length;
        int tail = json.length() - at - PRINTED.length;
        json.addLength(grow);
        byte[] bytes = json.array();
        System.arraycopy(bytes, at + PRINTED.length, bytes, at + REPAIRED.length, tail);
        System.arraycopy(REPAIRED, 0, bytes, at, REPAIRED.length);
    }

    private static int indexOf(RepeatedByte json, byte[] key) {
        byte[] bytes = json.array();
        int last = json.length() - key.length;
        search:
        for (int i = 0; i <= last; i++) {
            for (int k = 0; k < key.length; k++) {
                if (bytes[i + k] != key[k]) {
                    continue search;
                }
            }
            // the whole number, not the start of one: 0 followed by the next field or the end
            if (i + key.length == json.length() || bytes[i + key.length] == ',' || bytes[i + key.length] == '}') {
                return i;
            }
        }
        return -1;
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
