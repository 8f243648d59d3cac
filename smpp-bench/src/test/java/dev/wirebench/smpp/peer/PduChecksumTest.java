package dev.wirebench.smpp.peer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The fold's shortcuts (four words a step, groups of fixed octets, a last word read whole and cut) give
 * exactly what its definition gives: one step per value, octets packed eight to a word, least significant first.
 */
class PduChecksumTest {

    private final SplittableRandom random = new SplittableRandom(20261126L);

    /** The definition: the length, then each word of up to eight octets, one step each. */
    private static long byDefinition(long h, byte[] octets, int offset, int length) {
        h = PduChecksum.step(h, length);
        for (int i = 0; i < length; i += Long.BYTES) {
            long word = 0;
            for (int k = 0; k < Long.BYTES && i + k < length; k++) {
                word |= (octets[offset + i + k] & 0xFFL) << (8 * k);
            }
            h = PduChecksum.step(h, word);
        }
        return h;
    }

    @Test
    void foldsOctetsAsOneStepPerWordAtEveryLengthAndPlace() {
        for (int run = 0; run < 2_000; run++) {
            byte[] array = new byte[1 + random.nextInt(300)];
            random.nextBytes(array);
            int offset = random.nextInt(array.length + 1);
            // a third of the runs end at the array's end, where the last word cannot be read whole
            int length = run % 3 == 0 ? array.length - offset : random.nextInt(array.length - offset + 1);
            long h = random.nextLong();
            String what = "length " + length + " at " + offset + " of " + array.length;
            long expected = byDefinition(h, array, offset, length);
            assertEquals(expected, PduChecksum.octets(h, array, offset, length), what);

            ByteBuf heap = Unpooled.wrappedBuffer(array);
            ByteBuf direct = Unpooled.directBuffer(array.length).writeBytes(array);
            // a slice: its array starts elsewhere than its index 0
            ByteBuf slice = Unpooled.wrappedBuffer(array).slice(offset, array.length - offset);
            try {
                assertEquals(expected, PduChecksum.octets(h, heap, offset, length), what + ", heap buffer");
                assertEquals(expected, PduChecksum.octets(h, direct, offset, length), what + ", direct buffer");
                assertEquals(expected, PduChecksum.octets(h, slice, 0, length), what + ", slice");
            } finally {
                direct.release();
            }
        }
    }

    @Test
    void foldsAStringAsTheOctetsOfItsCharacters() {
        for (int length = 0; length <= 40; length++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                text.append((char) (1 + random.nextInt(127)));
            }
            byte[] octets = text.toString().getBytes(StandardCharsets.US_ASCII);
            long h = random.nextLong();
            assertEquals(byDefinition(h, octets, 0, length), PduChecksum.string(h, text.toString()), text.toString());
        }
        assertEquals(PduChecksum.step(7, 0), PduChecksum.string(7, null), "NULL is the empty string");
    }

    @Test
    void foldsAGroupOfFixedOctetsAsTheirStepsInOrder() {
        for (int run = 0; run < 1_000; run++) {
            long h = random.nextLong();
            // signed bytes as some libraries hand them out, and unsigned ints as others do
            int a = (byte) random.nextInt();
            int b = random.nextInt(256);
            int c = (byte) random.nextInt();
            int d = random.nextInt(256);
            long two = PduChecksum.octet(PduChecksum.octet(h, a), b);
            long three = PduChecksum.octet(two, c);
            assertEquals(two, PduChecksum.fixed(h, a, b));
            assertEquals(three, PduChecksum.fixed(h, a, b, c));
            assertEquals(PduChecksum.octet(three, d), PduChecksum.fixed(h, a, b, c, d));
        }
        long header = PduChecksum.header(4, 0, 2);
        assertEquals(PduChecksum.step(PduChecksum.step(PduChecksum.step(PduChecksum.SEED, 4), 0), 2), header);
        assertNotEquals(PduChecksum.fixed(0, 1, 2), PduChecksum.fixed(0, 2, 1), "the order of the values counts");
    }
}
