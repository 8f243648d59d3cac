package dev.wirebench.harness.rig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A system under test as the load rig sees it: what it is called, what answers one request, what it was set up
 * with, and how to open sessions to a running server of it. One instance serves one measurement and is closed
 * after it, releasing what its sessions shared (event loops, a media driver).
 */
public interface LoadTarget extends AutoCloseable {

    /** The name a user chooses it by: an engine, a client library. */
    String name();

    /**
     * The responses one request gets, in the order they come: {@code [ack, fill]} for a FIX order,
     * {@code [submit_sm_resp]} for a submit_sm. The last completes the request; each is timed from the stamp.
     */
    List<String> responses();

    /** Everything set up that changes what is measured (validation, store, idle strategy), in a stable order. */
    Map<String, String> settings();

    /**
     * Opens one session per receiver to the server at {@code server}, all of them or none.
     *
     * @param timeout how long the sessions may take to be ready (logged on, bound)
     * @throws IOException naming the address when a session cannot connect or log on in time
     */
    List<Transceiver> connect(InetSocketAddress server, List<Responses> receivers, Duration timeout) throws IOException;

    /**
     * What the target counted beyond the rig's timing, over the whole run (warm-up included), read once the run is
     * over: receipts received, say. Empty by default.
     */
    default Map<String, Long> counts() {
        return Map.of();
    }

    @Override
    void close();
}
