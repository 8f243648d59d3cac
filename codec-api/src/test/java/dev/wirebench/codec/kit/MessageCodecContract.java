package dev.wirebench.codec.kit;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The conformance kit: every codec module's test extends this class, supplies its provider, and
 * gets every check of the {@link MessageCodec} contract, run against each codec the provider offers.
 *
 * <pre>{@code
 * class SbeCodecTest extends MessageCodecContract {
 *     protected CodecProvider provider() { return new SbeCodecProvider(); }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MessageCodecContract {

    /** Seed of every random draw, so a failure names a message anyone can regenerate. */
    public static final long SEED = 0x5EED_2026L;
    static final int RANDOM_MESSAGES = 1_000;
    static final int CORRUPTIONS = 10_000;
    /** Generous on a loaded 2-core machine; a hang or an exponential blow-up still trips it. */
    static final Duration TIME_BOUND = Duration.ofSeconds(120);

    private static final int OFFSET = 13;
    private static final int CAPACITY = 1 << 20;
    private static final byte SENTINEL = 0x5A;
    /** Sentinel bytes past the whole message in the exact-fit and overflow checks. */
    private static final int MARGIN = 64;

    /** The provider under test; its {@code codecs()} is called for fresh instances per test. */
    protected abstract CodecProvider provider();

    Stream<Arguments> codecs() {
        return provider().codecs().stream().map(c -> Arguments.of(Named.of(c.name(), c)));
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void rejectsEveryTruncationWithCodecExceptionOrAValidMessage(MessageCodec<?> codec) {
        assertTimeoutPreemptively(TIME_BOUND, () -> {
            for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
                ByteBuffer scratch = heap();
                byte[] whole = bytes(scratch, 0, encodeAt(codec, sample.message(), scratch, 0));
                for (int length = 0; length < whole.length; length++) {
                    byte[] truncated = Arrays.copyOf(whole, length);
                    String what = "fixture " + sample.name() + " truncated to " + length + " of " + whole.length + " bytes";
                    decodeSafely(codec, truncated, length % 2 == 0, what);
                }
            }
        }, codec.name() + ": truncated input must fail fast");
    }

    /**
     * The whole message sits in the buffer, but decode and traverse are told a shorter length. They
     * run twice: once with the rest of the message after that length, once with those bytes inverted.
     * A codec that reads only what it is given sees the same bytes both times and must answer the
     * same (the same message, checksum or rejection); one that reads past the length sees the
     * difference. (Comparing with the original would be wrong: trailing padding can legitimately be
     * left out.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void readsNothingPastTheLengthItIsGiven(MessageCodec<?> codec) {
        assertTimeoutPreemptively(TIME_BOUND, () -> {
            for (boolean direct : new boolean[] {false, true}) {
                for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
                    ByteBuffer scratch = heap();
                    byte[] whole = bytes(scratch, 0, encodeAt(codec, sample.message(), scratch, 0));
                    for (int length = 0; length < whole.length; length++) {
                        byte[] poisoned = whole.clone();
                        for (int i = length; i < poisoned.length; i++) {
                            poisoned[i] = (byte) ~poisoned[i];
                        }
                        String what = codec.name() + " fixture " + sample.name() + " (" + whole.length
                                + " bytes) given " + length + " bytes" + (direct ? ", direct" : "");
                        assertEquals(readWithin(codec, whole, length, direct), readWithin(codec, poisoned, length, direct),
                                what + ": the answer changed with the bytes past the length, so it read them");
                    }
                }
            }
        }, codec.name() + ": reading shortened lengths must fail fast");
    }

    /** What decode and traverse make of the first {@code length} of {@code bytes}: results or "rejected". */
    private static List<Object> readWithin(MessageCodec<?> codec, byte[] bytes, int length, boolean direct) {
        ByteBuffer src = direct ? ByteBuffer.allocateDirect(OFFSET + bytes.length) : ByteBuffer.allocate(OFFSET + bytes.length);
        src.put(OFFSET, bytes);
        src.position(OFFSET);
        List<Object> answers = new ArrayList<>(2);
        try {
            answers.add(codec.decode(src, length));
        } catch (CodecException rejected) {
            answers.add("rejected");
        }
        try {
            answers.add(codec.traverse(src, length));
        } catch (CodecException rejected) {
            answers.add("rejected");
        }
        return answers;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void survivesSeededCorruptionsWithCodecExceptionOrAValidMessage(MessageCodec<?> codec) {
        assertTimeoutPreemptively(TIME_BOUND, () -> {
            List<byte[]> originals = new ArrayList<>();
            ByteBuffer scratch = heap();
            for (Object message : allMessages(codec.messageType(), 20)) {
                originals.add(bytes(scratch, 0, encodeAt(codec, message, scratch, 0)));
            }
            SplittableRandom random = new SplittableRandom(SEED);
            for (int i = 0; i < CORRUPTIONS; i++) {
                byte[] corrupted = corrupt(originals.get(random.nextInt(originals.size())), random);
                decodeSafely(codec, corrupted, i % 2 == 0, "corruption " + i + " of seed " + SEED);
            }
        }, codec.name() + ": corrupted input must fail fast");
    }

    /** Flips, zeroes or saturates 1-4 bytes, and sometimes cuts the tail. */
    private static byte[] corrupt(byte[] original, SplittableRandom random) {
        byte[] bytes = original.clone();
        if (bytes.length == 0) {
            return bytes;
        }
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(4)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes[at] = (byte) 0xFF;
                case 2 -> bytes[at] = 0;
                default -> bytes[at] ^= (byte) (1 << random.nextInt(8));
            }
        }
        if (random.nextInt(8) == 0) {
            return Arrays.copyOf(bytes, random.nextInt(bytes.length));
        }
        return bytes;
    }

    /**
     * Decodes and traverses bytes held in a buffer of exactly their size past the offset, so that a
     * read past {@code length} fails instead of finding the rest of the message.
     */
    private static void decodeSafely(MessageCodec<?> codec, byte[] bytes, boolean direct, String what) {
        ByteBuffer src = direct ? ByteBuffer.allocateDirect(OFFSET + bytes.length) : ByteBuffer.allocate(OFFSET + bytes.length);
        src.position(OFFSET);
        src.put(bytes).position(OFFSET);
        attempt(codec, what + " (decode)", bytes, () -> {
            Object decoded = codec.decode(src, bytes.length);
            if (!codec.messageType().javaType().isInstance(decoded)) {
                fail(codec.name() + ": decode of " + what + " returned " + decoded + " instead of a message or CodecException");
            }
        });
        attempt(codec, what + " (traverse)", bytes, () -> codec.traverse(src, bytes.length));
        assertEquals(OFFSET, src.position(), codec.name() + ": " + what + " moved the position");
        assertEquals(src.capacity(), src.limit(), codec.name() + ": " + what + " moved the limit");
    }

    private static void attempt(MessageCodec<?> codec, String what, byte[] bytes, Runnable action) {
        try {
            action.run();
        } catch (CodecException expected) {
            assertTrue(expected.getMessage() != null && !expected.getMessage().isBlank(),
                    codec.name() + ": a CodecException must say what was wrong");
        } catch (Throwable wrong) {
            // an Error included: OutOfMemoryError or StackOverflowError on hostile input is a codec bug
            throw new AssertionError(codec.name() + ": " + what + " threw " + wrong
                    + " instead of CodecException; bytes: " + HexFormat.of().formatHex(bytes), wrong);
        }
    }

    private static Object roundTrip(MessageCodec<?> codec, Object message, ByteBuffer buffer, String what) {
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
    private static int encodeAt(MessageCodec<?> codec, Object message, ByteBuffer buffer, int offset) {
        buffer.clear().position(offset);
        int n = raw(codec).encode(message, buffer);
        assertTrue(n > 0 || n == 0 && buffer.position() == offset, codec.name() + " returned " + n);
        assertEquals(offset + n, buffer.position(), codec.name() + ": encode must advance the position by what it returns");
        return n;
    }

    private static List<Object> allMessages(MessageType<?> type, int randomCount) {
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, SEED, randomCount));
        return messages;
    }

    @SuppressWarnings("unchecked")
    private static long checksum(MessageType<?> type, Object message) {
        return ((MessageType<Object>) type).checksum(message);
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<Object> raw(MessageCodec<?> codec) {
        return (MessageCodec<Object>) codec;
    }

    private static ByteBuffer heap() {
        return ByteBuffer.allocate(CAPACITY);
    }

    private static ByteBuffer filled(int capacity, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            buffer.put(i, SENTINEL);
        }
        return buffer;
    }

    private static byte[] bytes(ByteBuffer buffer, int offset, int length) {
        byte[] bytes = new byte[length];
        buffer.get(offset, bytes);
        return bytes;
    }

    private static void assertUntouched(ByteBuffer buffer, int from, int to, String where) {
        ByteBuffer whole = buffer.duplicate().clear(); // absolute reads stop at the limit; these go past it
        for (int i = from; i < to; i++) {
            if (whole.get(i) != SENTINEL) {
                fail("byte " + i + " was written " + where);
            }
        }
    }
}
