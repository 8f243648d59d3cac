package dev.wirebench.smpp.client;

import dev.wirebench.smpp.pdu.SubmitSmResp;

/**
 * Hears how one {@link Esme#submit} ended. Called exactly once, usually on the session's event loop,
 * so it must be quick and must not block; an exception it throws is dropped so the session's other
 * requests are not affected.
 */
@FunctionalInterface
public interface SubmitListener {

    /**
     * @param response  the submit_sm_resp (its command_status may be an error), or null if the request failed
     * @param error     why it failed ({@link RequestTimeoutException}, the session closing, a generic_nack),
     *                  or null with a response
     * @param sentNanos {@link System#nanoTime()} just before the request was written; subtract it from
     *                  {@code nanoTime()} now to time the request
     */
    void onComplete(SubmitSmResp response, Throwable error, long sentNanos);
}
