package dev.wirebench.codec;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Base class that keeps every codec honest about the buffer rules of {@link MessageCodec}:
 * subclasses work on absolute offsets and never touch the buffer's position; this class advances
 * the position after a successful encode, restores it after an overflow, and turns the runtime
 * exceptions a format library throws on bad bytes into a {@link CodecException} naming the codec.
 *
 * @param <T> the canonical message record
 */
public abstract class AbstractMessageCodec<T> implements MessageCodec<T> {

    private final String format;
    private final MessageType<T> messageType;
    private final String name;

    protected AbstractMessageCodec(String format, MessageType<T> messageType) {
        this.format = Objects.requireNonNull(format, "format");
        this.messageType = Objects.requireNonNull(messageType, "messageType");
        this.name = format + "/" + messageType.id();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public final MessageType<T> messageType() {
        return messageType;
    }

    @Override
    public final int encode(T message, ByteBuffer dst) {
        int start = dst.position();
        int written;
        try {
            written = encode(message, dst, start, dst.limit());
        } catch (BufferOverflowException | IndexOutOfBoundsException e) {
            throw overflow(dst, start, e);
        }
        dst.position(start + written);
        return written;
    }

    @Override
    public final T decode(ByteBuffer src, int length) {
        int offset = checkRange(src, length);
        try {
            return decode(src, offset, length);
        } catch (IndexOutOfBoundsException | BufferUnderflowException | IllegalArgumentException
                 | IllegalStateException e) {
            throw malformed(e);
        }
    }

    @Override
    public final long traverse(ByteBuffer src, int length) {
        int offset = checkRange(src, length);
        try {
            return traverse(src, offset, length);
        } catch (IndexOutOfBoundsException | BufferUnderflowException | IllegalArgumentException
                 | IllegalStateException e) {
            throw malformed(e);
        }
    }

    /**
     * Writes {@code message} into {@code dst} from absolute {@code offset}, never at or past {@code limit}.
     *
     * @return bytes written
     * @throws BufferOverflowException or {@link IndexOutOfBoundsException} when {@code limit} is reached
     */
    protected abstract int encode(T message, ByteBuffer dst, int offset, int limit);

    /** Materialises the message in {@code src[offset, offset + length)}. */
    protected abstract T decode(ByteBuffer src, int offset, int length);

    /** The {@link Checksum} of the message in {@code src[offset, offset + length)}, read without materialising where possible. */
    protected abstract long traverse(ByteBuffer src, int offset, int length);

    /** A {@link CodecException} that names this codec and says what was wrong. */
    protected final CodecException malformed(String what) {
        return new CodecException(name + ": malformed input: " + what);
    }

    /** The same, keeping the library's exception as the cause. */
    protected final CodecException malformed(String what, Throwable cause) {
        return new CodecException(name + ": malformed input: " + what, cause);
    }

    /** The format's writer ran into the limit: reported the way {@code ByteBuffer} does, nothing consumed. */
    static BufferOverflowException overflow(ByteBuffer dst, int start, RuntimeException e) {
        dst.position(start);
        if (e instanceof BufferOverflowException overflow) {
            return overflow;
        }
        BufferOverflowException overflow = new BufferOverflowException();
        overflow.initCause(e);
        return overflow;
    }

    final CodecException malformed(RuntimeException cause) {
        if (cause instanceof CodecException codecException) {
            return codecException;
        }
        // a validation message already says what was wrong; a library's bounds error needs its type to make sense
        String what = cause instanceof IllegalArgumentException && cause.getMessage() != null
                ? cause.getMessage()
                : cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return malformed(what, cause);
    }

    static int checkRange(ByteBuffer src, int length) {
        if (length < 0 || length > src.remaining()) {
            throw new IllegalArgumentException("length " + length + " outside the " + src.remaining()
                    + " bytes remaining in the buffer");
        }
        return src.position();
    }
}
