package dev.wirebench.codecs.capnp;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The UTF-8 check that decode and traverse share accepts exactly what the JDK's strict decoder accepts. */
class Utf8TextTest {

    private static final CharsetDecoder STRICT = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    @Test
    void agreesWithTheJdksStrictDecoderOnEveryShortSequenceAroundTheBoundaries() {
        // lead bytes and the continuation bytes where the rules change, in every 1..3-byte combination
        int[] interesting = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
        byte[] bytes = new byte[4];
        for (int a : interesting) {
            for (int b : interesting) {
                for (int c : interesting) {
                    for (int d : new int[] {0x80, 0xBF, 0x41}) {
                        bytes[0] = (byte) a;
                        bytes[1] = (byte) b;
                        bytes[2] = (byte) c;
                        bytes[3] = (byte) d;
                        for (int n = 1; n <= 4; n++) {
                            check(bytes, n);
                        }
                    }
                }
            }
        }
    }

    @Test
    void agreesWithTheJdksStrictDecoderOnSeededRandomText() {
        SplittableRandom random = new SplittableRandom(2026);
        String[] pieces = {"a", "z0", "é", "Ω", "日本", "\uD83D\uDE80", "\u0000", "\uFFFF", "\uD7FF", "\uE000"};
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder();
            for (int k = random.nextInt(12); k > 0; k--) {
                s.append(pieces[random.nextInt(pieces.length)]);
            }
            byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
            if (bytes.length > 0 && random.nextInt(3) == 0) {
                bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8)); // usually breaks it
            }
            check(bytes, bytes.length);
        }
    }

    private static void check(byte[] bytes, int length) {
        boolean strict;
        try {
            STRICT.reset().decode(ByteBuffer.wrap(bytes, 0, length));
            strict = true;
        } catch (CharacterCodingException e) {
            strict = false;
        }
        // at an offset, in a direct buffer: the check reads absolute indices
        ByteBuffer direct = ByteBuffer.allocateDirect(length + 3);
        direct.position(3);
        direct.put(bytes, 0, length);
        assertEquals(strict, Utf8Text.invalidUtf8At(direct, 3, length) < 0,
                HexFormat.of().formatHex(bytes, 0, length));
    }
}
