package dev.wirebench.codec;

/**
 * Thrown by {@link MessageCodec#decode} and {@link MessageCodec#traverse} when the bytes are not a
 * valid message of the codec's format: truncated, corrupted, or carrying a value the canonical
 * message cannot hold. The message says what was wrong.
 */
public class CodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CodecException(String message) {
        super(message);
    }

    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
