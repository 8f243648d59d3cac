package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A message larger than Jackson's own output buffer (8,000 bytes) makes the generator flush while a serializer
 * writes a property, and databind wraps what the flush throws in a {@code JsonMappingException}: the caller still
 * gets the {@link BufferOverflowException}, with the position where it was and nothing written past the limit.
 * (The kit's overflow check covers the messages that fit Jackson's buffer, which are flushed as the generator
 * closes, outside any serializer.)
 */
class OverflowTest {

    private static final User LARGE = new User(1L, "u".repeat(30_000), "e".repeat(30_000), 1, true, 1L, List.of("r"));

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aMessageLargerThanJacksonsBufferOverflowsCleanly(JacksonFormat format) {
        @SuppressWarnings("unchecked")
        MessageCodec<User> codec = (MessageCodec<User>) JacksonJsonTest.codec(format, MessageType.USER);
        int size = codec.encode(LARGE, ByteBuffer.allocate(1 << 17));
        for (int room : new int[] {100, 8_500, 20_000, size - 1}) {
            for (boolean direct : new boolean[] {false, true}) {
                ByteBuffer dst = direct ? ByteBuffer.allocateDirect(size + 64) : ByteBuffer.allocate(size + 64);
                for (int i = 0; i < dst.capacity(); i++) {
                    dst.put(i, (byte) 0x5A);
                }
                dst.position(7).limit(7 + room);
                assertThrows(BufferOverflowException.class, () -> codec.encode(LARGE, dst), codec.name() + " into " + room);
                assertEquals(7, dst.position());
                dst.limit(dst.capacity());
                for (int i = 7 + room; i < dst.capacity(); i++) {
                    assertEquals((byte) 0x5A, dst.get(i), codec.name() + ": byte " + i + " past the limit written");
                }
            }
        }
        ByteBuffer exact = ByteBuffer.allocate(size);
        assertEquals(size, codec.encode(LARGE, exact));
        assertEquals(LARGE, codec.decode(exact.flip(), size));
    }
}
