package dev.wirebench.smpp.peer;

/**
 * A peer failed a {@link PeerCheck}: the message names the peer, the PDU, the check and the field.
 * {@code PduCodecBenchmark} refuses to measure when its setup meets one.
 */
public final class PeerMismatchException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String peer;
    private final String pdu;

    PeerMismatchException(String peer, String pdu, String message) {
        super(peer + ", " + pdu + ": " + message);
        this.peer = peer;
        this.pdu = pdu;
    }

    /** The library that failed: {@code wirebench}, {@code jsmpp} or {@code cloudhopper}. */
    public String peer() {
        return peer;
    }

    /** The PDU it failed on, by the spec's name: {@code submit_sm}. */
    public String pdu() {
        return pdu;
    }
}
