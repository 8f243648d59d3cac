package dev.wirebench.codec.kit;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The hostile-input contract of the conformance kit ({@link Conformance#HOSTILE_INPUT}), on top of
 * the {@link MeasurementContract}, which every codec of the provider still gets: decode and traverse
 * of every truncation of every fixture and of 10,000 seeded corruptions end in a
 * {@link CodecException} or a valid message, within a time bound and never with an {@code Error},
 * and a shortened length is never read past.
 *
 * <p>Opt-in, codec by codec: these checks run for exactly the codecs of the provider whose
 * {@link MessageCodec#conformance()} claims {@code HOSTILE_INPUT}, and a codec that claims it and
 * fails is a failing test. A provider none of whose codecs claims it fails here too: its test
 * should extend {@link MeasurementContract}.
 *
 * <pre>{@code
 * class FooCodecTest extends HostileInputContract {
 *     protected CodecProvider provider() { return new FooCodecProvider(); }
 * }
 * }</pre>
 */
public abstract class HostileInputContract extends MeasurementContract {

    static final int CORRUPTIONS = 10_000;
    /** Generous on a loaded 2-core machine; a hang or an exponential blow-up still trips it. */
    static final Duration TIME_BOUND = Duration.ofSeconds(120);

    @Override
    boolean holdsToHostileInput(MessageCodec<?> codec) {
        return codec.conformance() != null && codec.conformance().includes(Conformance.HOSTILE_INPUT);
    }

    /** The provider's codecs this class holds to the hostile-input contract; none is a mistake. */
    Stream<Arguments> hostileCodecs() {
        List<MessageCodec<?>> held = provider().codecs().stream().filter(this::holdsToHostileInput).toList();
        if (held.isEmpty()) {
            fail("no codec of " + provider().getClass().getName() + " claims " + Conformance.HOSTILE_INPUT + ": "
                    + getClass().getName() + " should extend " + MeasurementContract.class.getSimpleName()
                    + ", or a codec claim what it passes");
        }
        return held.stream().map(c -> Arguments.of(Named.of(c.name(), c)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileCodecs")
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
    @MethodSource("hostileCodecs")
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

    /**
     * What decode and traverse make of the first {@code length} of {@code bytes}, placed at an offset in a buffer of
     * exactly their size: the message, the checksum, or {@link #REJECTED} for a {@link CodecException} that says what
     * was wrong. Any other exception, a moved position or limit, or a blank message fails, naming the codec.
     */
    static List<Object> readWithin(MessageCodec<?> codec, byte[] bytes, int length, boolean direct) {
        ByteBuffer src = direct ? ByteBuffer.allocateDirect(OFFSET + bytes.length) : ByteBuffer.allocate(OFFSET + bytes.length);
        src.put(OFFSET, bytes);
        src.position(OFFSET);
        String where = " of " + length + " bytes in a " + (direct ? "direct" : "heap") + " buffer";
        List<Object> answers = new ArrayList<>(2);
        answers.add(answer(codec, "decode" + where, src, () -> codec.decode(src, length)));
        answers.add(answer(codec, "traverse" + where, src, () -> codec.traverse(src, length)));
        return answers;
    }

    /** What {@link #readWithin} answers for bytes a codec rejected with a {@link CodecException}. */
    static final String REJECTED = "rejected";

    private static Object answer(MessageCodec<?> codec, String what, ByteBuffer src, Supplier<Object> read) {
        int position = src.position();
        int limit = src.limit();
        Object answer;
        try {
            answer = read.get();
        } catch (CodecException rejected) {
            assertTrue(rejected.getMessage() != null && !rejected.getMessage().isBlank(),
                    codec.name() + ": a CodecException must say what was wrong (" + what + ")");
            answer = REJECTED;
        } catch (Throwable wrong) {
            // an Error included: OutOfMemoryError or StackOverflowError on hostile input is a codec bug
            throw new AssertionError(codec.name() + ": " + what + " threw " + wrong + " instead of CodecException", wrong);
        }
        assertEquals(position, src.position(), codec.name() + ": " + what + " moved the position");
        assertEquals(limit, src.limit(), codec.name() + ": " + what + " moved the limit");
        return answer;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileCodecs")
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
}
