package dev.wirebench.codecs.fory;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.config.UnknownEnumValueStrategy;
import org.apache.fory.exception.ForyException;
import org.apache.fory.memory.MemoryBuffer;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Apache Fory serialization of one canonical record, the record itself as Fory writes it: one Fory
 * instance per codec (an instance serves one thread, as a Fory does), with the message's classes
 * registered under {@link ForyTypes}' fixed ids, schema-consistent mode, no reference tracking and
 * synchronous code generation (see the README).
 *
 * <p>Fory reads and writes a {@link MemoryBuffer}; two of them live in fields and are re-aimed at the
 * caller's buffer on every call, over its backing array or, for a direct buffer, its address: no copy
 * either way.
 *
 * @param <T> the canonical record
 */
final class ForyCodec<T> extends AbstractMessageCodec<T> {

    /** Java mode: Fory's own JVM wire, the fast one. */
    static final String FORMAT = "fory";
    /** Cross-language mode: the wire Fory's Python, C++, Go, Rust and JavaScript runtimes read. */
    static final String XLANG_FORMAT = "fory-xlang";
    /** The variant of either mode that checks each decoded message's shape ({@link WellFormedMessages}). */
    static final String GUARDED = "+guarded";

    private static final byte[] EMPTY = new byte[0];

    private final Class<T> type;
    private final Fory fory;
    private final MemoryBuffer output = MemoryBuffer.fromByteArray(EMPTY);
    private final MemoryBuffer input = MemoryBuffer.fromByteArray(EMPTY);
    /** The checks decode runs on the message Fory built, null in the plain variant. */
    private final WellFormedMessages guard;

    /** @param guarded whether decode checks the message Fory built ({@link WellFormedMessages}) before returning it */
    ForyCodec(MessageType<T> messageType, Language language, boolean guarded) {
        super((language == Language.XLANG ? XLANG_FORMAT : FORMAT) + (guarded ? GUARDED : ""), messageType);
        this.guard = !guarded ? null : language == Language.XLANG ? WellFormedMessages.XLANG : WellFormedMessages.JAVA;
        this.type = messageType.javaType();
        this.fory = newFory(messageType, language);
    }

    /** The Fory configured and registered for {@code messageType}: built, not yet used (no code generated). */
    static Fory newFory(MessageType<?> messageType, Language language) {
        Fory fory = Fory.builder()
                .withLanguage(language)
                // a class the codec did not register is refused, on encode and decode
                .requireClassRegistration(true)
                // no schema evolution: the class layout is not written, only the registered id
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
                // the records hold no shared or cyclic references
                .withRefTracking(false)
                // generate every serializer on the thread that first needs it, so the generated one
                // serves from the first call on instead of being swapped in under a measurement
                .withCodegen(true)
                .withAsyncCompilation(false)
                // an enum ordinal the class does not have is an error (the default, said here)
                .withUnknownEnumValueStrategy(UnknownEnumValueStrategy.NOT_ALLOWED)
                .withClassLoader(ForyCodec.class.getClassLoader())
                .build();
        for (Class<?> cls : ForyTypes.of(messageType)) {
            fory.register(cls, ForyTypes.id(cls));
        }
        return fory;
    }

    /**
     * Fory 1.6 checks every read against the bytes it was given, caps nesting (50 levels) and the
     * collection items not backed by input bytes, but from hostile bytes it can build a message no record
     * holds: a list element of another type, a string in a form the JDK never makes, in xlang mode a
     * string its own UTF-8 cannot write again (see the README). The guarded variant refuses those and
     * claims the hostile-input tier; Fory as its users call it claims measurement.
     */
    @Override
    public Conformance conformance() {
        return guard != null ? Conformance.HOSTILE_INPUT : Conformance.MEASUREMENT;
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        Objects.requireNonNull(message, "message");
        MemoryBuffer out = output;
        boolean direct = dst.isDirect();
        byte[] array = null;
        int start;
        if (direct) {
            // over the buffer's memory from address 0 up to the limit, writing from the offset
            out.initByteBuffer(dst, limit);
            start = offset;
        } else {
            // over the array from the offset up to the limit (throws ReadOnlyBufferException when it has none)
            array = dst.array();
            out.initHeapBuffer(array, dst.arrayOffset() + offset, limit - offset);
            start = 0;
        }
        out.writerIndex(start);
        try {
            fory.serialize(out, message);
        } catch (ForyException e) {
            // the records hold only registered classes, so this is Fory refusing a value it cannot carry
            throw new IllegalArgumentException(name() + ": cannot serialise " + messageType().id() + ": " + e, e);
        }
        int written = out.writerIndex() - start;
        // A MemoryBuffer grows when a write may not fit: it copies what it holds into a new heap array
        // of its own and goes on there, never writing past its size. Fory asks for the most a value
        // can take (9 bytes for a varint64, a string's worst case) before it writes, so it also grows
        // when the room left is tight but enough: then the whole message is in the grown array, and
        // is copied into the caller's range if it fits after all.
        if (direct ? !out.isOffHeap() : out.getHeapMemory() != array) {
            byte[] grown = out.getHeapMemory();
            out.initHeapBuffer(EMPTY, 0, 0); // drop the grown array
            if (written > limit - offset) {
                throw new BufferOverflowException();
            }
            dst.put(offset, grown, start, written);
        }
        return written;
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        MemoryBuffer in = input;
        int start;
        if (src.isDirect()) {
            in.initByteBuffer(src, offset + length);
            start = offset;
        } else if (src.hasArray()) {
            in.initHeapBuffer(src.array(), src.arrayOffset() + offset, length);
            start = 0;
        } else {
            // a read-only heap buffer hides its array; Fory wraps it by copying the bytes
            in = MemoryBuffer.fromByteBuffer(src.slice(offset, length));
            start = 0;
        }
        in.readerIndex(start);
        T message;
        try {
            message = fory.deserialize(in, type);
        } catch (ForyException e) {
            Error error = error(e);
            if (error != null) {
                // Fory wraps whatever a read throws, an OutOfMemoryError or a StackOverflowError
                // too: that is not malformed input handled, and is not passed off as one
                throw error;
            }
            throw malformed(describe(e), e);
        }
        if (!type.isInstance(message)) {
            // Fory takes the root's type from the bytes: null, or another registered class
            throw malformed("the bytes hold " + (message == null ? "null" : "a " + message.getClass().getName())
                    + ", not a " + type.getName());
        }
        int read = in.readerIndex() - start;
        if (read != length) {
            throw malformed("the message ends after " + read + " of its " + length + " bytes");
        }
        if (guard != null) {
            guard.check(message);
        }
        return message;
    }

    /**
     * Fory's Java and cross-language modes have no reader that walks the bytes without building the
     * objects: this is decode plus {@code Checksum.of} of the record.
     */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return messageType().checksum(decode(src, offset, length));
    }

    /**
     * The Error among {@code e}'s causes, if there is one, except Fory's own {@code assert}s: with
     * {@code -ea}, {@code TypeResolver.readRegisteredTypeInfo} ({@code assert typeInfo != null}) and
     * {@code ClassResolver} check that a type id read from the bytes is a registered one by
     * assertion. That is Fory's check on its input, and malformed input to the codec; without
     * {@code -ea}, as the benchmarks run, the same bytes end in a NullPointerException that Fory
     * wraps like any other.
     */
    private static Error error(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Error error && !isForyAssertion(error)) {
                return error;
            }
        }
        return null;
    }

    private static boolean isForyAssertion(Error error) {
        if (!(error instanceof AssertionError)) {
            return false;
        }
        StackTraceElement[] trace = error.getStackTrace();
        return trace.length > 0 && trace[0].getClassName().startsWith("org.apache.fory.");
    }

    /**
     * The innermost cause's type and message, Fory wrapping what went wrong in a
     * DeserializationException; where there is no message (an assert, a NullPointerException), where it was thrown.
     */
    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String what = root.getClass().getSimpleName();
        if (root.getMessage() != null) {
            return what + ": " + root.getMessage();
        }
        StackTraceElement[] trace = root.getStackTrace();
        return trace.length == 0 ? what : what + " at " + trace[0];
    }

    /** The codec's Fory, for tests. */
    Fory fory() {
        return fory;
    }

    @Override
    public String toString() {
        return name();
    }
}
