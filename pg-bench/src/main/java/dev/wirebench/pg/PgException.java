package dev.wirebench.pg;

/** A failure of a {@code pg} run that the user can act on; its message is the one line printed (exit 2). */
public final class PgException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    PgException(String message) {
        super(message);
    }

    PgException(String message, Throwable cause) {
        super(message, cause);
    }
}
