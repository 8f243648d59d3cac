package dev.wirebench.harness.rig;

import java.io.IOException;

/**
 * One session with the system under test, as the load rig drives it: it sends a request stamped with the
 * {@link System#nanoTime()} the request was meant to leave at, and reports each response to that request, with
 * the same stamp, to its {@link Responses}.
 *
 * <p>Obligations of an implementation:
 * <ul>
 *   <li>{@link #send} must carry the stamp to every response of the request (in the message, as FIX's ClOrdID
 *       does, or in the session's own table of requests in flight) and must not allocate per request where
 *       the library does not force it.</li>
 *   <li>{@link #send} may be called from inside a {@link Responses} callback (closed loop: the next request
 *       leaves as soon as one completes) and from one other thread at the same time (the rig's sender);
 *       the implementation makes those two safe together.</li>
 *   <li>Each request ends in exactly one completing call: the last of {@link LoadTarget#responses()}, or
 *       {@link Responses#onFailure}. A session that ends without {@link #close()} calls
 *       {@link Responses#onClosed} once.</li>
 * </ul>
 */
public interface Transceiver extends AutoCloseable {

    /**
     * Sends one request.
     *
     * @param stamp the {@link System#nanoTime()} it was meant to leave at
     * @throws IOException when the session is gone
     */
    void send(long stamp) throws IOException;

    /** Ends the session the way the protocol ends one (logout, unbind) and closes the connection. */
    @Override
    void close();
}
