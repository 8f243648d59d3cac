package dev.wirebench.smpp.run;

/** The names of what {@link SmppFaultTarget#counts()} counts, as the fault table shows them. */
final class FaultCounts {

    /** submit_sm the rig sent, warm-up included. */
    static final String SENT = "sent";
    /** Answered once, ESME_ROK. */
    static final String ANSWERED = "answered";
    /** Answered with an error status or a generic_nack. */
    static final String REFUSED = "refused";
    /** No answer within the request timeout (or no bind to send it on within it). */
    static final String TIMED_OUT = "timed out";
    /** Failed when its connection ended before the answer came. */
    static final String LOST = "lost with the connection";
    /** Sent and none of the above: must be 0. */
    static final String UNACCOUNTED = "unaccounted";
    /** submit_sm_resp that matched nothing outstanding: late after a timeout, or a second answer. */
    static final String LATE = "late or second answers";
    /** Window slots still taken once every request has ended: a leak unless 0. */
    static final String SLOTS_HELD = "window slots held";
    static final String RECONNECTS = "reconnects";
    static final String FAILED_BINDS = "failed binds";
    static final String ENQUIRE_LINKS = "enquire_link sent";
    /** Sessions closed for an enquire_link without an answer in time: each found its link dead. */
    static final String DEAD_LINKS = "dead links";

    /**
     * Connections the SMSC still held once every ESME had closed and the SMSC's idle timeout had passed: a dead
     * session it never freed unless 0.
     */
    static final String SMSC_HELD = "smsc connections held";

    private FaultCounts() {
    }
}
