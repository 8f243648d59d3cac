package dev.wirebench.harness;

/** A result file that cannot be read: missing, not JSON, or not JMH's JSON. The message is one line for the user. */
public final class ResultsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResultsException(String message) {
        super(message);
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
    }
}
