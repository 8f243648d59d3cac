package dev.wirebench.fix.engine;

import java.io.IOException;

/** A logged-on client session of a {@link FixEngine}. */
public interface FixClient extends AutoCloseable {

    /**
     * Sends one NewOrderSingle whose ClOrdID carries {@code stamp} (see {@link ClOrdIds}). May be called
     * from the listener's own callback (closed loop) or from one other thread while reports arrive
     * (open loop); implementations make those two safe together. Must not allocate per order where
     * the library does not force it.
     *
     * @throws IOException when the session is gone
     */
    void sendOrder(long stamp) throws IOException;

    /**
     * Appends the FIX text of the last order sent, fields separated by SOH (0x01) as on the wire, for
     * {@code --history}; called only when history is kept, so it may allocate.
     */
    void appendLastOrder(StringBuilder out);

    /** Logs out where the engine has a logout, and closes the connection. */
    @Override
    void close();
}
