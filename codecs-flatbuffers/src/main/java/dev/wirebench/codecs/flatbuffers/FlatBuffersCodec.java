package dev.wirebench.codecs.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import com.google.flatbuffers.Utf8;
import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * What every FlatBuffers codec of this module shares: the reused builder, the view of the caller's
 * bytes that the generated tables read, and the checks that stand in for the verifier that
 * flatbuffers-java 2.0.8 does not have. None of this machinery allocates per call once warm.
 *
 * <p>Encode builds the message in the builder's own buffer (FlatBuffers builds back to front, so
 * the size is known only at the end) and copies the finished bytes into {@code [offset, limit)}.
 *
 * <p>Decode and traverse read through a little-endian slice that starts at the message and whose
 * limit is its end, so a corrupted offset that points outside the message throws
 * {@code IndexOutOfBoundsException} (a {@code CodecException} once {@link AbstractMessageCodec}
 * has mapped it) instead of reading the caller's other bytes. On top of that they check what the
 * generated accessors do not: a file identifier naming the message, strings inside the message,
 * vector lengths that fit the message and enum values the records know ({@code Ordinals.check}),
 * each a range check.
 *
 * <p>Two checks exist only for hostile input and run only in the guarded codecs
 * ({@code flatbuffers+guarded}): a read budget against offsets shared by many parents, and
 * traverse's UTF-8 check of every string it hashes (decode's is the library's own, in
 * {@code Utf8Safe}, and runs in both). The plain {@code flatbuffers} codecs measure without them.
 *
 * @param <T> the canonical message record
 */
abstract class FlatBuffersCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "flatbuffers";
    static final String GUARDED_FORMAT = FORMAT + "+guarded";

    /**
     * How many times its own size a message may make the reader touch. A FlatBuffer is a DAG:
     * many vector elements may point at one table or one string, so a small corrupted or hostile
     * buffer could make traversal run, and decode allocate, without bound. This module's encoder
     * never shares, so its messages touch each byte once; other writers may share strings
     * ({@code createSharedString}), which this leaves plenty of room for.
     */
    static final int MAX_AMPLIFICATION = 16;

    /** The root table offset and the file identifier that start every message. */
    static final int HEADER_BYTES = 8;

    /** Every vector of tables or strings holds a 4-byte offset per element. */
    static final int OFFSET_BYTES = 4;

    private static final Utf8 UTF8 = Utf8.getDefault();

    private final boolean guarded;
    private final String rootTable;
    private final Predicate<ByteBuffer> hasIdentifier;

    private final BoundedGrowth growth = new BoundedGrowth();
    /** Reused for every encode; grows to the largest message seen (bounded by {@link BoundedGrowth}). */
    final FlatBufferBuilder builder = new FlatBufferBuilder(1024, growth, ByteBuffer.allocate(1024), UTF8);
    /** Child offsets waiting for their parent vector: a stack, as vectors nest (outputs in transformations). */
    private int[] offsets = new int[64];
    private int offsetCount;

    /** The message region of the last decode/traverse, little-endian, and what it was sliced from. */
    private ByteBuffer view;
    private ByteBuffer viewSource;
    private int viewOffset;
    private int length;
    private long budget;

    /** Where the last located string's bytes are in {@link #view}. */
    private int stringAt;
    private int stringLength;

    /**
     * @param guarded whether decode and traverse also keep the read budget and traverse checks
     *                UTF-8: format {@code flatbuffers+guarded} instead of {@code flatbuffers}
     */
    FlatBuffersCodec(MessageType<T> type, String rootTable, Predicate<ByteBuffer> hasIdentifier, boolean guarded) {
        super(guarded ? GUARDED_FORMAT : FORMAT, type);
        this.guarded = guarded;
        this.rootTable = rootTable;
        this.hasIdentifier = hasIdentifier;
    }

    /**
     * Only the guarded codecs claim hostile input: without the read budget a small message whose
     * vectors share one table, nested twice, makes decode allocate and traverse read without bound.
     */
    @Override
    public final Conformance conformance() {
        return guarded ? Conformance.HOSTILE_INPUT : Conformance.MEASUREMENT;
    }

    /** Builds {@code message} into {@link #builder}, cleared, and finishes it with the generated {@code finishXBuffer}. */
    abstract void build(T message);

    @Override
    protected final int encode(T message, ByteBuffer dst, int offset, int limit) {
        int room = limit - offset;
        growth.room = room;
        builder.clear();
        offsetCount = 0;
        build(message);
        ByteBuffer finished = builder.dataBuffer();
        int n = finished.remaining();
        if (n > room) {
            throw new BufferOverflowException();
        }
        dst.put(offset, finished, finished.position(), n);
        return n;
    }

    // ---- encode helpers -------------------------------------------------------------------------

    /**
     * {@code createString(CharSequence)}: UTF-8 straight into the builder, no allocation. It refuses
     * a string with an unpaired surrogate (a FlatBuffers string must be valid UTF-8); say which.
     */
    final int string(String s, String field) {
        try {
            return builder.createString(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + " cannot be written as UTF-8: " + e.getMessage(), e);
        }
    }

    /** Holds a child's offset until {@link #offsetVector} writes its parent vector. */
    final void push(int childOffset) {
        if (offsetCount == offsets.length) {
            offsets = Arrays.copyOf(offsets, offsetCount * 2);
        }
        offsets[offsetCount++] = childOffset;
    }

    /** Stack height before a vector's children are pushed. */
    final int mark() {
        return offsetCount;
    }

    /**
     * The vector of the offsets pushed since {@code mark}, in push order. What the generated
     * {@code createXVector(builder, int[])} does, without needing an array of exactly that size.
     */
    final int offsetVector(int mark) {
        builder.startVector(OFFSET_BYTES, offsetCount - mark, OFFSET_BYTES);
        for (int i = offsetCount - 1; i >= mark; i--) {
            builder.addOffset(offsets[i]); // a vector is built back to front
        }
        offsetCount = mark;
        return builder.endVector();
    }

    /** A {@code [string]} vector. */
    final int stringVector(List<String> strings, String field) {
        int mark = mark();
        for (int i = 0; i < strings.size(); i++) {
            push(string(strings.get(i), field));
        }
        return offsetVector(mark);
    }

    // ---- decode and traverse helpers ------------------------------------------------------------

    /**
     * The message region {@code src[offset, offset + length)} as a little-endian buffer whose
     * index 0 is the message start and whose limit is its end, for the generated
     * {@code getRootAsX}. The slice is kept and reused while the same buffer comes back at the same
     * offset (a receive buffer, a benchmark), so that only a new region costs an allocation; the
     * caller's buffer itself is never re-ordered or moved.
     */
    final ByteBuffer wrap(ByteBuffer src, int offset, int length) {
        if (length < HEADER_BYTES) {
            throw malformed(length + " bytes cannot hold the " + HEADER_BYTES
                    + "-byte FlatBuffers header (root offset, file identifier)");
        }
        ByteBuffer v = view;
        if (src != viewSource || offset != viewOffset || length > v.capacity()) {
            v = src.slice(offset, src.limit() - offset).order(ByteOrder.LITTLE_ENDIAN);
            view = v;
            viewSource = src;
            viewOffset = offset;
        }
        v.limit(length).position(0);
        this.length = length;
        budget = (long) MAX_AMPLIFICATION * length;
        if (!hasIdentifier.test(v)) {
            throw malformed("file identifier " + identifier(v) + " is not the one of " + rootTable);
        }
        return v;
    }

    /** The view {@link #wrap} returned: what the generated {@code xInByteBuffer(ByteBuffer)} must be given. */
    final ByteBuffer view() {
        return view;
    }

    /**
     * A vector length checked against the message: {@code count} elements of {@code elementBytes}
     * each must fit in it, which bounds both the list a decode allocates and the loop.
     */
    final int count(int count, int elementBytes, String field) {
        if (count < 0 || count > (length - HEADER_BYTES) / elementBytes) {
            throw malformed(field + " claims " + Integer.toUnsignedString(count) + " elements of " + elementBytes
                    + " bytes, more than the " + length + "-byte message holds");
        }
        charge((long) count * elementBytes);
        return count;
    }

    /** The string a generated {@code xInByteBuffer(view())} found, decoded as the generated {@code x()} would. */
    final String string(ByteBuffer found, String field) {
        locate(found, field);
        return decodeLocated(field);
    }

    /** The {@link Checksum#string} hash of the string a generated {@code xInByteBuffer(view())} found, read in place. */
    final long hash(ByteBuffer found, String field) {
        locate(found, field);
        return hashLocated(field);
    }

    /** Element {@code j} of a {@code [string]} vector starting at {@code vector}, decoded. */
    final String stringElement(int vector, int j, String field) {
        locateElement(vector, j, field);
        return decodeLocated(field);
    }

    /** The hash of element {@code j} of a {@code [string]} vector starting at {@code vector}, read in place. */
    final long hashElement(int vector, int j, String field) {
        locateElement(vector, j, field);
        return hashLocated(field);
    }

    /** A required field the generated accessor returned as {@code null}. */
    final <X> X required(X table, String field) {
        if (table == null) {
            throw malformed(field + " is missing");
        }
        return table;
    }

    /**
     * Reads where {@code xInByteBuffer(view())} put the string (its position and limit, which the
     * generated code bounds by the view's capacity) and puts the view back to the whole message.
     */
    private void locate(ByteBuffer found, String field) {
        if (found == null) {
            throw malformed(field + " is missing");
        }
        int from = found.position();
        int to = found.limit();
        view.limit(length).position(0);
        if (to > length) {
            throw malformed(field + ": a string of " + (to - from) + " bytes at byte " + from
                    + " runs past the end of the " + length + "-byte message");
        }
        located(from, to - from);
    }

    /**
     * The string whose offset is element {@code j} of a vector: flatc 2.0.8's Java generator offers
     * {@code [string]} elements only as {@code java.lang.String}, which allocates and, on a heap
     * buffer, is bounded by the backing array instead of the message. Same arithmetic as its
     * {@code __string}: the element holds an offset to a 4-byte length followed by the bytes.
     */
    private void locateElement(int vector, int j, String field) {
        int at = vector + j * OFFSET_BYTES;
        int start = at + view.getInt(at);
        int n = view.getInt(start);
        int from = start + Integer.BYTES;
        if (n < 0 || n > length - from) {
            throw malformed(field + "[" + j + "]: a string of " + Integer.toUnsignedString(n) + " bytes at byte "
                    + from + " runs past the end of the " + length + "-byte message");
        }
        located(from, n);
    }

    private void located(int from, int n) {
        charge(Integer.BYTES + (long) n);
        stringAt = from;
        stringLength = n;
    }

    private String decodeLocated(String field) {
        if (stringLength == 0) {
            return "";
        }
        try {
            return UTF8.decodeUtf8(view, stringAt, stringLength);
        } catch (IllegalArgumentException e) {
            throw malformed(field + " is not valid UTF-8 (" + e.getMessage() + ")", e);
        }
    }

    private long hashLocated(String field) {
        // guarded: the check decode's UTF-8 decoder makes, so that both reject the same bytes
        if (guarded && !WellFormedUtf8.check(view, stringAt, stringAt + stringLength)) {
            throw malformed(field + " is not valid UTF-8 (Invalid UTF-8)");
        }
        return Checksum.string(view, stringAt, stringLength);
    }

    private void charge(long bytes) {
        if (!guarded) {
            return;
        }
        budget -= bytes;
        if (budget < 0) {
            throw malformed("reading it touches more than " + MAX_AMPLIFICATION + " times its " + length
                    + " bytes: tables or strings shared by many parents");
        }
    }

    private static String identifier(ByteBuffer v) {
        StringBuilder s = new StringBuilder("'");
        for (int i = Integer.BYTES; i < HEADER_BYTES; i++) {
            int b = v.get(i) & 0xFF;
            s.append(b >= 0x20 && b < 0x7F ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return s.append('\'').toString();
    }

    /**
     * Lets the builder grow only while the message can still fit the destination. The builder
     * doubles its buffer when the bytes built so far plus the next item do not fit, and every
     * byte it writes ends up in the message; so a message that fits {@code room} bytes never asks
     * for {@code 2 * room} or more. Asking for that much means it cannot fit: stop early with the
     * overflow encode would report at the end, instead of building a huge message to find out.
     */
    private static final class BoundedGrowth extends FlatBufferBuilder.ByteBufferFactory {

        int room;

        @Override
        public ByteBuffer newByteBuffer(int capacity) {
            if (capacity >= 2L * room) {
                throw new BufferOverflowException();
            }
            return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        }
    }
}
