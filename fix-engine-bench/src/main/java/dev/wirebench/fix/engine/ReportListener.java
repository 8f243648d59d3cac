package dev.wirebench.fix.engine;

/** Receives the ExecutionReports a {@link FixClient} gets, on the engine's receiving thread. */
public interface ReportListener {

    /**
     * One ExecutionReport arrived.
     *
     * @param execType '0' for the acknowledgement, 'F' for the fill
     * @param stamp    the stamp decoded from its ClOrdID, as the order carried it
     * @param message  the report's FIX text, to be read only inside this call (for {@code --history})
     */
    void onReport(char execType, long stamp, FixText message);

    /**
     * The session ended without the client closing it (the server went away, a logout, a reject
     * that ended it). {@code why} says what happened.
     */
    void onDisconnect(String why);

    /**
     * For a durable session ({@code fix --faults}, a session that keeps its sequence numbers across a lost
     * connection and logs on again by itself): an ExecutionReport that may repeat one sent before, because it
     * came through the session's resend (PossDupFlag=Y) or answers an order the server had already executed
     * (PossResend=Y). A listener that counts fills tells a second execution from a repeat by this. By default
     * the same as {@link #onReport}.
     */
    default void onRepeatedReport(char execType, long stamp, FixText message) {
        onReport(execType, stamp, message);
    }

    /** For a durable session: the order with this stamp went again, with PossDupFlag=Y, to fill a gap. */
    default void onOrderResent(long stamp) {
    }

    /** For a durable session: logged on again after a lost connection ({@link #onDisconnect} came before). */
    default void onLogonAgain() {
    }
}
