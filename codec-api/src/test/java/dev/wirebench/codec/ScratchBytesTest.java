package dev.wirebench.codec;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScratchBytesTest {

    @Test
    void keepsOneArrayGrowingItByDoublingAndCopiesWithoutMovingTheBuffer() {
        ScratchBytes scratch = new ScratchBytes(4);
        byte[] first = scratch.atLeast(3);
        assertSame(first, scratch.atLeast(4), "a size that fits reuses the array");
        assertEquals(8, scratch.atLeast(5).length, "growth at least doubles");
        assertEquals(100, scratch.atLeast(100).length, "or takes what is asked when that is more");

        ByteBuffer direct = ByteBuffer.allocateDirect(16);
        for (int i = 0; i < 16; i++) {
            direct.put(i, (byte) i);
        }
        direct.position(2);
        byte[] copy = scratch.copyOf(direct, 5, 3);
        assertArrayEquals(new byte[] {5, 6, 7}, java.util.Arrays.copyOf(copy, 3));
        assertEquals(2, direct.position());
        assertTrue(copy.length >= 100, "the kept array, not a new one of 3 bytes");
    }
}
