package dev.wirebench.smpp.codec;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The word-at-a-time scan for a C-Octet String's end finds what an octet-at-a-time scan finds. */
class WireChecksTest {

    @Test
    void findsTheFirstOctetOutsideAsciiAsAnOctetAtATimeWould() {
        SplittableRandom random = new SplittableRandom(26112026L);
        for (int run = 0; run < 20_000; run++) {
            byte[] array = new byte[1 + random.nextInt(64)];
            for (int i = 0; i < array.length; i++) {
                // mostly ASCII, sometimes a NUL or an octet over 127, which a word's arithmetic must both flag
                int pick = random.nextInt(20);
                array[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 0x80 + random.nextInt(128) : 1 + random.nextInt(127));
            }
            int shift = random.nextInt(array.length);
            int from = random.nextInt(array.length - shift + 1);
            int limit = from + random.nextInt(array.length - shift - from + 1);
            int expected = from;
            while (expected < limit && array[shift + expected] > 0) {
                expected++;
            }
            assertEquals(expected, WireChecks.asciiEnd(array, shift, from, limit),
                    "from " + from + " to " + limit + " at shift " + shift + " of " + array.length);
        }
    }
}
