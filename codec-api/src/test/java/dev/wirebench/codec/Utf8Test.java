package dev.wirebench.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class Utf8Test {

    @Test
    void encodesExactlyAsStringGetBytes() {
        RandomValues random = new RandomValues(new SplittableRandom(11));
        String[] fixed = {"", "ascii", "é", "€", "日本", "\uD83D\uDE00", "a\uD800b", "\uDC00", "\uD800"};
        byte[] scratch = new byte[4096];
        for (int i = 0; i < 1000 + fixed.length; i++) {
            String s = i < fixed.length ? fixed[i] : random.string(60);
            byte[] expected = s.getBytes(StandardCharsets.UTF_8);
            int n = Utf8.encode(s, scratch, 5);
            assertArrayEquals(expected, Arrays.copyOfRange(scratch, 5, 5 + n), s);
            assertEquals(expected.length, Utf8.encodedLength(s), s);
        }
    }
}
