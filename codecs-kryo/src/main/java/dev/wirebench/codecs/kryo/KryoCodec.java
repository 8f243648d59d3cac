package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.ByteBufferInput;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.KryoBufferOverflowException;
import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.MessageType;

import java.lang.reflect.InvocationTargetException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * One canonical record as Kryo writes it: {@code kryo.writeObject(output, record)} with the record's class
 * known to both sides (no class id in front), every field through Kryo's {@code RecordSerializer}. The
 * {@link Kryo} is this codec's own (Kryo is not thread-safe; an instance serves one thread), configured by
 * {@link KryoSetup}, and so are its outputs and inputs, re-aimed at the caller's buffer on every call:
 * <ul>
 *   <li>heap buffers: Kryo's byte[] {@link com.esotericsoftware.kryo.io.Output Output} and {@link Input}
 *       over the backing array, in place;</li>
 *   <li>direct buffers: Kryo's {@link com.esotericsoftware.kryo.io.ByteBufferOutput ByteBufferOutput} and
 *       {@link ByteBufferInput}, in place too, over a duplicate of the caller's buffer: they read and write
 *       with relative gets and puts, which would move the caller's position and (on an underflow) limit.
 *       The duplicate is made when a codec first sees a buffer and kept for the next call on the same one.</li>
 * </ul>
 * So a codec keeps the last buffer it was given reachable until it is given another.
 *
 * @param <T> the canonical record
 */
final class KryoCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "kryo";

    private final Class<T> type;
    private final Kryo kryo = KryoSetup.newKryo();
    private final ArrayOutput arrayOutput = new ArrayOutput();
    private final BoundedByteBufferOutput bufferOutput = new BoundedByteBufferOutput();
    private final Input arrayInput = new Input();
    private final ByteBufferInput bufferInput = new ByteBufferInput();
    /** The last direct buffer seen and this codec's duplicate of it. */
    private ByteBuffer viewed;
    private ByteBuffer view;

    KryoCodec(MessageType<T> messageType) {
        super(FORMAT, messageType);
        this.type = messageType.javaType();
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        try {
            if (dst.hasArray()) {
                int base = dst.arrayOffset();
                arrayOutput.aim(dst.array(), base + offset, base + limit);
                kryo.writeObject(arrayOutput, message);
                return arrayOutput.position() - base - offset;
            }
            ByteBuffer target = view(dst, offset, limit);
            bufferOutput.aim(target);
            kryo.writeObject(bufferOutput, message);
            return bufferOutput.position() - offset;
        } catch (KryoException e) {
            if (overflow(e)) {
                BufferOverflowException overflow = new BufferOverflowException();
                overflow.initCause(e);
                throw overflow;
            }
            throw e;
        }
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        Input input;
        int end;
        if (src.hasArray()) {
            int start = src.arrayOffset() + offset;
            arrayInput.setBuffer(src.array(), start, length);
            input = arrayInput;
            end = start + length;
        } else {
            bufferInput.setBuffer(view(src, offset, offset + length));
            input = bufferInput;
            end = offset + length;
        }
        T message;
        try {
            message = kryo.readObject(input, type);
        } catch (KryoException e) {
            throw malformed(describe(e), e);
        }
        if (input.position() != end) {
            throw malformed((end - input.position()) + " bytes left after the message");
        }
        return message;
    }

    /** Decodes, then checksums the record: Kryo has no reader that walks the bytes without building the objects. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return messageType().checksum(decode(src, offset, length));
    }

    /** This codec's duplicate of {@code buffer}, limited to {@code [from, to)}; the caller's buffer is not touched. */
    private ByteBuffer view(ByteBuffer buffer, int from, int to) {
        if (buffer != viewed) {
            viewed = buffer;
            view = buffer.duplicate();
        }
        view.clear();
        view.limit(to);
        view.position(from);
        return view;
    }

    /**
     * Whether Kryo ran out of room: its own {@link KryoBufferOverflowException}, or a {@code BufferOverflowException}
     * that a serializer caught and wrapped (Kryo's {@code RecordSerializer} wraps whatever is not a
     * {@code KryoException}).
     */
    private static boolean overflow(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof KryoBufferOverflowException || t instanceof BufferOverflowException) {
                return true;
            }
        }
        return false;
    }

    /**
     * What was wrong, from what Kryo threw: the first line of the innermost message (a record constructor's
     * refusal arrives wrapped in an {@link InvocationTargetException} inside a {@link KryoException}), and the
     * field Kryo was reading, from its serialization trace.
     */
    private static String describe(KryoException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName()
                : root instanceof KryoException ? firstLine(root.getMessage())
                : root.getClass().getSimpleName() + ": " + firstLine(root.getMessage());
        String trace = e.getMessage();
        int at = trace == null ? -1 : trace.indexOf("Serialization trace:");
        return at < 0 ? message : message + " (" + trace.substring(at).replace('\n', ' ').trim() + ")";
    }

    private static String firstLine(String s) {
        int newline = s.indexOf('\n');
        return newline < 0 ? s : s.substring(0, newline);
    }
}
