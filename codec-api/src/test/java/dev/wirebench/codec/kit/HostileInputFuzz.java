package dev.wirebench.codec.kit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static dev.wirebench.codec.kit.HostileInputContract.REJECTED;
import static dev.wirebench.codec.kit.HostileInputContract.readWithin;
import static dev.wirebench.codec.kit.MeasurementContract.OFFSET;
import static dev.wirebench.codec.kit.MeasurementContract.checksum;
import static dev.wirebench.codec.kit.MeasurementContract.encodeAt;
import static dev.wirebench.codec.kit.MeasurementContract.heap;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The hostile-input tier under coverage-guided fuzzing (Jazzer): the bytes come from a fuzzer instead of
 * truncations and seeded corruptions of fixtures, and the checks are those of {@link HostileInputContract} and more.
 * One target covers every codec of the provider that claims {@link Conformance#HOSTILE_INPUT}:
 *
 * <pre>{@code
 * class FooFuzzTest extends HostileInputFuzz {
 *     protected CodecProvider provider() { return new FooCodecProvider(); }
 * }
 * }</pre>
 *
 * <p>{@code mvn verify} replays the files under
 * {@code src/test/resources/<package>/FooFuzzTestInputs/decodeAndTraverse/}: the seeds, which
 * {@link HostileInputFuzzSeeds} writes from the fixtures, and every finding kept as {@code regression-<what>}.
 * {@code JAZZER_FUZZ=1 mvn -pl codecs-foo test -Dtest=FooFuzzTest} fuzzes for {@code maxDuration}; a finding is a
 * {@code crash-}, {@code timeout-} or {@code oom-} file in that directory and a failed test.
 *
 * <p>An input is read as: its first byte picks the codec (the provider's claimants in {@code codecs()} order, modulo
 * their number); its second, how many of the body's last bytes lie past the length decode and traverse are given
 * (modulo the body's length + 1); the rest is the body.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class HostileInputFuzz {

    /**
     * The most one decode and traverse of an input may allocate. Inputs are a few KB and their messages allocate
     * tens of KB; 16 MiB means a length or count in the bytes was believed before the bytes could back it.
     */
    static final long ALLOCATION_LIMIT = 16L << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static {
        FuzzingRun.configure();
    }

    private final ByteBuffer scratch = heap();
    private List<MessageCodec<?>> claimants;

    /** The provider under test; its codecs that claim {@link Conformance#HOSTILE_INPUT} are fuzzed. */
    protected abstract CodecProvider provider();

    /**
     * Whether {@code codec}'s traverse may return a checksum for bytes its decode rejects for {@code why} (decode's
     * {@link CodecException} message): false unless the codec documents a check that only decode makes
     * ({@link MessageCodec#traverse} may leave out a check that would cost an allocation, such as a map key seen
     * twice). Override to allow exactly that check.
     */
    protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
        return false;
    }

    /**
     * Whether {@code codec}'s traverse may reject, for {@code why} (its {@link CodecException} message), bytes its
     * decode reads: false unless the codec documents that decode accepts more than encode writes (a library's
     * coercions) where traverse does not. When both accept, their answers must agree all the same.
     */
    protected boolean traverseMayRejectWhatDecodeAccepts(MessageCodec<?> codec, String why) {
        return false;
    }

    /**
     * Whether {@code codec}'s decode replaces invalid UTF-8 with U+FFFD where its traverse hashes the bytes as they
     * are (the UTF-8 check {@link MessageCodec#traverse} may leave out): then, for a message holding U+FFFD, traverse's
     * checksum may differ from that of decode's message. False unless the codec documents it.
     */
    protected boolean decodeReplacesInvalidUtf8(MessageCodec<?> codec) {
        return false;
    }

    /**
     * Whether {@code codec}'s decode and traverse may answer the {@code length} bytes of {@code bytes} differently
     * (two checksums, or a message and a rejection), because the bytes hold something the codec documents that
     * traverse does not agree with decode on, where agreeing would cost a check on the measured path (Jackson: a
     * name given twice in one object). False unless the codec documents it; an override must look at the bytes, so
     * that every other input is still held to agreement.
     */
    protected boolean mayDisagreeOn(MessageCodec<?> codec, byte[] bytes, int length) {
        return false;
    }

    /**
     * Whether {@code codec}'s encode may refuse, with an {@link IllegalArgumentException}, the message its decode
     * returned: a value the format's reader accepts and its writer cannot carry (Jackson's Smile and CBOR: text with
     * an unpaired surrogate, see {@link #holdsAnUnpairedSurrogate}). False unless the codec documents it; an override
     * must look at the message.
     */
    protected boolean encodeMayRefuse(MessageCodec<?> codec, Object decoded) {
        return false;
    }

    /**
     * Decode and traverse of any bytes end in a message or a {@link CodecException}, never another exception, an
     * {@code Error}, a hang or a huge allocation, and the answers are consistent:
     * <ul>
     *   <li>the same from a heap and a direct buffer, both at an offset, neither position nor limit moved;</li>
     *   <li>the same whether the bytes past the length are the rest of the body and a second copy of it, or those
     *       bytes inverted: nothing past the length is read;</li>
     *   <li>traverse agrees with decode: the checksum of decode's message, or a rejection where decode rejects
     *       (but see {@link #traverseMayAcceptWhatDecodeRejects}, {@link #traverseMayRejectWhatDecodeAccepts} and
     *       {@link #decodeReplacesInvalidUtf8} and {@link #mayDisagreeOn});</li>
     *   <li>a decoded message encodes again (but see {@link #encodeMayRefuse}) into bytes that decode to an equal message and traverse to its
     *       checksum;</li>
     *   <li>decode and traverse together allocate at most 16 MiB, and finish within the timeout.</li>
     * </ul>
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void decodeAndTraverse(byte[] input) {
        List<MessageCodec<?>> codecs = claimants();
        MessageCodec<?> codec = codecs.get(input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % codecs.size());
        byte[] body = input.length <= 2 ? new byte[0] : Arrays.copyOfRange(input, 2, input.length);
        int length = body.length - (input.length < 2 ? 0 : Byte.toUnsignedInt(input[1]) % (body.length + 1));

        byte[] followed = Arrays.copyOf(body, body.length * 2);
        System.arraycopy(body, 0, followed, body.length, body.length);
        byte[] inverted = followed.clone();
        for (int i = length; i < inverted.length; i++) {
            inverted[i] = (byte) ~inverted[i];
        }
        List<Object> answer = boundedRead(codec, followed, length, false);
        assertEquals(answer, boundedRead(codec, followed, length, true),
                codec.name() + ": a direct buffer gave another answer than a heap buffer");
        for (boolean direct : new boolean[] {false, true}) {
            assertEquals(answer, boundedRead(codec, inverted, length, direct), codec.name() + ": given " + length
                    + " of " + followed.length + " bytes" + (direct ? " in a direct buffer" : "")
                    + ", the answer changed with the bytes past the length, so it read them");
        }

        Object decoded = answer.get(0);
        Object traversed = answer.get(1);
        if (decoded == REJECTED) {
            if (traversed != REJECTED) {
                String why = whyRejected(() -> codec.decode(ByteBuffer.wrap(followed), length));
                if (!traverseMayAcceptWhatDecodeRejects(codec, why) && !mayDisagreeOn(codec, followed, length)) {
                    fail(codec.name() + ": traverse returned a checksum for " + length + " bytes that decode rejects ("
                            + why + ")");
                }
            }
            return;
        }
        if (!codec.messageType().javaType().isInstance(decoded)) {
            fail(codec.name() + ": decode returned " + decoded + " instead of a message or a CodecException");
        }
        long expected = checksum(codec.messageType(), decoded);
        if (traversed == REJECTED) {
            String why = whyRejected(() -> codec.traverse(ByteBuffer.wrap(followed), length));
            if (!traverseMayRejectWhatDecodeAccepts(codec, why) && !mayDisagreeOn(codec, followed, length)) {
                fail(codec.name() + ": traverse rejects " + length + " bytes that decode reads (" + why + ")");
            }
        } else if (expected != (Long) traversed
                && !(decodeReplacesInvalidUtf8(codec) && holdsAReplacementCharacter(decoded))
                && !mayDisagreeOn(codec, followed, length)) {
            assertEquals(expected, traversed, codec.name() + ": traverse disagrees with the checksum of decode's message");
        }
        encodesAgain(codec, decoded, expected);
    }

    /** Whether a string anywhere in {@code value} (a record, its lists, maps and nested records) holds U+FFFD. */
    static boolean holdsAReplacementCharacter(Object value) {
        return holdsAString(value, s -> s.indexOf('\uFFFD') >= 0);
    }

    /** Whether a string anywhere in {@code value} holds a surrogate that is not half of a pair. */
    public static boolean holdsAnUnpairedSurrogate(Object value) {
        return holdsAString(value, s -> {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    return true;
                }
            }
            return false;
        });
    }

    /** Whether a string anywhere in {@code value} (a record, its lists, maps and nested records) is {@code such}. */
    static boolean holdsAString(Object value, Predicate<String> such) {
        if (value instanceof String s) {
            return such.test(s);
        }
        if (value instanceof Collection<?> c) {
            return c.stream().anyMatch(v -> holdsAString(v, such));
        }
        if (value instanceof Map<?, ?> m) {
            return holdsAString(m.keySet(), such) || holdsAString(m.values(), such);
        }
        if (value instanceof Record r) {
            for (RecordComponent component : r.getClass().getRecordComponents()) {
                try {
                    if (holdsAString(component.getAccessor().invoke(r), such)) {
                        return true;
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + component, e);
                }
            }
        }
        return false;
    }

    /** The message of the {@link CodecException} {@code read} throws, asked again for a failure's message. */
    private static String whyRejected(Runnable read) {
        try {
            read.run();
            return "it did not, this time";
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    /** The message decode gave, written again, reads back equal: nothing decode accepts is lost on the way. */
    private void encodesAgain(MessageCodec<?> codec, Object decoded, long checksum) {
        int n;
        try {
            n = encodeAt(codec, decoded, scratch, OFFSET);
        } catch (IllegalArgumentException e) {
            if (encodeMayRefuse(codec, decoded)) {
                return;
            }
            throw new AssertionError(codec.name() + ": the decoded message cannot be encoded again: " + e, e);
        } catch (RuntimeException e) {
            throw new AssertionError(codec.name() + ": the decoded message cannot be encoded again: " + e, e);
        }
        byte[] bytes = new byte[n];
        scratch.get(OFFSET, bytes);
        List<Object> again = readWithin(codec, bytes, n, false);
        assertEquals(decoded, again.get(0), codec.name() + ": the decoded message, encoded again, decodes to another");
        assertEquals(checksum, again.get(1), codec.name() + ": the decoded message, encoded again, traverses to another"
                + " checksum");
    }

    /**
     * {@link HostileInputContract#readWithin}, failing when it allocated more than {@link #ALLOCATION_LIMIT}. Over the
     * limit, the read is measured once more before it fails: the first read down a new path loads classes, and the
     * fuzzer's agent instruments them, in this thread.
     */
    private static List<Object> boundedRead(MessageCodec<?> codec, byte[] bytes, int length, boolean direct) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        List<Object> answer = readWithin(codec, bytes, length, direct);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (allocated > ALLOCATION_LIMIT) {
            before = THREADS.getCurrentThreadAllocatedBytes();
            readWithin(codec, bytes, length, direct);
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            if (allocated > ALLOCATION_LIMIT) {
                fail(codec.name() + ": decode and traverse of " + length + " bytes allocated " + (allocated >> 20)
                        + " MiB: a length in the bytes was believed before the bytes could back it");
            }
        }
        return answer;
    }

    /**
     * The provider's claimants, created once: each decodes, traverses and encodes every fixture first, so that what a
     * codec builds once (class initialisation, a library's caches) is not counted against an input.
     */
    final List<MessageCodec<?>> claimants() {
        if (claimants == null) {
            List<MessageCodec<?>> held = claimantsOf(provider());
            for (MessageCodec<?> codec : held) {
                for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
                    int n = encodeAt(codec, sample.message(), scratch, OFFSET);
                    byte[] bytes = new byte[n];
                    scratch.get(OFFSET, bytes);
                    assertEquals(List.of(sample.message(), checksum(codec.messageType(), sample.message())),
                            readWithin(codec, bytes, n, false), codec.name() + " fixture " + sample.name());
                }
            }
            claimants = held;
        }
        return claimants;
    }

    /** The codecs of {@code provider} that claim {@link Conformance#HOSTILE_INPUT}; none is a mistake. */
    static List<MessageCodec<?>> claimantsOf(CodecProvider provider) {
        List<MessageCodec<?>> held = provider.codecs().stream()
                .filter(c -> c.conformance() != null && c.conformance().includes(Conformance.HOSTILE_INPUT)).toList();
        if (held.isEmpty()) {
            fail("no codec of " + provider.getClass().getName() + " claims " + Conformance.HOSTILE_INPUT
                    + ": there is nothing to fuzz");
        }
        return held;
    }
}
