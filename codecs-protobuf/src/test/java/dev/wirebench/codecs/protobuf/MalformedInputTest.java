package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import com.google.protobuf.util.JsonFormat;
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
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages that protobuf parses happily, as bytes or as JSON, but that no canonical message can
 * hold: decode and traverse of both formats must reject them with a CodecException that names the
 * offending field.
 */
class MalformedInputTest {

    static Stream<Arguments> unknownEnumNumbers() {
        return Stream.of(
                Arguments.of(orders(), OrderProto.newBuilder().setSideValue(7),
                        "OrderProto.side: 7 is not a known value (0..1)"),
                Arguments.of(orders(), OrderProto.newBuilder().setTimeInForceValue(5),
                        "OrderProto.time_in_force: 5 is not a known value (0..4)"),
                Arguments.of(marketData(), MarketDataProto.newBuilder()
                        .addEntries(BookEntryProto.newBuilder().setEntryTypeValue(9)),
                        "BookEntryProto.entry_type: 9 is not a known value (0..3)"),
                Arguments.of(infrastructureExecutions(), InfrastructureExecutionProto.newBuilder()
                        .setStatusValue(42),
                        "InfrastructureExecutionProto.status: 42 is not a known value (0..5)"),
                Arguments.of(infrastructureExecutions(), InfrastructureExecutionProto.newBuilder()
                        .addApprovals(ApprovalProto.newBuilder().setDecisionValue(-1)),
                        "ApprovalProto.decision: -1 is not a known value (0..2)"),
                Arguments.of(infrastructureExecutions(), InfrastructureExecutionProto.newBuilder()
                        .addTransformations(TransformationProto.newBuilder().setStatusValue(5)),
                        "TransformationProto.status: 5 is not a known value (0..4)"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("unknownEnumNumbers")
    void rejectsAnUnknownEnumNumberNamingTheField(List<MessageCodec<?>> codecs, Message.Builder message, String what)
            throws Exception {
        assertRejected(codecs, message.build(), what);
    }

    @Test
    void rejectsABookLevelAbove255() throws Exception {
        assertRejected(marketData(),
                MarketDataProto.newBuilder().addEntries(BookEntryProto.newBuilder().setLevel(256)).build(),
                "BookEntryProto.level");
    }

    @Test
    void rejectsANonFinitePrice() throws Exception {
        assertRejected(orders(), OrderProto.newBuilder().setPrice(Double.NaN).build(),
                "OrderProto.price");
    }

    @Test
    void rejectsATimestampBeyondTheNanosecondRangeOfALong() throws Exception {
        // 9999-12-31, a valid Timestamp, but past 2262, the last instant a long of epoch nanoseconds holds
        assertRejected(infrastructureExecutions(), InfrastructureExecutionProto.newBuilder()
                .setStartedAt(Timestamp.newBuilder().setSeconds(253_402_300_799L)).build(),
                "InfrastructureExecutionProto.started_at");
    }

    // Binary only below: JsonFormat prints no Timestamp outside its range, and JSON has no end-group tag.

    @Test
    void rejectsATimestampWithNanosOutsideASecond() {
        byte[] bytes = InfrastructureExecutionProto.newBuilder()
                .addApprovals(ApprovalProto.newBuilder().setDecidedAt(Timestamp.newBuilder().setNanos(-1)))
                .build().toByteArray();
        assertRejected(ProtobufCodec.infrastructureExecution(BinaryWire::new), bytes,
                "ApprovalProto.decided_at");
    }

    @Test
    void rejectsAStrayEndGroupTagInsteadOfDroppingTheBytesAfterIt() {
        byte[] head = OrderProto.newBuilder().setClOrdId("A").build().toByteArray();
        byte[] tail = OrderProto.newBuilder().setAccount("B").build().toByteArray();
        byte[] bytes = new byte[head.length + 1 + tail.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        bytes[head.length] = 0x0C; // field 1, wire type 4: END_GROUP
        System.arraycopy(tail, 0, bytes, head.length + 1, tail.length);
        assertRejected(ProtobufCodec.order(BinaryWire::new), bytes, "end-group");
    }

    // the binary and both JSON codecs of each message: these checks are the mapping's, shared by all

    private static List<MessageCodec<?>> orders() {
        return List.of(ProtobufCodec.order(BinaryWire::new), ProtobufCodec.order(JsonWire::plain),
                ProtobufCodec.order(JsonWire::guarded));
    }

    private static List<MessageCodec<?>> marketData() {
        return List.of(ProtobufCodec.marketData(BinaryWire::new), ProtobufCodec.marketData(JsonWire::plain),
                ProtobufCodec.marketData(JsonWire::guarded));
    }

    private static List<MessageCodec<?>> infrastructureExecutions() {
        return List.of(ProtobufCodec.infrastructureExecution(BinaryWire::new),
                ProtobufCodec.infrastructureExecution(JsonWire::plain),
                ProtobufCodec.infrastructureExecution(JsonWire::guarded));
    }

    /** Each codec rejects {@code message} in its format, naming {@code field}. */
    private static void assertRejected(List<MessageCodec<?>> codecs, Message message, String field) throws Exception {
        for (MessageCodec<?> codec : codecs) {
            byte[] bytes = codec.format().startsWith(JsonWire.FORMAT)
                    ? JsonFormat.printer().print(message).getBytes(StandardCharsets.UTF_8)
                    : message.toByteArray();
            assertRejected(codec, bytes, field);
        }
    }

    /** Decode and traverse, from heap and direct buffers at an offset, throw a CodecException saying {@code what}. */
    static void assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        int offset = 7;
        int capacity = offset + bytes.length;
        for (ByteBuffer src : List.of(ByteBuffer.allocate(capacity), ByteBuffer.allocateDirect(capacity))) {
            src.position(offset);
            src.put(bytes).position(offset);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
            assertTrue(decode.getMessage().startsWith(codec.name() + ": malformed input: ")
                    && decode.getMessage().contains(what), "decode: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
            assertTrue(traverse.getMessage().contains(what), "traverse: " + traverse.getMessage());
            assertEquals(offset, src.position());
        }
    }
}
