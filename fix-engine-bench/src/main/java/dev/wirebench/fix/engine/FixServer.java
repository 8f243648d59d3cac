package dev.wirebench.fix.engine;

import java.net.InetSocketAddress;

/** A running server side of a {@link FixEngine}. Closing it stops accepting and ends every session. */
public interface FixServer extends AutoCloseable {

    /** The address it listens on, with the real port when 0 was asked for. */
    InetSocketAddress address();

    /** Sessions that have logged on since start, ended or not: lets a test see that the server kept serving. */
    int sessionsAccepted();

    @Override
    void close();
}
