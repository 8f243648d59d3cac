package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.transport.TMemoryInputTransport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The codecs write what libthrift's own compact writer writes (over its {@code TMemoryBuffer}), and libthrift's
 * own reader (a {@code TMemoryInputTransport}, as {@code TDeserializer} uses) reads their bytes back to an equal
 * struct: the codecs' transports change where the bytes go, not what they are.
 */
class StandardEncodingTest {

    static List<MessageCodec<?>> codecs() {
        return new ThriftCodecProvider().codecs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    @SuppressWarnings({"unchecked", "rawtypes"})
    void bytesAreLibthriftsCompactProtocol(MessageCodec<?> codec) throws TException {
        NativeModel<Object, TBase> model = (NativeModel<Object, TBase>) codec.nativeModel().orElseThrow();
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(codec.messageType(), 7, 50));
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        for (Object message : messages) {
            TBase struct = model.toNative(message);
            byte[] expected = MalformedInputTest.write(struct);
            buffer.clear();
            int n = ((MessageCodec<Object>) codec).encode(message, buffer);
            byte[] actual = new byte[n];
            buffer.get(0, actual);
            assertArrayEquals(expected, actual, codec.name() + ": " + message);

            TBase read = (TBase) newInstance(model.nativeType());
            read.read(new TCompactProtocol(new TMemoryInputTransport(actual)));
            assertEquals(struct, read, codec.name() + ": libthrift's reader");
            assertEquals(message, model.fromNative(read), codec.name());
        }
    }

    private static Object newInstance(Class<?> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
