package dev.wirebench.smpp.server;

/**
 * A snapshot of an {@link Smsc}'s counters since it started, for tests and reports.
 *
 * @param sessionsOpen       connections open now
 * @param sessionsAccepted   connections accepted in all
 * @param pdusHandled        well-formed PDUs received
 * @param submits            submit_sm accepted with a message_id
 * @param nacks              generic_nacks sent: a bad command_length or an unknown command_id (SMPP 3.4
 *                           4.3), or a response out of place
 * @param malformed          PDUs that could not be read: a bad command_length or command_id, or a body at
 *                           fault (a request's answered with its own response carrying the error)
 * @param receiptsSent       delivery receipts sent as deliver_sm
 * @param receiptsAcked      deliver_sm_resp received for them
 * @param receiptsDropped    receipts not sent: no receiver session bound, or its outbound queue full
 * @param idleTimeouts       sessions unbound for sending nothing within the idle timeout
 * @param maxOutboundPending the most octets any one session had waiting to be written
 * @param maxInboundBuffered the most octets any one session's framer held (counted when the session closes)
 * @param maxSubmitsInFlight the most submit_sm any one session had received and not yet answered
 */
public record SmscStats(long sessionsOpen, long sessionsAccepted, long pdusHandled, long submits, long nacks,
                        long malformed, long receiptsSent, long receiptsAcked, long receiptsDropped, long idleTimeouts,
                        long maxOutboundPending, long maxInboundBuffered, long maxSubmitsInFlight) {
}
