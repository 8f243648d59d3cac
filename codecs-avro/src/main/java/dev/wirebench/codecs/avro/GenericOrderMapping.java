package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.avro.generated.OrderAvro;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.mixDouble;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;
import static dev.wirebench.codecs.avro.GenericSchemas.ordinal;
import static dev.wirebench.codecs.avro.GenericSchemas.pos;
import static dev.wirebench.codecs.avro.GenericSchemas.schema;
import static dev.wirebench.codecs.avro.GenericSchemas.symbols;

/** {@link Order} ↔ a {@link GenericData.Record} of {@code order.avsc}, and the checksum of a read one. */
final class GenericOrderMapping {

    static final Schema SCHEMA = OrderAvro.getClassSchema();
    private static final int CL_ORD_ID = pos(SCHEMA, "clOrdId");
    private static final int ACCOUNT = pos(SCHEMA, "account");
    private static final int SYMBOL = pos(SCHEMA, "symbol");
    private static final int SIDE = pos(SCHEMA, "side");
    private static final int ORDER_QTY = pos(SCHEMA, "orderQty");
    private static final int ORD_TYPE = pos(SCHEMA, "ordType");
    private static final int PRICE = pos(SCHEMA, "price");
    private static final int TIME_IN_FORCE = pos(SCHEMA, "timeInForce");
    private static final int TRANSACT_TIME = pos(SCHEMA, "transactTime");
    private static final Schema SIDE_SCHEMA = schema(SCHEMA, "side");
    private static final Schema ORD_TYPE_SCHEMA = schema(SCHEMA, "ordType");
    private static final Schema TIME_IN_FORCE_SCHEMA = schema(SCHEMA, "timeInForce");
    private static final GenericData.EnumSymbol[] SIDE_SYMBOLS = symbols(SIDE_SCHEMA);
    private static final GenericData.EnumSymbol[] ORD_TYPE_SYMBOLS = symbols(ORD_TYPE_SCHEMA);
    private static final GenericData.EnumSymbol[] TIME_IN_FORCE_SYMBOLS = symbols(TIME_IN_FORCE_SCHEMA);

    private GenericOrderMapping() {
    }

    static GenericData.Record toGeneric(Order o) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put(CL_ORD_ID, o.clOrdId());
        r.put(ACCOUNT, o.account());
        r.put(SYMBOL, o.symbol());
        r.put(SIDE, SIDE_SYMBOLS[o.side().ordinal()]);
        r.put(ORDER_QTY, o.orderQty());
        r.put(ORD_TYPE, ORD_TYPE_SYMBOLS[o.ordType().ordinal()]);
        r.put(PRICE, o.price());
        r.put(TIME_IN_FORCE, TIME_IN_FORCE_SYMBOLS[o.timeInForce().ordinal()]);
        r.put(TRANSACT_TIME, o.transactTime());
        return r;
    }

    static Order toRecord(GenericData.Record r) {
        return new Order((String) r.get(CL_ORD_ID), (String) r.get(ACCOUNT), (String) r.get(SYMBOL), side(r),
                (Long) r.get(ORDER_QTY), ordType(r), price(r), timeInForce(r), (Long) r.get(TRANSACT_TIME));
    }

    /** {@code Checksum.of(toRecord(r))}, without building the record. */
    static long checksum(GenericData.Record r) {
        long h = SEED;
        h = mix(h, string((String) r.get(CL_ORD_ID)));
        h = mix(h, string((String) r.get(ACCOUNT)));
        h = mix(h, string((String) r.get(SYMBOL)));
        h = mix(h, side(r).ordinal());
        h = mix(h, (Long) r.get(ORDER_QTY));
        h = mix(h, ordType(r).ordinal());
        h = mixDouble(h, price(r));
        h = mix(h, timeInForce(r).ordinal());
        return mix(h, (Long) r.get(TRANSACT_TIME));
    }

    private static Side side(GenericData.Record r) {
        return Ordinals.of(SIDES, ordinal(r.get(SIDE), SIDE_SCHEMA), "OrderAvro.side");
    }

    private static OrdType ordType(GenericData.Record r) {
        return Ordinals.of(ORD_TYPES, ordinal(r.get(ORD_TYPE), ORD_TYPE_SCHEMA), "OrderAvro.ordType");
    }

    private static double price(GenericData.Record r) {
        return Checks.price((Double) r.get(PRICE), "OrderAvro.price");
    }

    private static TimeInForce timeInForce(GenericData.Record r) {
        return Ordinals.of(TIMES_IN_FORCE, ordinal(r.get(TIME_IN_FORCE), TIME_IN_FORCE_SCHEMA), "OrderAvro.timeInForce");
    }
}
