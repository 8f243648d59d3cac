package dev.wirebench.codec.kit;

import com.example.outsider.ToyUserCodec;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz target is only worth its run time if it fails on a broken codec: each codec here is broken in a way one
 * of its properties forbids, and is fed an input that shows it, as the fuzzer would find one. The toy, which is not
 * broken, passes its seeds and every truncation of them.
 */
class HostileInputFuzzCatchesBrokenCodecsTest {

    private static final User INACTIVE_WITH_ROLES = new User(7L, "u", "e", 1, false, 2L, List.of("admin"));

    @Test
    void passesTheToyOnEverySeedAndEveryCutOfThem() {
        HostileInputFuzz fuzz = fuzz(new ToyUserCodec());
        for (Sample<User> sample : Samples.fixtures(MessageType.USER)) {
            byte[] whole = encoded(sample.message());
            for (int past = 0; past <= whole.length; past++) {
                fuzz.decodeAndTraverse(input(0, past, whole));
                fuzz.decodeAndTraverse(input(0, 0, Arrays.copyOf(whole, past)));
            }
        }
        fuzz.decodeAndTraverse(new byte[0]);
    }

    @Test
    void failsACodecThatLeaksARawException() {
        HostileInputFuzz fuzz = fuzz(new BrokenCodecs.LeaksRawExceptions(Conformance.HOSTILE_INPUT));
        AssertionError e = assertThrows(AssertionError.class, () -> fuzz.decodeAndTraverse(input(0, 0, new byte[3])));
        assertTrue(e.getMessage().contains("threw java.nio.BufferUnderflowException instead of CodecException"),
                e.getMessage());
    }

    @Test
    void failsACodecThatReadsPastTheLengthItIsGiven() {
        HostileInputFuzz fuzz = fuzz(new BrokenCodecs.ReadsPastLength());
        byte[] reference = encoded(Samples.reference(MessageType.USER));
        AssertionError e = assertThrows(AssertionError.class, () -> fuzz.decodeAndTraverse(input(0, 5, reference)));
        assertTrue(e.getMessage().contains("the answer changed with the bytes past the length"), e.getMessage());
    }

    @Test
    void failsACodecWhoseTraverseAcceptsWhatDecodeRejectsUnlessItSaysSo() {
        byte[] garbage = input(0, 0, new byte[] {1, 2, 3});
        AssertionError e = assertThrows(AssertionError.class,
                () -> fuzz(new BrokenCodecs.TraverseChecksNothing()).decodeAndTraverse(garbage));
        assertTrue(e.getMessage().contains("traverse returned a checksum for 3 bytes that decode rejects (toy/user: "
                + "malformed input: BufferUnderflowException)"), e.getMessage());

        HostileInputFuzz lenient = new HostileInputFuzz() {
            @Override
            protected CodecProvider provider() {
                return () -> List.of(new BrokenCodecs.TraverseChecksNothing());
            }

            @Override
            protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
                return why.contains("BufferUnderflowException");
            }
        };
        lenient.decodeAndTraverse(garbage);
    }

    @Test
    void failsACodecWhoseTraverseRejectsWhatDecodeAcceptsUnlessItSaysSo() {
        byte[] body = encoded(new User(7L, "u", "e", 1, true, 2L, List.of()));
        body[8 + 3 + 3 + 4] = 2; // active: 2 instead of 1
        byte[] coerced = input(0, 0, body);
        AssertionError e = assertThrows(AssertionError.class,
                () -> fuzz(new BrokenCodecs.TraverseRefusesWhatDecodeCoerces()).decodeAndTraverse(coerced));
        assertTrue(e.getMessage().contains("traverse rejects 29 bytes that decode reads (toy/user: malformed input: "
                + "active is 2, not 0 or 1)"), e.getMessage());

        HostileInputFuzz stricter = new HostileInputFuzz() {
            @Override
            protected CodecProvider provider() {
                return () -> List.of(new BrokenCodecs.TraverseRefusesWhatDecodeCoerces());
            }

            @Override
            protected boolean traverseMayRejectWhatDecodeAccepts(MessageCodec<?> codec, String why) {
                return why.endsWith(", not 0 or 1");
            }
        };
        stricter.decodeAndTraverse(coerced);
    }

    @Test
    void failsATraverseThatDisagreesWithDecodeUnlessDecodeReplacedInvalidUtf8AndTheCodecSaysSo() {
        byte[] body = encoded(new User(7L, "u", "e", 1, true, 2L, List.of()));
        body[8 + 2] = (byte) 0xFF; // the username's one byte: invalid UTF-8, which the toy's decode reads as U+FFFD
        byte[] invalid = input(0, 0, body);
        AssertionError e = assertThrows(AssertionError.class,
                () -> fuzz(new BrokenCodecs.TraverseHashesInvalidUtf8AsItIs()).decodeAndTraverse(invalid));
        assertTrue(e.getMessage().contains("traverse disagrees with the checksum of decode's message"), e.getMessage());

        HostileInputFuzz replacing = new HostileInputFuzz() {
            @Override
            protected CodecProvider provider() {
                return () -> List.of(new BrokenCodecs.TraverseHashesInvalidUtf8AsItIs());
            }

            @Override
            protected boolean decodeReplacesInvalidUtf8(MessageCodec<?> codec) {
                return true;
            }
        };
        replacing.decodeAndTraverse(invalid);
        // a wrong checksum for a message without U+FFFD is still one
        HostileInputFuzz lax = new HostileInputFuzz() {
            @Override
            protected CodecProvider provider() {
                return () -> List.of(new BrokenCodecs.TraverseSkipsRolesSilently());
            }

            @Override
            protected boolean decodeReplacesInvalidUtf8(MessageCodec<?> codec) {
                return true;
            }
        };
        byte[] withRoles = input(0, 0, encoded(new User(7L, "u", "e", 1, true, 2L, List.of("r"))));
        assertThrows(AssertionError.class, () -> lax.decodeAndTraverse(withRoles));
    }

    @Test
    void failsACodecWhoseDecodedMessageDoesNotComeBack() {
        HostileInputFuzz fuzz = fuzz(new BrokenCodecs.ForgetsTheRolesOfInactiveUsers());
        byte[] bytes = encoded(INACTIVE_WITH_ROLES); // what another writer would send
        AssertionError e = assertThrows(AssertionError.class, () -> fuzz.decodeAndTraverse(input(0, 0, bytes)));
        assertTrue(e.getMessage().contains("the decoded message, encoded again, decodes to another"), e.getMessage());
    }

    @Test
    void failsACodecThatAllocatesWhatALengthClaims() {
        HostileInputFuzz fuzz = fuzz(new BrokenCodecs.AllocatesWhatALengthClaims());
        AssertionError e = assertThrows(AssertionError.class,
                () -> fuzz.decodeAndTraverse(input(0, 0, new byte[] {0x7F, -1, -1, -1, 0, 0})));
        assertTrue(e.getMessage().contains("MiB: a length in the bytes was believed"), e.getMessage());
        fuzz.decodeAndTraverse(input(0, 0, new byte[] {0, 0, 1, 0, 0, 0})); // 256 bytes is no finding
    }

    @Test
    void picksTheCodecByTheFirstByteAmongTheClaimantsOnly() {
        MessageCodec<?> leaky = new BrokenCodecs.LeaksRawExceptions(Conformance.MEASUREMENT);
        HostileInputFuzz fuzz = fuzz(leaky, new ToyUserCodec(), new BrokenCodecs.ReadsPastLength());
        assertEquals(List.of("toy/user", "toy/user"), fuzz.claimants().stream().map(MessageCodec::name).toList());
        byte[] reference = encoded(Samples.reference(MessageType.USER));
        fuzz.decodeAndTraverse(input(2, 5, reference)); // 2 % 2: the toy
        assertThrows(AssertionError.class, () -> fuzz.decodeAndTraverse(input(3, 5, reference)));
    }

    @Test
    void seedsAreEveryFixtureEncodedBehindItsCodecsIndex(@TempDir Path dir) throws Exception {
        List<MessageCodec<?>> codecs = List.of(new ToyUserCodec(), new ToyUserCodec());
        assertEquals(8, HostileInputFuzzSeeds.write(codecs, dir));
        Set<String> names = new TreeSet<>();
        try (var files = Files.list(dir)) {
            files.forEach(f -> names.add(f.getFileName().toString()));
        }
        assertEquals(Set.of("toy_user_reference", "toy_user_empty", "toy_user_unicode", "toy_user_extremes"), names);
        byte[] seed = Files.readAllBytes(dir.resolve("toy_user_reference"));
        assertArrayEquals(input(1, 0, encoded(Samples.reference(MessageType.USER))), seed, "the second codec wrote last");
    }

    private static HostileInputFuzz fuzz(MessageCodec<?>... codecs) {
        return new HostileInputFuzz() {
            @Override
            protected CodecProvider provider() {
                return () -> List.of(codecs);
            }
        };
    }

    private static byte[] input(int codec, int past, byte[] body) {
        byte[] input = new byte[2 + body.length];
        input[0] = (byte) codec;
        input[1] = (byte) past;
        System.arraycopy(body, 0, input, 2, body.length);
        return input;
    }

    private static byte[] encoded(User user) {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        int n = new ToyUserCodec().encode(user, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }
}
