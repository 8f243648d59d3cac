package dev.wirebench.codec.message;

/** What a market data book entry does to the book (the MDUpdateAction of an incremental refresh). */
public enum EntryType {
    NEW,
    CHANGE,
    DELETE,
    TRADE
}
