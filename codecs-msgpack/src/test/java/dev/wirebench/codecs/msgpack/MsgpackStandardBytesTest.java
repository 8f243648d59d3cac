package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ArrayValue;
import org.msgpack.value.ImmutableValue;
import org.msgpack.value.MapValue;
import org.msgpack.value.Value;
import org.msgpack.value.ValueFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes are plain MessagePack: msgpack-core's generic reader ({@code unpackValue}, no knowledge of the layout)
 * sees the arrays, strings, integers, float64s, booleans and maps of the README's layout, and packing what it read
 * with its generic writer gives the same bytes back. Strings are packed here through codec-api's Utf8 and
 * {@code packRawStringHeader}/{@code writePayload}; the user codec's bytes equal those of msgpack-core's own
 * {@code packString}.
 */
class MsgpackStandardBytesTest {

    @Test
    void theReferenceUserIsAnArrayOfItsSevenComponents() throws IOException {
        User user = Samples.reference(MessageType.USER);
        ArrayValue fields = only(encode(new MsgpackUserCodec(), user)).asArrayValue();
        assertEquals(7, fields.size());
        assertEquals(user.id(), fields.get(0).asIntegerValue().asLong());
        assertEquals(user.username(), fields.get(1).asStringValue().asString());
        assertEquals(user.email(), fields.get(2).asStringValue().asString());
        assertEquals(user.age(), fields.get(3).asIntegerValue().asInt());
        assertEquals(user.active(), fields.get(4).asBooleanValue().getBoolean());
        assertEquals(user.createdAt(), fields.get(5).asIntegerValue().asLong());
        List<String> roles = new ArrayList<>();
        for (Value role : fields.get(6).asArrayValue()) {
            roles.add(role.asStringValue().asString());
        }
        assertEquals(user.roles(), roles);
    }

    @Test
    void anOrderHasItsEnumsAsOrdinalsAndItsPriceAsAFloat64() throws IOException {
        Order order = Samples.reference(MessageType.ORDER);
        byte[] bytes = encode(new MsgpackOrderCodec(), order);
        ArrayValue fields = only(bytes).asArrayValue();
        assertEquals(9, fields.size());
        assertEquals(order.side().ordinal(), fields.get(3).asIntegerValue().asInt());
        assertEquals(order.ordType().ordinal(), fields.get(5).asIntegerValue().asInt());
        assertTrue(fields.get(6).isFloatValue());
        assertEquals(order.price(), fields.get(6).asFloatValue().toDouble());
        assertEquals(order.timeInForce().ordinal(), fields.get(7).asIntegerValue().asInt());
        // a float64 is 0xcb and its 8 bytes, whatever the value; no string or integer of this order holds a 0xcb
        int at = indexOf(bytes, (byte) 0xcb);
        assertEquals(Double.doubleToRawLongBits(order.price()), ByteBuffer.wrap(bytes, at + 1, 8).getLong());
    }

    @Test
    void anInfrastructureExecutionHasNestedArraysAndStringMaps() throws IOException {
        InfrastructureExecution x = Samples.reference(MessageType.INFRA_EXECUTION);
        ArrayValue fields = only(encode(new MsgpackInfrastructureExecutionCodec(), x)).asArrayValue();
        assertEquals(17, fields.size());
        ArrayValue approval = fields.get(9).asArrayValue().get(0).asArrayValue();
        assertEquals(4, approval.size());
        assertEquals(x.approvals().get(0).approver().userId(),
                approval.get(0).asArrayValue().get(0).asStringValue().asString());
        ArrayValue transformation = fields.get(10).asArrayValue().get(0).asArrayValue();
        assertEquals(5, transformation.size());
        assertEquals(x.transformations().get(0).outputs().size(), transformation.get(4).asArrayValue().size());
        MapValue metadata = fields.get(11).asMapValue();
        assertEquals(x.metadata().size(), metadata.size());
        for (Map.Entry<Value, Value> e : metadata.entrySet()) {
            assertEquals(x.metadata().get(e.getKey().asStringValue().asString()), e.getValue().asStringValue().asString());
        }
        assertTrue(fields.get(13).isBooleanValue());
        assertEquals(x.errorMessage(), fields.get(16).asStringValue().asString());
    }

    /** Every fixture and 100 random messages of every type: msgpack-core's generic writer repacks them to the same bytes. */
    @Test
    void msgpackCoresGenericReaderAndWriterGiveTheSameBytesBack() throws IOException {
        for (MessageCodec<?> codec : new MsgpackCodecProvider().codecs()) {
            for (Object message : messages(codec.messageType())) {
                byte[] bytes = encode(codec, message);
                ImmutableValue value = only(bytes);
                MessageBufferPacker packer = MessagePack.newDefaultBufferPacker();
                packer.packValue(value);
                assertArrayEquals(bytes, packer.toByteArray(), codec.name() + ": " + message);
            }
        }
    }

    /** Every fixture and 100 random users, packed field by field with msgpack-core's packString. */
    @Test
    void stringsAreTheBytesOfMsgpackCoresOwnPackString() throws IOException {
        MsgpackUserCodec codec = new MsgpackUserCodec();
        for (Object message : messages(MessageType.USER)) {
            User u = (User) message;
            MessageBufferPacker packer = MessagePack.newDefaultBufferPacker();
            packer.packArrayHeader(7).packLong(u.id()).packString(u.username()).packString(u.email())
                    .packInt(u.age()).packBoolean(u.active()).packLong(u.createdAt()).packArrayHeader(u.roles().size());
            for (String role : u.roles()) {
                packer.packString(role);
            }
            assertArrayEquals(packer.toByteArray(), encode(codec, u), u.toString());
        }
    }

    @Test
    void theGenericFormOfAUserIsTheValueOneWouldWrite() throws IOException {
        User user = new User(1, "a", "b", 2, false, 3, List.of("r"));
        ImmutableValue expected = ValueFactory.newArray(ValueFactory.newInteger(1), ValueFactory.newString("a"),
                ValueFactory.newString("b"), ValueFactory.newInteger(2), ValueFactory.newBoolean(false),
                ValueFactory.newInteger(3), ValueFactory.newArray(ValueFactory.newString("r")));
        assertEquals(expected, only(encode(new MsgpackUserCodec(), user)));
    }

    static List<Object> messages(MessageType<?> type) {
        List<Object> all = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            all.add(sample.message());
        }
        all.addAll(Samples.random(type, 42L, 100));
        return all;
    }

    static byte[] encode(MessageCodec<?> codec, Object message) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> c = (MessageCodec<Object>) codec;
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = c.encode(message, buffer);
        byte[] bytes = new byte[n];
        buffer.get(0, bytes);
        return bytes;
    }

    /** The one value the bytes hold, read by msgpack-core's generic reader, which must use them all. */
    private static ImmutableValue only(byte[] bytes) throws IOException {
        try (MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(bytes)) {
            ImmutableValue value = unpacker.unpackValue();
            assertFalse(unpacker.hasNext(), "bytes after the message");
            return value;
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new AssertionError("no byte " + b);
    }
}
