package dev.wirebench.codecs.raw;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Test;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The conformance kit checks the room rules on heap buffers; direct buffers take other string paths
 * (ASCII puts, non-ASCII through scratch), so they get the same check here: a buffer of exactly the
 * size takes the message, every smaller one throws {@link BufferOverflowException} and nothing is
 * written at or past its limit.
 */
class RawDirectBufferTest {

    private static final int AT = 3;
    private static final byte SENTINEL = 0x5A;

    @Test
    void fitsExactlyOrOverflowsWithoutWritingPastTheLimit() {
        for (MessageCodec<?> codec : new RawCodecProvider().codecs()) {
            check(codec);
        }
    }

    private static <T> void check(MessageCodec<T> codec) {
        for (Sample<T> sample : Samples.fixtures(codec.messageType())) {
            ByteBuffer heap = ByteBuffer.allocate(1 << 16);
            byte[] expected = new byte[codec.encode(sample.message(), heap)];
            heap.get(0, expected);
            int n = expected.length;
            for (int size = 0; size <= n; size++) {
                String what = codec.name() + " " + sample.name() + " (" + n + " bytes) into " + size;
                ByteBuffer direct = filledDirect(AT + n + 16);
                direct.position(AT).limit(AT + size);
                if (size < n) {
                    assertThrows(BufferOverflowException.class, () -> codec.encode(sample.message(), direct), what);
                    assertEquals(AT, direct.position(), what + ": the position moved");
                } else {
                    assertEquals(n, codec.encode(sample.message(), direct), what);
                    byte[] actual = new byte[n];
                    direct.get(AT, actual);
                    assertArrayEquals(expected, actual, what);
                }
                direct.limit(direct.capacity());
                for (int i = AT + size; i < direct.capacity(); i++) {
                    if (direct.get(i) != SENTINEL) {
                        fail(what + ": byte " + i + " past the limit was written");
                    }
                }
            }
        }
    }

    private static ByteBuffer filledDirect(int capacity) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(capacity);
        for (int i = 0; i < capacity; i++) {
            buffer.put(i, SENTINEL);
        }
        return buffer;
    }
}
