package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.flatbuffers.generated.InfrastructureExecutionFb;
import dev.wirebench.codecs.flatbuffers.generated.UserFb;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The vtable slots the codecs read {@code [string]} fields by are the ones flatc gave those
 * fields: {@link StringVectorField} finds the same vector, element for element, as the generated
 * {@code x(int j)} accessor. Fails when a schema edit renumbers the fields.
 */
class StringVectorFieldTest {

    @Test
    void rolesSlotIsTheGeneratedAccessors() {
        User user = Samples.reference(MessageType.USER);
        ByteBuffer bb = encode(new FlatBuffersUserCodec(), user);
        UserFb table = UserFb.getRootAsUserFb(bb);
        assertSameStrings(new StringVectorField(FlatBuffersUserCodec.ROLES_SLOT).vector(bb), bb,
                table.rolesLength(), table::roles);
        assertEquals(user.roles().size(), table.rolesLength());
    }

    @Test
    void instanceIdsSlotIsTheGeneratedAccessors() {
        InfrastructureExecution x = Samples.reference(MessageType.INFRA_EXECUTION);
        ByteBuffer bb = encode(new FlatBuffersInfrastructureExecutionCodec(), x);
        InfrastructureExecutionFb table = InfrastructureExecutionFb.getRootAsInfrastructureExecutionFb(bb);
        assertSameStrings(new StringVectorField(FlatBuffersInfrastructureExecutionCodec.INSTANCE_IDS_SLOT).vector(bb),
                bb, table.instanceIdsLength(), table::instanceIds);
        assertEquals(x.instanceIds().size(), table.instanceIdsLength());
    }

    @Test
    void anAbsentFieldHasNoVector() {
        // MarketDataFb has five fields, vtable slots 4..12: slot 16 is past its vtable, like a field
        // that a newer schema added and an older writer never wrote
        ByteBuffer bb = encode(new FlatBuffersMarketDataCodec(), Samples.reference(MessageType.MARKET_DATA));
        assertEquals(-1, new StringVectorField(16).vector(bb));
    }

    private static void assertSameStrings(int vector, ByteBuffer bb, int length, IntFunction<String> generated) {
        assertEquals(length, bb.getInt(vector - 4), "the vector's length");
        for (int j = 0; j < length; j++) {
            int at = vector + 4 * j;
            int start = at + bb.getInt(at);
            byte[] utf8 = new byte[bb.getInt(start)];
            bb.get(start + 4, utf8);
            assertEquals(generated.apply(j), new String(utf8, StandardCharsets.UTF_8), "element " + j);
        }
    }

    private static <T> ByteBuffer encode(FlatBuffersCodec<T> codec, T message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        return ByteBuffer.wrap(buffer.array(), 0, n).slice().order(ByteOrder.LITTLE_ENDIAN);
    }
}
