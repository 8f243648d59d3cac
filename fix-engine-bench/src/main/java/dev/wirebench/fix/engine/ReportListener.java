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
}
