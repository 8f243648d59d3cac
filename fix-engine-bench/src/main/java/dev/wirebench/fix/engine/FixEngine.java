package dev.wirebench.fix.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

/**
 * One FIX engine under test, as a server side and a client side speaking FIX 4.4 to each other over TCP.
 *
 * <p>The exchange is fixed so that every engine does the same work: the client sends a NewOrderSingle
 * (35=D) whose ClOrdID (11) carries a stamp, and the server answers each with two ExecutionReports (35=8)
 * echoing that ClOrdID: an acknowledgement (ExecType 150=0) and then a fill (150=F). Implementations
 * block while idle unless made spinning ({@code fix --spin}, where the engine can: the machines this runs
 * on may have two cores for client, server and the JIT together, and each spinning thread keeps one),
 * and must say in {@link #settings()} everything that changes latency, how they wait included.
 */
public interface FixEngine {

    /** The name users pass to {@code --engines}: {@code raw}, {@code quickfixj}, {@code philadelphia}, ... */
    String name();

    /**
     * The settings that affect latency (store, log, validation, TCP_NODELAY, idle strategy, threads ...),
     * as key/value pairs in a stable order; they are written next to every result. Must include
     * {@code validates}: what the engine checks of each message it receives (CheckSum, BodyLength,
     * required fields, field types, a data dictionary ...) and what it lets through, since every check
     * costs time and one left out lets a garbled order be executed.
     */
    Map<String, String> settings();

    /**
     * Starts accepting sessions on {@code bind} (port 0 picks a free one) and answers every order.
     * A session's abrupt end, or input the engine rejects, ends that session only: the server keeps
     * accepting new ones until closed.
     *
     * @throws IOException when the address cannot be bound (in use, not local); the message says which
     */
    FixServer startServer(InetSocketAddress bind) throws IOException;

    /**
     * Connects to a server of the same engine and logs on, waiting at most {@code logonTimeout}.
     * The listener is called on the engine's receiving thread.
     *
     * @throws IOException when the connection is refused or the logon is not answered in time;
     *                     the message says which
     */
    FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException;
}
