package dev.wirebench.harness.rig;

/**
 * What a {@link Transceiver} tells the rig, on whatever thread receives: the rig's own, so every call is cheap
 * and allocates nothing.
 */
public interface Responses {

    /**
     * A response arrived.
     *
     * @param kind    its index in {@link LoadTarget#responses()}; the last one completes the request
     * @param stamp   the stamp of the request it answers
     * @param arrived the {@link System#nanoTime()} it arrived at, read once by the transceiver so that anything
     *                it files about the response (a history) and the rig's timing agree
     */
    void onResponse(int kind, long stamp, long arrived);

    /**
     * The request ended without its last response: answered with an error, or not answered within the
     * session's own timeout. It completes the request.
     *
     * @param timedOut true for a timeout, false for an error response
     */
    void onFailure(long stamp, boolean timedOut);

    /** The session ended without the rig closing it (the server went away, a logout); {@code why} says how. */
    void onClosed(String why);
}
