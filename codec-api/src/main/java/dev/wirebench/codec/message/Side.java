package dev.wirebench.codec.message;

/** Side of a book entry or an order (FIX tag 54 values 1 and 2). */
public enum Side {
    BUY,
    SELL
}
