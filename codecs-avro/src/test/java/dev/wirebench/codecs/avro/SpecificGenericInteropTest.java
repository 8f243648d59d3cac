package dev.wirebench.codecs.avro;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code avro} and {@code avro-generic} are one wire format: for every fixture and a hundred seeded random messages of
 * each type they write the same bytes, and each decodes and traverses what the other wrote.
 */
class SpecificGenericInteropTest {

    private static final long SEED = 0xA7B0L;

    static Stream<MessageType<?>> types() {
        return MessageType.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void specificAndGenericWriteTheSameBytesAndReadEachOthers(MessageType<?> type) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> specific = (MessageCodec<Object>) codec(AvroCodec.SPECIFIC, type);
        @SuppressWarnings("unchecked")
        MessageCodec<Object> generic = (MessageCodec<Object>) codec(AvroCodec.GENERIC, type);
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, SEED, 100));
        for (int i = 0; i < messages.size(); i++) {
            Object message = messages.get(i);
            String what = type.id() + " message " + i;
            byte[] fromSpecific = encode(specific, message);
            byte[] fromGeneric = encode(generic, message);
            assertArrayEquals(fromSpecific, fromGeneric, what + ": avro and avro-generic bytes");
            assertEquals(message, generic.decode(ByteBuffer.wrap(fromSpecific), fromSpecific.length),
                    what + ": avro-generic decode of avro bytes");
            assertEquals(message, specific.decode(ByteBuffer.wrap(fromGeneric), fromGeneric.length),
                    what + ": avro decode of avro-generic bytes");
            long checksum = checksum(type, message);
            assertEquals(checksum, generic.traverse(ByteBuffer.wrap(fromSpecific), fromSpecific.length),
                    what + ": avro-generic traverse of avro bytes");
            assertEquals(checksum, specific.traverse(ByteBuffer.wrap(fromGeneric), fromGeneric.length),
                    what + ": avro traverse of avro-generic bytes");
        }
    }

    private static <T> long checksum(MessageType<T> type, Object message) {
        return type.checksum(type.cast(message));
    }

    static MessageCodec<?> codec(String format, MessageType<?> type) {
        return new AvroCodecProvider().codecs().stream()
                .filter(c -> c.format().equals(format) && c.messageType() == type)
                .findFirst().orElseThrow(() -> new AssertionError("no " + format + "/" + type.id()));
    }

    static byte[] encode(MessageCodec<Object> codec, Object message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        byte[] bytes = new byte[n];
        buffer.get(0, bytes);
        return bytes;
    }
}
