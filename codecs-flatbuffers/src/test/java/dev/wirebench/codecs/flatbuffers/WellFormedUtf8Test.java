package dev.wirebench.codecs.flatbuffers;

import com.google.flatbuffers.Utf8Safe;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * traverse's UTF-8 check accepts exactly what decode's decoder (flatbuffers-java's
 * {@code Utf8Safe}, behind every generated string accessor) accepts, so that the two reject the same
 * messages: compared on every one- and two-byte input, every three- and four-byte input around the
 * boundaries, and random mixtures, at offsets that exercise the eight-byte ASCII path.
 */
class WellFormedUtf8Test {

    private static final int[] INTERESTING = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
        0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF};
    /** The last byte of a four-byte sequence: continuation bytes at both ends, and either side of them. */
    private static final int[] TAILS = {0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xFF};

    @Test
    void agreesWithTheDecoderOnEveryOneAndTwoByteInput() {
        for (int a = 0; a < 256; a++) {
            agree(new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                agree(new byte[] {(byte) a, (byte) b});
            }
        }
    }

    @Test
    void agreesWithTheDecoderOnLongerSequencesAroundEveryBoundary() {
        for (int a : INTERESTING) {
            for (int b = 0; b < 256; b++) {
                for (int c : INTERESTING) {
                    agree(new byte[] {(byte) a, (byte) b, (byte) c});
                    if (a >= 0xF0) {
                        for (int d : TAILS) {
                            agree(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
                        }
                    }
                }
            }
        }
    }

    @Test
    void agreesWithTheDecoderOnRandomMixturesBehindAsciiWords() {
        SplittableRandom random = new SplittableRandom(0x5EED_2026L);
        for (int i = 0; i < 50_000; i++) {
            byte[] bytes = new byte[random.nextInt(40)];
            for (int k = 0; k < bytes.length; k++) {
                // mostly ASCII so that the word loop runs, then some of everything
                bytes[k] = (byte) (random.nextInt(4) == 0 ? INTERESTING[random.nextInt(INTERESTING.length)]
                        : random.nextInt(4) == 0 ? random.nextInt(256) : 'a');
            }
            agree(bytes);
        }
    }

    private static void agree(byte[] bytes) {
        // at an offset inside a larger buffer, as strings sit in a message
        ByteBuffer buffer = ByteBuffer.allocate(bytes.length + 11);
        buffer.position(3);
        buffer.put(bytes);
        boolean decodes;
        try {
            Utf8Safe.decodeUtf8Array(bytes, 0, bytes.length);
            decodes = true;
        } catch (IllegalArgumentException e) {
            decodes = false;
        }
        assertEquals(decodes, WellFormedUtf8.check(buffer, 3, 3 + bytes.length), HexFormat.of().formatHex(bytes));
    }
}
