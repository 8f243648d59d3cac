package dev.wirebench.fix.engine;

/** The FIX text of a message just received, valid only during the callback that passed it. */
@FunctionalInterface
public interface FixText {

    /** Appends the message as on the wire, fields separated by SOH (0x01). May allocate. */
    void appendTo(StringBuilder out);
}
