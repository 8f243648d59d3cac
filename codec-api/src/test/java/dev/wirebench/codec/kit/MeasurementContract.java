package dev.wirebench.codec.kit;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The measurement contract of the conformance kit: what every codec must pass before a number is
 * reported for it ({@link Conformance#MEASUREMENT}). A codec module's test extends this class,
 * supplies its provider, and gets these checks run against each codec the provider offers: round
 * trips of fixtures and seeded random messages, traverse equal to the checksum, heap and direct
 * buffers at an offset, stable bytes, exact fit and overflow without a byte written out of range,
 * and a whole message read from its length alone. No check here feeds a codec bytes that encode
 * did not produce; {@link HostileInputContract} does, for the codecs that claim it.
 *
 * <pre>{@code
 * class FooCodecTest extends MeasurementContract {
 *     protected CodecProvider provider() { return new FooCodecProvider(); }
 * }
 * }</pre>
 *
 * <p>A codec that claims {@link Conformance#HOSTILE_INPUT} fails here: its test must extend
 * {@link HostileInputContract}, so that the claim is checked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MeasurementContract {

    /** Seed of every random draw, so a failure names a message anyone can regenerate. */
    public static final long SEED = 0x5EED_2026L;
    static final int RANDOM_MESSAGES = 1_000;

    static final int OFFSET = 13;
    private static final int CAPACITY = 1 << 20;
    private static final byte SENTINEL = 0x5A;
    /** Sentinel bytes past the whole message in the exact-fit and overflow checks. */
    private static final int MARGIN = 64;

    /** The provider under test; its {@code codecs()} is called for fresh instances per test. */
    protected abstract CodecProvider provider();

    Stream<Arguments> codecs() {
        return provider().codecs().stream().map(c -> Arguments.of(Named.of(c.name(), c)));
    }

    /** Whether this test class holds {@code codec} to the hostile-input contract too. */
    boolean holdsToHostileInput(MessageCodec<?> codec) {
        return false;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void claimsNoContractItsTestDoesNotCheck(MessageCodec<?> codec) {
        Conformance claim = codec.conformance();
        if (claim == null) {
            fail(codec.name() + ": conformance() returned null; every codec passes at least MEASUREMENT");
        }
        if (claim.includes(Conformance.HOSTILE_INPUT) && !holdsToHostileInput(codec)) {
            fail(codec.name() + " claims " + claim + ", which " + getClass().getName() + " does not check: extend "
                    + HostileInputContract.class.getSimpleName() + " instead of " + MeasurementContract.class.getSimpleName());
        }
    }

    @Test
    void providerOffersValidUniquelyNamedFreshCodecs() {
        Codecs registry = Codecs.of(List.of(provider()));
        List<MessageCodec<?>> first = provider().codecs();
        List<MessageCodec<?>> second = provider().codecs();
        assertEquals(first.size(), registry.names().size(), "every codec has its own format/message name");
        for (int i = 0; i < first.size(); i++) {
            assertNotSame(first.get(i), second.get(i), "codecs() must return new instances on every call");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void roundTripsEveryFixture(MessageCodec<?> codec) {
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            Object decoded = roundTrip(codec, sample.message(), heap(), "fixture " + sample.name());
            assertEquals(sample.message(), decoded, codec.name() + " fixture " + sample.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void roundTripsSeededRandomMessages(MessageCodec<?> codec) {
        List<?> messages = Samples.random(codec.messageType(), SEED, RANDOM_MESSAGES);
        ByteBuffer buffer = heap();
        for (int i = 0; i < messages.size(); i++) {
            Object decoded = roundTrip(codec, messages.get(i), buffer, "random message " + i);
            assertEquals(messages.get(i), decoded, codec.name() + " random message " + i + " of seed " + SEED);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void traverseReturnsTheChecksumOfEveryMessage(MessageCodec<?> codec) {
        ByteBuffer buffer = heap();
        List<Object> messages = allMessages(codec.messageType(), RANDOM_MESSAGES);
        for (int i = 0; i < messages.size(); i++) {
            int n = encodeAt(codec, messages.get(i), buffer, OFFSET);
            buffer.position(OFFSET);
            long expected = checksum(codec.messageType(), messages.get(i));
            assertEquals(expected, codec.traverse(buffer, n),
                    codec.name() + " traverse of message " + i + " (fixtures first, then seed " + SEED + ")");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void encodesTheSameBytesIntoHeapAndDirectBuffersAtAnOffset(MessageCodec<?> codec) {
        ByteBuffer heap = heap();
        ByteBuffer direct = ByteBuffer.allocateDirect(CAPACITY);
        List<Object> messages = allMessages(codec.messageType(), 100);
        for (int i = 0; i < messages.size(); i++) {
            Object message = messages.get(i);
            byte[] fromHeap = bytes(heap, OFFSET, encodeAt(codec, message, heap, OFFSET));
            int n = encodeAt(codec, message, direct, OFFSET + 3);
            assertArrayEquals(fromHeap, bytes(direct, OFFSET + 3, n), codec.name() + " message " + i);
            direct.position(OFFSET + 3);
            assertEquals(message, codec.decode(direct, n), codec.name() + " decode from a direct buffer, message " + i);
            assertEquals(checksum(codec.messageType(), message), codec.traverse(direct, n),
                    codec.name() + " traverse of a direct buffer, message " + i);
        }
    }

    /**
     * A codec with an object model of its own writes the same bytes from that object as from the record, in heap and
     * direct buffers, and reads back an object that maps to the record: its two measurements do the same work but
     * the mapping.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void nativeModelWritesAndReadsTheSameBytes(MessageCodec<?> codec) {
        Optional<? extends NativeModel<?, ?>> found = codec.nativeModel();
        if (found.isEmpty()) {
            return; // the record is the format's only model: nothing more to hold it to
        }
        @SuppressWarnings("unchecked")
        NativeModel<Object, Object> model = (NativeModel<Object, Object>) found.get();
        ByteBuffer heap = heap();
        ByteBuffer direct = ByteBuffer.allocateDirect(CAPACITY);
        List<Object> messages = allMessages(codec.messageType(), 100);
        for (int i = 0; i < messages.size(); i++) {
            Object message = messages.get(i);
            String what = codec.name() + " message " + i;
            Object nativeMessage = model.toNative(message);
            assertTrue(model.nativeType().isInstance(nativeMessage), what + ": toNative did not give a " + model.nativeType());
            byte[] fromRecord = bytes(heap, OFFSET, encodeAt(codec, message, heap, OFFSET));
            for (ByteBuffer buffer : List.of(heap, direct)) {
                buffer.clear().position(OFFSET);
                int n = model.encodeNative(nativeMessage, buffer);
                assertEquals(OFFSET + n, buffer.position(), what + ": encodeNative must advance the position by what it returns");
                assertArrayEquals(fromRecord, bytes(buffer, OFFSET, n), what + ": encodeNative wrote other bytes than encode");
                buffer.position(OFFSET);
                Object decoded = model.decodeNative(buffer, n);
                assertEquals(OFFSET, buffer.position(), what + ": decodeNative moved the position");
                assertTrue(model.nativeType().isInstance(decoded), what + ": decodeNative did not give a " + model.nativeType());
                assertEquals(message, model.fromNative(decoded), what + ": fromNative(decodeNative(bytes))");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void encodesAStableSizeAndStableBytes(MessageCodec<?> codec) {
        List<Object> messages = allMessages(codec.messageType(), 20);
        ByteBuffer buffer = heap();
        Object reference = messages.get(0);
        byte[] first = bytes(buffer, OFFSET, encodeAt(codec, reference, buffer, OFFSET));
        for (Object other : messages) {
            encodeAt(codec, other, buffer, OFFSET);
            byte[] again = bytes(buffer, OFFSET, encodeAt(codec, reference, buffer, OFFSET));
            assertArrayEquals(first, again, codec.name() + ": encoding the reference after another message changed it");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void fitsExactlyAndWritesNothingOutsideItsRange(MessageCodec<?> codec) {
        for (boolean direct : new boolean[] {false, true}) {
            for (Object message : allMessages(codec.messageType(), 50)) {
                int n = encodeAt(codec, message, heap(), OFFSET);
                ByteBuffer exact = filled(OFFSET + n + MARGIN, direct);
                exact.limit(OFFSET + n).position(OFFSET);
                assertEquals(n, raw(codec).encode(message, exact), codec.name() + ": a buffer of exactly the size must do");
                assertEquals(OFFSET + n, exact.position());
                assertUntouched(exact, 0, OFFSET, "before the position");
                assertUntouched(exact, OFFSET + n, exact.capacity(), "past the limit");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void throwsBufferOverflowWhenTheDestinationIsTooSmall(MessageCodec<?> codec) {
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            ByteBuffer scratch = heap();
            int n = encodeAt(codec, sample.message(), scratch, 0);
            byte[] expected = bytes(scratch, 0, n);
            Set<Integer> sizes = new HashSet<>(List.of(0, 1, n / 2, n - 1));
            for (int size = 0; size < Math.min(n, 64); size++) {
                sizes.add(size);
            }
            for (int size : sizes) {
                if (size < 0 || size >= n) {
                    continue;
                }
                // room past the limit, so that a write beyond it lands where it can be seen
                ByteBuffer small = filled(OFFSET + n + MARGIN, size % 2 == 1);
                small.position(OFFSET).limit(OFFSET + size);
                assertThrows(BufferOverflowException.class, () -> raw(codec).encode(sample.message(), small),
                        codec.name() + " fixture " + sample.name() + " (" + n + " bytes) into " + size + " bytes");
                assertEquals(OFFSET, small.position(), codec.name() + ": overflow must leave the position where it was");
                assertUntouched(small, OFFSET + size, small.capacity(), "past the limit on overflow");
            }
            int again = encodeAt(codec, sample.message(), scratch, 0);
            assertArrayEquals(expected, bytes(scratch, 0, again), codec.name() + ": an overflow corrupted the codec's state");
        }
    }

    /**
     * A whole message, told its exact length, decodes and traverses the same whatever follows it: the
     * end of the buffer, zeros, 0xFF, its own bytes inverted or a second copy of it. A codec that reads
     * up to the buffer's limit, or peeks past the message, gets another answer or an exception. Also
     * checks that traverse, like decode, leaves position, limit and byte order as they were.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void readsAWholeMessageFromItsLengthAlone(MessageCodec<?> codec) {
        ByteBuffer scratch = heap();
        for (Object message : allMessages(codec.messageType(), 20)) {
            byte[] whole = bytes(scratch, 0, encodeAt(codec, message, scratch, 0));
            byte[] inverted = whole.clone();
            for (int i = 0; i < inverted.length; i++) {
                inverted[i] = (byte) ~inverted[i];
            }
            byte[] zeros = new byte[Math.max(MARGIN, whole.length)];
            byte[] ones = zeros.clone();
            Arrays.fill(ones, (byte) 0xFF);
            List<byte[]> trailers = List.of(new byte[0], zeros, ones, inverted, whole);
            List<String> names = List.of("nothing (the buffer ends there)", "zeros", "0xFF bytes", "its bytes inverted",
                    "a second copy");
            long checksum = checksum(codec.messageType(), message);
            for (boolean direct : new boolean[] {false, true}) {
                for (int t = 0; t < trailers.size(); t++) {
                    byte[] trailer = trailers.get(t);
                    int capacity = OFFSET + whole.length + trailer.length;
                    ByteBuffer src = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
                    src.put(OFFSET, whole).put(OFFSET + whole.length, trailer).position(OFFSET);
                    String what = codec.name() + ": a whole " + whole.length + "-byte message followed by "
                            + names.get(t) + (direct ? ", direct" : ", heap");
                    assertEquals(message, codec.decode(src, whole.length), what + " (decode)");
                    assertUnmoved(src, capacity, what + " (decode)");
                    assertEquals(checksum, codec.traverse(src, whole.length), what + " (traverse)");
                    assertUnmoved(src, capacity, what + " (traverse)");
                }
            }
        }
    }

    private static void assertUnmoved(ByteBuffer src, int limit, String what) {
        assertEquals(OFFSET, src.position(), what + " moved the position");
        assertEquals(limit, src.limit(), what + " moved the limit");
        assertEquals(ByteOrder.BIG_ENDIAN, src.order(), what + " changed the byte order");
    }

    static Object roundTrip(MessageCodec<?> codec, Object message, ByteBuffer buffer, String what) {
        int n = encodeAt(codec, message, buffer, OFFSET);
        buffer.position(OFFSET);
        int limit = buffer.limit();
        Object decoded = codec.decode(buffer, n);
        assertEquals(OFFSET, buffer.position(), codec.name() + ": decode of " + what + " moved the position");
        assertEquals(limit, buffer.limit(), codec.name() + ": decode of " + what + " moved the limit");
        assertEquals(ByteOrder.BIG_ENDIAN, buffer.order(), codec.name() + ": decode of " + what + " changed the byte order");
        return decoded;
    }

    /** Encodes at {@code offset} with the whole buffer as room; checks the returned count against the position. */
    static int encodeAt(MessageCodec<?> codec, Object message, ByteBuffer buffer, int offset) {
        buffer.clear().position(offset);
        int n = raw(codec).encode(message, buffer);
        assertTrue(n > 0 || n == 0 && buffer.position() == offset, codec.name() + " returned " + n);
        assertEquals(offset + n, buffer.position(), codec.name() + ": encode must advance the position by what it returns");
        return n;
    }

    static List<Object> allMessages(MessageType<?> type, int randomCount) {
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, SEED, randomCount));
        return messages;
    }

    @SuppressWarnings("unchecked")
    static long checksum(MessageType<?> type, Object message) {
        return ((MessageType<Object>) type).checksum(message);
    }

    @SuppressWarnings("unchecked")
    static MessageCodec<Object> raw(MessageCodec<?> codec) {
        return (MessageCodec<Object>) codec;
    }

    static ByteBuffer heap() {
        return ByteBuffer.allocate(CAPACITY);
    }

    static ByteBuffer filled(int capacity, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            buffer.put(i, SENTINEL);
        }
        return buffer;
    }

    static byte[] bytes(ByteBuffer buffer, int offset, int length) {
        byte[] bytes = new byte[length];
        buffer.get(offset, bytes);
        return bytes;
    }

    static void assertUntouched(ByteBuffer buffer, int from, int to, String where) {
        ByteBuffer whole = buffer.duplicate().clear(); // absolute reads stop at the limit; these go past it
        for (int i = from; i < to; i++) {
            if (whole.get(i) != SENTINEL) {
                fail("byte " + i + " was written " + where);
            }
        }
    }
}
