package dev.wirebench.codec.message;

/** FIX OrdType (tag 40). */
public enum OrdType {
    MARKET,
    LIMIT,
    STOP,
    STOP_LIMIT
}
