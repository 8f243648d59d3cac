package dev.wirebench.codec.message;

/** FIX TimeInForce (tag 59). */
public enum TimeInForce {
    DAY,
    GOOD_TILL_CANCEL,
    IMMEDIATE_OR_CANCEL,
    FILL_OR_KILL,
    GOOD_TILL_DATE
}
