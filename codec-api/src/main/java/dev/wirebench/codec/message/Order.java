package dev.wirebench.codec.message;

import java.io.Serializable;
/**
 * The fields of a FIX NewOrderSingle (35=D).
 *
 * @param clOrdId      ClOrdID (11)
 * @param account      Account (1)
 * @param symbol       Symbol (55)
 * @param side         Side (54)
 * @param orderQty     OrderQty (38)
 * @param ordType      OrdType (40)
 * @param price        Price (44); any finite double
 * @param timeInForce  TimeInForce (59)
 * @param transactTime TransactTime (60), epoch nanoseconds
 */
public record Order(String clOrdId, String account, String symbol, Side side, long orderQty, OrdType ordType,
                    double price, TimeInForce timeInForce, long transactTime) implements Serializable {

    public Order {
        Fields.require(clOrdId, "clOrdId");
        Fields.require(account, "account");
        Fields.require(symbol, "symbol");
        Fields.require(side, "side");
        Fields.require(ordType, "ordType");
        Fields.require(timeInForce, "timeInForce");
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("price must be finite, was " + price);
        }
    }
}
