package dev.wirebench.codec;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;

/**
 * A codec whose format has an object model of its own ({@link NativeModel}): it writes and reads the library's
 * object, and the record is mapped to and from it. {@code encode} is {@link #toNative} then the native write, and
 * {@code decode} the native read then {@link #fromNative}, so that a benchmark of both forms differs by the mapping
 * alone. The buffer rules and error mapping are {@link AbstractMessageCodec}'s, for both forms.
 *
 * @param <T> the canonical record
 * @param <N> the library's own message class
 */
public abstract class AbstractNativeCodec<T, N> extends AbstractMessageCodec<T> implements NativeModel<T, N> {

    private final Class<N> nativeType;

    protected AbstractNativeCodec(String format, MessageType<T> messageType, Class<N> nativeType) {
        super(format, messageType);
        this.nativeType = Objects.requireNonNull(nativeType, "nativeType");
    }

    @Override
    public final Optional<NativeModel<T, ?>> nativeModel() {
        return Optional.of(this);
    }

    @Override
    public final Class<N> nativeType() {
        return nativeType;
    }

    @Override
    public final int encodeNative(N message, ByteBuffer dst) {
        int start = dst.position();
        int written;
        try {
            written = encodeNative(message, dst, start, dst.limit());
        } catch (BufferOverflowException | IndexOutOfBoundsException e) {
            throw overflow(dst, start, e);
        }
        dst.position(start + written);
        return written;
    }

    @Override
    public final N decodeNative(ByteBuffer src, int length) {
        int offset = checkRange(src, length);
        try {
            return decodeNative(src, offset, length);
        } catch (IndexOutOfBoundsException | BufferUnderflowException | IllegalArgumentException
                 | IllegalStateException e) {
            throw malformed(e);
        }
    }

    @Override
    protected final int encode(T message, ByteBuffer dst, int offset, int limit) {
        return encodeNative(toNative(message), dst, offset, limit);
    }

    @Override
    protected final T decode(ByteBuffer src, int offset, int length) {
        return fromNative(decodeNative(src, offset, length));
    }

    /**
     * Writes the library's object into {@code dst} from absolute {@code offset}, never at or past {@code limit}.
     *
     * @return bytes written
     * @throws BufferOverflowException or {@link IndexOutOfBoundsException} when {@code limit} is reached
     */
    protected abstract int encodeNative(N message, ByteBuffer dst, int offset, int limit);

    /** The library's object read from {@code src[offset, offset + length)}. */
    protected abstract N decodeNative(ByteBuffer src, int offset, int length);
}
