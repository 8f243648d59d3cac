package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.kit.MeasurementContract;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bytes are Kryo's: what a Kryo user's own {@code Kryo} writes for the record with {@code writeObject}, and reads
 * back with {@code readObject}, given the same registrations. That user's Kryo is configured here independently of
 * {@link KryoSetup}, as the format's description: Kryo 5's defaults (registration required, references off), the same
 * classes under the same ids, Kryo's own serializer for every record, enum and list (its {@code EnumSerializer}
 * where the codecs read enums through {@code Ordinals}), and the one serializer Kryo lacks, for the records' maps.
 */
class KryoWireTest {

    private static final int RANDOM = 200;

    /** A plain Kryo with the format's registrations, as a reader of these bytes would set it up. */
    static Kryo plainKryo() {
        Kryo kryo = new Kryo();
        int id = 10;
        for (Class<?> type : List.of(MarketData.class, BookEntry.class, User.class, Order.class,
                InfrastructureExecution.class, Approval.class, UserInfo.class, Transformation.class,
                TransformationOutput.class, Side.class, EntryType.class, OrdType.class, TimeInForce.class,
                ExecutionStatus.class, TriggerType.class, ApprovalDecision.class, TransformationStatus.class,
                List.of(1).getClass(), List.of(1, 2, 3).getClass())) {
            kryo.register(type, id++);
        }
        kryo.register(UnmodifiableMapSerializer.TYPE, new UnmodifiableMapSerializer(kryo), id);
        return kryo;
    }

    @Test
    void everyCodecWritesWhatAPlainKryoWritesAndAPlainKryoReadsItBack() {
        Kryo plain = plainKryo();
        for (MessageCodec<?> codec : new KryoCodecProvider().codecs()) {
            @SuppressWarnings("unchecked")
            MessageCodec<Object> c = (MessageCodec<Object>) codec;
            Class<?> type = c.messageType().javaType();
            for (Object message : messages(c.messageType())) {
                ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
                int n = c.encode(message, buffer);
                byte[] bytes = new byte[n];
                buffer.get(0, bytes);

                Output output = new Output(64, -1);
                plain.writeObject(output, message);
                assertArrayEquals(output.toBytes(), bytes, c.name() + ": " + message);
                assertEquals(message, plain.readObject(new Input(bytes), type), c.name() + ": a plain Kryo reads it back");
            }
        }
    }

    /**
     * The reference user, byte by byte: Kryo's {@code RecordSerializer} writes the components in alphabetical order
     * of their names, {@code active age createdAt email id roles username}, each as Kryo writes its type.
     */
    @Test
    void theReferenceUserIsLaidOutAsKryoWritesARecord() {
        String expected = String.join("",
                "01",                                         // active: true, one byte
                "44",                                         // age 34: zig-zag varint (68)
                "80a0abfef962",                               // createdAt 1700000000000: zig-zag varlong
                "6a616e652e646f65406578616d706c652e636fed",   // email: ASCII, the last byte's top bit set
                "d4897a",                                     // id 1000042: zig-zag varlong
                "1e",                                         // roles: its class, id 28 (ListN) + 2
                "84",                                         // flag "all elements of one class", 3 elements + 1
                "03",                                         // that class: String, id 1 + 2
                "61646d69ee", "7472616465f2", "7669657765f2", // admin, trader, viewer
                "6a646fe5");                                  // username jdoe
        MessageCodec<?> user = new KryoCodecProvider().codecs().get(1);
        assertEquals(MessageType.USER, user.messageType());
        @SuppressWarnings("unchecked")
        MessageCodec<Object> c = (MessageCodec<Object>) user;
        ByteBuffer buffer = ByteBuffer.allocate(256);
        int n = c.encode(Samples.reference(MessageType.USER), buffer);
        byte[] bytes = new byte[n];
        buffer.get(0, bytes);
        assertEquals(expected, HexFormat.of().formatHex(bytes));
    }

    private static List<Object> messages(MessageType<?> type) {
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, MeasurementContract.SEED, RANDOM));
        return messages;
    }
}
