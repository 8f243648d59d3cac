package dev.wirebench.codecs.protobuf;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Timestamp;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codecs.protobuf.generated.ApprovalProto;
import dev.wirebench.codecs.protobuf.generated.BookEntryProto;
import dev.wirebench.codecs.protobuf.generated.InfrastructureExecutionProto;
import dev.wirebench.codecs.protobuf.generated.MarketDataProto;
import dev.wirebench.codecs.protobuf.generated.OrderProto;
import dev.wirebench.codecs.protobuf.generated.TransformationProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes that protobuf parses happily but that no canonical message can hold: decode and traverse
 * must both reject them with a CodecException that names the offending field.
 */
class MalformedInputTest {

    static Stream<Arguments> unknownEnumNumbers() {
        return Stream.of(
                Arguments.of(ProtobufCodec.order(), OrderProto.newBuilder().setSideValue(7), "OrderProto.side"),
                Arguments.of(ProtobufCodec.order(), OrderProto.newBuilder().setTimeInForceValue(5),
                        "OrderProto.time_in_force"),
                Arguments.of(ProtobufCodec.marketData(), MarketDataProto.newBuilder()
                        .addEntries(BookEntryProto.newBuilder().setEntryTypeValue(9)), "BookEntryProto.entry_type"),
                Arguments.of(ProtobufCodec.infrastructureExecution(), InfrastructureExecutionProto.newBuilder()
                        .setStatusValue(42), "InfrastructureExecutionProto.status"),
                Arguments.of(ProtobufCodec.infrastructureExecution(), InfrastructureExecutionProto.newBuilder()
                        .addApprovals(ApprovalProto.newBuilder().setDecisionValue(-1)), "ApprovalProto.decision"),
                Arguments.of(ProtobufCodec.infrastructureExecution(), InfrastructureExecutionProto.newBuilder()
                        .addTransformations(TransformationProto.newBuilder().setStatusValue(5)),
                        "TransformationProto.status"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("unknownEnumNumbers")
    void rejectsAnUnknownEnumNumberNamingTheField(MessageCodec<?> codec, MessageLite.Builder message, String field) {
        assertRejected(codec, message.build().toByteArray(), field);
    }

    @Test
    void rejectsABookLevelAbove255() {
        byte[] bytes = MarketDataProto.newBuilder().addEntries(BookEntryProto.newBuilder().setLevel(256))
                .build().toByteArray();
        assertRejected(ProtobufCodec.marketData(), bytes, "BookEntryProto.level");
    }

    @Test
    void rejectsANonFinitePrice() {
        byte[] bytes = OrderProto.newBuilder().setPrice(Double.NaN).build().toByteArray();
        assertRejected(ProtobufCodec.order(), bytes, "OrderProto.price");
    }

    @Test
    void rejectsATimestampBeyondTheNanosecondRangeOfALong() {
        // 9999-12-31, a valid Timestamp, but past 2262, the last instant a long of epoch nanoseconds holds
        byte[] bytes = InfrastructureExecutionProto.newBuilder()
                .setStartedAt(Timestamp.newBuilder().setSeconds(253_402_300_799L)).build().toByteArray();
        assertRejected(ProtobufCodec.infrastructureExecution(), bytes, "InfrastructureExecutionProto.started_at");
    }

    @Test
    void rejectsATimestampWithNanosOutsideASecond() {
        byte[] bytes = InfrastructureExecutionProto.newBuilder()
                .addApprovals(ApprovalProto.newBuilder().setDecidedAt(Timestamp.newBuilder().setNanos(-1)))
                .build().toByteArray();
        assertRejected(ProtobufCodec.infrastructureExecution(), bytes, "ApprovalProto.decided_at");
    }

    @Test
    void rejectsAStrayEndGroupTagInsteadOfDroppingTheBytesAfterIt() {
        byte[] head = OrderProto.newBuilder().setClOrdId("A").build().toByteArray();
        byte[] tail = OrderProto.newBuilder().setAccount("B").build().toByteArray();
        byte[] bytes = new byte[head.length + 1 + tail.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        bytes[head.length] = 0x0C; // field 1, wire type 4: END_GROUP
        System.arraycopy(tail, 0, bytes, head.length + 1, tail.length);
        assertRejected(ProtobufCodec.order(), bytes, "end-group");
    }

    /** Decode and traverse, from heap and direct buffers at an offset, throw a CodecException saying {@code what}. */
    private static void assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        int offset = 5;
        int capacity = offset + bytes.length;
        for (ByteBuffer src : List.of(ByteBuffer.allocate(capacity), ByteBuffer.allocateDirect(capacity))) {
            src.position(offset);
            src.put(bytes).position(offset);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
            assertTrue(decode.getMessage().contains(what), "decode: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
            assertTrue(traverse.getMessage().contains(what), "traverse: " + traverse.getMessage());
        }
    }
}
