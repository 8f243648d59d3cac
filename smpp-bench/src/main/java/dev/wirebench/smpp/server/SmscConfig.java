package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Bind;

import java.time.Duration;
import java.util.Map;

/**
 * How an {@link Smsc} listens and behaves. Start from {@link #of(Map)} and change what differs with the
 * {@code with...} methods.
 *
 * @param host                the address to listen on; 127.0.0.1 by default, so nothing off the machine can reach it
 * @param port                the TCP port; 0 picks a free one ({@link Smsc#port()} says which)
 * @param accounts            system_id to password of every ESME allowed to bind
 * @param systemId            the SMSC's own system_id, sent in bind responses
 * @param receipts            whether a submit_sm whose registered_delivery asks for an SMSC delivery
 *                            receipt gets one (a deliver_sm, SMPP 3.4 appendix B), after its submit_sm_resp;
 *                            off by default
 * @param idleTimeout         a session that sends nothing for this long is unbound and closed; zero: never
 * @param maxCommandLength    the largest PDU accepted; a longer command_length ends the session
 * @param outboundBound       octets a session may have waiting to go out to a client that does not read
 *                            (PDUs plus Netty's 96 octets per write); near it the session stops reading
 *                            that client's requests until the queue drains to half
 * @param submitResponseDelay how long each submit_sm_resp is held back, to stand in for a slower SMSC
 *                            (zero: answered at once)
 * @param workerThreads       event loop threads serving sessions; 0: Netty's default, twice the cores
 * @param spin                the event loops poll (selectNow in a loop) instead of blocking in select
 * @param reader              how submit_sm is read: in place by a flyweight (the default) or decoded into a record
 */
public record SmscConfig(String host, int port, Map<String, String> accounts, String systemId,
                         boolean receipts, Duration idleTimeout, int maxCommandLength, int outboundBound,
                         Duration submitResponseDelay, int workerThreads, boolean spin, SmscReader reader) {

    /** The default listen address: loopback only. */
    public static final String LOOPBACK = "127.0.0.1";
    /**
     * What one PDU can make a session queue after its outbound queue has crossed the high-water mark:
     * the response (a submit_sm_resp is at most 81 octets) and a delivery receipt (at most about 230),
     * each counted by Netty with 96 octets of overhead. The mark sits this far under
     * {@link #outboundBound()}, so the bound holds.
     */
    public static final int WRITE_HEADROOM = 1024;
    /** The smallest outbound bound accepted: the headroom plus as much again to work with. */
    public static final int MIN_OUTBOUND_BOUND = 2 * WRITE_HEADROOM;

    public SmscConfig {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host is empty; use " + LOOPBACK + " to listen on this machine only");
        }
        if (port < 0 || port > 0xFFFF) {
            throw new IllegalArgumentException("port is " + port + "; a TCP port is 0 (any free one) to 65535");
        }
        accounts = Map.copyOf(accounts);
        if (systemId == null || systemId.length() >= Bind.SYSTEM_ID_OCTETS) {
            throw new IllegalArgumentException("systemId must have at most " + (Bind.SYSTEM_ID_OCTETS - 1) + " characters");
        }
        if (idleTimeout == null || idleTimeout.isNegative()) {
            throw new IllegalArgumentException("idleTimeout must be zero (never) or positive");
        }
        if (maxCommandLength < SmppCodec.HEADER_LENGTH) {
            throw new IllegalArgumentException("maxCommandLength is " + maxCommandLength + "; a PDU has at least "
                    + SmppCodec.HEADER_LENGTH + " octets");
        }
        if (outboundBound < MIN_OUTBOUND_BOUND) {
            throw new IllegalArgumentException("outboundBound is " + outboundBound + " octets; it must be at least "
                    + MIN_OUTBOUND_BOUND);
        }
        if (submitResponseDelay == null || submitResponseDelay.isNegative()) {
            throw new IllegalArgumentException("submitResponseDelay must be zero or positive");
        }
        if (workerThreads < 0) {
            throw new IllegalArgumentException("workerThreads is " + workerThreads + "; 0 means Netty's default");
        }
        if (reader == null) {
            throw new IllegalArgumentException("reader is null; SmscReader.FLYWEIGHT is the default");
        }
    }

    /** How long a session may send nothing before the SMSC unbinds and closes it, unless told otherwise. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Loopback, a free port, these accounts, system_id "wirebench", no receipts, a 60 s idle timeout,
     * the codec's 64 KiB cap, 256 KiB outbound per session, answers at once, Netty's default threads,
     * submit_sm read by the flyweight.
     */
    public static SmscConfig of(Map<String, String> accounts) {
        return new SmscConfig(LOOPBACK, 0, accounts, "wirebench", false, DEFAULT_IDLE_TIMEOUT,
                SmppCodec.DEFAULT_MAX_COMMAND_LENGTH, 256 * 1024, Duration.ZERO, 0, false, SmscReader.FLYWEIGHT);
    }

    public SmscConfig withHost(String value) {
        return new SmscConfig(value, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, spin, reader);
    }

    public SmscConfig withPort(int value) {
        return new SmscConfig(host, value, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, spin, reader);
    }

    /**
     * Whether to send the delivery receipts submit_sm ask for (registered_delivery bits 0-1 = 01: on
     * success or failure; 10, failure only, gets none, since every message is delivered): to the
     * submitting session if it is a transceiver, else to a receiver or transceiver bound with the same
     * system_id. {@link SmscStats} counts them sent, acknowledged and dropped.
     */
    public SmscConfig withReceipts(boolean value) {
        return new SmscConfig(host, port, accounts, systemId, value, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, spin, reader);
    }

    public SmscConfig withIdleTimeout(Duration value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, value, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, spin, reader);
    }

    public SmscConfig withMaxCommandLength(int value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, value,
                outboundBound, submitResponseDelay, workerThreads, spin, reader);
    }

    public SmscConfig withOutboundBound(int value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                value, submitResponseDelay, workerThreads, spin, reader);
    }

    public SmscConfig withSubmitResponseDelay(Duration value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, value, workerThreads, spin, reader);
    }

    public SmscConfig withWorkerThreads(int value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, value, spin, reader);
    }

    public SmscConfig withSpin(boolean value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, value, reader);
    }

    /**
     * How the SMSC reads submit_sm: {@link SmscReader#FLYWEIGHT} (the default) in place, allocating nothing,
     * or {@link SmscReader#DECODE} into a record, to compare the two. The wire behaviour is the same.
     */
    public SmscConfig withReader(SmscReader value) {
        return new SmscConfig(host, port, accounts, systemId, receipts, idleTimeout, maxCommandLength,
                outboundBound, submitResponseDelay, workerThreads, spin, value);
    }

    /** The outbound queue's high-water mark: past it the channel reports unwritable and the session stops reading. */
    int highWaterMark() {
        return outboundBound - WRITE_HEADROOM;
    }
}
