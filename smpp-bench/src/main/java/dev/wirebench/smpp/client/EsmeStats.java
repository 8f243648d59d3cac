package dev.wirebench.smpp.client;

/**
 * A snapshot of one {@link Esme} session's counters.
 *
 * @param inFlight             requests sent and not yet answered (or waiting for a slot's sequence number)
 * @param responses            submit_sm_resp matched to their requests
 * @param timeouts             requests failed for want of a response within the request timeout
 * @param unmatchedResponses   responses matching no outstanding request (late ones, after a timeout)
 * @param enquireLinksSent     keep-alive enquire_links sent
 * @param enquireLinksAnswered their responses received
 * @param deliverSmReceived    deliver_sm received (and answered)
 * @param receiptsReceived     of those, SMSC delivery receipts (esm_class message type 0001, SMPP 3.4 5.2.12)
 * @param deadLink             1 when the session closed itself for an enquire_link unanswered within the request
 *                             timeout (the link was dead), else 0
 */
public record EsmeStats(int inFlight, long responses, long timeouts, long unmatchedResponses,
                        long enquireLinksSent, long enquireLinksAnswered, long deliverSmReceived,
                        long receiptsReceived, int deadLink) {
}
