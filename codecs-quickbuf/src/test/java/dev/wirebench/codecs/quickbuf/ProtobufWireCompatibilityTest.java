package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codecs.protobuf.ProtobufCodecProvider;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@code quickbuf} wire is protobuf's: for every fixture and a thousand seeded random messages of
 * each type, QuickBuffers reads protobuf-java's bytes and protobuf-java reads QuickBuffers', both back
 * to the record; the two encodings have the same length, and hold the same fields with the same
 * values: protobuf-java, re-writing QuickBuffers' bytes in its own field order, gives its own bytes
 * exactly, and QuickBuffers, re-writing protobuf's, gives its own. They differ in field order alone
 * (QuickBuffers writes fields in its own order, protobuf-java by field number), which the test
 * counts per type.
 */
class ProtobufWireCompatibilityTest {

    private static final long SEED = 0x5EED_2026L;
    private static final int RANDOM_MESSAGES = 1_000;

    private static final Codecs REGISTRY = Codecs.of(List.of(new ProtobufCodecProvider(), new QuickbufCodecProvider()));

    static Stream<Arguments> types() {
        return MessageType.all().stream().map(t -> Arguments.of(Named.of(t.id(), t)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void eachReadsTheOthersBytesAndTheyDifferInFieldOrderAlone(MessageType<?> type) {
        MessageCodec<Object> protobuf = codec("protobuf/" + type.id());
        MessageCodec<Object> quickbuf = codec("quickbuf/" + type.id());
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, SEED, RANDOM_MESSAGES));
        int identical = 0;
        for (int i = 0; i < messages.size(); i++) {
            Object message = messages.get(i);
            String what = type.id() + " message " + i + " (fixtures first, then seed " + SEED + ")";
            byte[] fromProtobuf = encode(protobuf, message);
            byte[] fromQuickbuf = encode(quickbuf, message);

            assertEquals(message, decode(quickbuf, fromProtobuf), what + ": quickbuf decoding protobuf's bytes");
            assertEquals(message, decode(protobuf, fromQuickbuf), what + ": protobuf decoding quickbuf's bytes");
            long checksum = checksum(type, message);
            assertEquals(checksum, quickbuf.traverse(ByteBuffer.wrap(fromProtobuf), fromProtobuf.length),
                    what + ": quickbuf traversing protobuf's bytes");
            assertEquals(checksum, protobuf.traverse(ByteBuffer.wrap(fromQuickbuf), fromQuickbuf.length),
                    what + ": protobuf traversing quickbuf's bytes");

            assertEquals(fromProtobuf.length, fromQuickbuf.length, what + ": encoded sizes");
            assertArrayEquals(fromProtobuf, rewrite(protobuf, fromQuickbuf),
                    what + ": protobuf-java re-writing quickbuf's bytes must give its own: the same fields and values");
            assertArrayEquals(fromQuickbuf, rewrite(quickbuf, fromProtobuf),
                    what + ": quickbuf re-writing protobuf's bytes must give its own");
            if (Arrays.equals(fromProtobuf, fromQuickbuf)) {
                identical++;
            }
        }
        System.out.printf("%s: %d of %d messages byte-identical in protobuf and quickbuf; the rest differ in field order%n",
                type.id(), identical, messages.size());
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<Object> codec(String name) {
        return (MessageCodec<Object>) REGISTRY.create(name);
    }

    @SuppressWarnings("unchecked")
    private static long checksum(MessageType<?> type, Object message) {
        return ((MessageType<Object>) type).checksum(message);
    }

    private static byte[] encode(MessageCodec<Object> codec, Object message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }

    private static Object decode(MessageCodec<Object> codec, byte[] bytes) {
        return codec.decode(ByteBuffer.wrap(bytes), bytes.length);
    }

    /** The bytes parsed into the codec's own generated message and written again from it, no record between. */
    @SuppressWarnings("unchecked")
    private static byte[] rewrite(MessageCodec<Object> codec, byte[] bytes) {
        NativeModel<Object, Object> model = (NativeModel<Object, Object>) codec.nativeModel().orElseThrow();
        Object parsed = model.decodeNative(ByteBuffer.wrap(bytes), bytes.length);
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = model.encodeNative(parsed, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }
}
