package dev.wirebench.fix.run;

/** The names of what {@link FixFaultTarget#counts()} counts, as the fault table shows them. */
final class FixFaultCounts {

    /** NewOrderSingle the rig sent, warm-up included, each with a ClOrdID of its own. */
    static final String SENT = "sent";
    /** Orders that got their fill: plainly, or through the resend after a gap. */
    static final String FILLED = "filled";
    /** Of those, filled through the resend: the order resent with PossDupFlag=Y, or its fill told again. */
    static final String RECOVERED = "recovered by resend";
    /** A second plain fill for one ClOrdID: a second execution. Must be 0. */
    static final String FILLED_TWICE = "filled twice";
    /** Fills told again (PossDupFlag or PossResend) for an order already filled: repeats, not executions. */
    static final String TOLD_AGAIN = "fills told again";
    /** No fill within the order timeout. */
    static final String TIMED_OUT = "timed out";
    /**
     * A session that keeps no store: orders in flight when the connection was lost, or made while it was, which
     * nothing will send again.
     */
    static final String LOST = "lost with the connection";
    /** Plain fills for an order already counted as timed out or lost. */
    static final String LATE_FILLS = "late fills";
    /** Sent and neither filled, timed out nor lost once the run is over. Must be 0. */
    static final String UNACCOUNTED = "unaccounted";
    /** Orders still waiting when the counts were read. */
    static final String OPEN = "open";
    /** Orders the client resent with PossDupFlag=Y. */
    static final String RESENT = "orders resent";
    static final String DISCONNECTS = "connections lost";
    static final String RECONNECTS = "logons again";

    private FixFaultCounts() {
    }
}
