package dev.wirebench.fix.history;

/** A line of a history file that is not {@code <nanotime>;<FIX message>}, or that contradicts the file. */
final class HistoryFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long line;

    HistoryFormatException(long line, String what) {
        super("line " + line + ": " + what);
        this.line = line;
    }

    /** The 1-based number of the offending line. */
    long line() {
        return line;
    }
}
