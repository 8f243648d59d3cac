package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.nio.ByteBuffer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The codec writes what {@code new ObjectOutputStream(out).writeObject(record)} writes, stream
 * header and class descriptors included, and a plain {@code ObjectInputStream} reads it back: it
 * measures Java serialization as a typical user meets it.
 */
class InteropTest {

    static Stream<Arguments> codecs() {
        return new JdkCodecProvider().codecs().stream().map(c -> Arguments.of(Named.of(c.name(), c)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void writesWhatAPlainObjectOutputStreamWrites(MessageCodec<?> codec) throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            @SuppressWarnings("unchecked")
            int n = ((MessageCodec<Object>) codec).encode(sample.message(), buffer.clear());
            byte[] bytes = new byte[n];
            buffer.get(0, bytes);
            assertArrayEquals(Streams.serialize(sample.message()), bytes, codec.name() + " " + sample.name());
            assertEquals(0xACED0005, ByteBuffer.wrap(bytes).getInt(), "the stream header");
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                assertEquals(sample.message(), in.readObject(), codec.name() + " " + sample.name());
            }
            System.out.printf("%s %s: %d bytes%n", codec.name(), sample.name(), n);
        }
    }
}
