package dev.wirebench.smpp.codec;

/**
 * A body that cannot be read, before the header's sequence_number and the command's name are added
 * ({@link WireChecks#rejected}): thrown and caught within this package's readers, never seen outside it.
 */
final class Malformed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final int status;

    Malformed(int status, String message) {
        // caught a few frames up and turned into an SmppDecodeException: no stack trace to fill
        super(message, null, false, false);
        this.status = status;
    }
}
