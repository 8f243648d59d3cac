package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.quickbuf.generated.ApprovalProto;
import dev.wirebench.codecs.quickbuf.generated.BookEntryProto;
import dev.wirebench.codecs.quickbuf.generated.InfrastructureExecutionProto;
import dev.wirebench.codecs.quickbuf.generated.MarketDataProto;
import dev.wirebench.codecs.quickbuf.generated.OrderProto;
import dev.wirebench.codecs.quickbuf.generated.TransformationProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import us.hebi.quickbuf.JsonSink;
import us.hebi.quickbuf.ProtoMessage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages that QuickBuffers parses but that no canonical message can hold: decode and traverse of
 * both formats reject them with a CodecException naming the field, as codecs-protobuf does for the
 * same messages. The messages are built with the generated classes, whose setters check nothing,
 * and written by QuickBuffers itself.
 */
class MalformedInputTest {

    static Stream<Arguments> unknownEnumNumbers() {
        return Stream.of(
                Arguments.of(orders(), OrderProto.newInstance().setSideValue(7),
                        "OrderProto.side: 7 is not a known value (0..1)", "'side'"),
                Arguments.of(orders(), OrderProto.newInstance().setTimeInForceValue(5),
                        "OrderProto.time_in_force: 5 is not a known value (0..4)", "'timeInForce'"),
                Arguments.of(marketData(), entries(BookEntryProto.newInstance().setEntryTypeValue(9)),
                        "BookEntryProto.entry_type: 9 is not a known value (0..3)", "'entryType'"),
                Arguments.of(infrastructureExecutions(), InfrastructureExecutionProto.newInstance().setStatusValue(42),
                        "InfrastructureExecutionProto.status: 42 is not a known value (0..5)", "'status'"),
                Arguments.of(infrastructureExecutions(), approvals(ApprovalProto.newInstance().setDecisionValue(-1)),
                        "ApprovalProto.decision: -1 is not a known value (0..2)", "'decision'"),
                Arguments.of(infrastructureExecutions(), transformations(TransformationProto.newInstance().setStatusValue(5)),
                        "TransformationProto.status: 5 is not a known value (0..4)", "'status'"));
    }

    /**
     * QuickBuffers' enums are closed: binary, the number goes to the unknown fields, where the mapping
     * finds it; JSON, the parser refuses it ({@code Encountered unknown enum value on field: 'side'}).
     */
    @ParameterizedTest(name = "{2}")
    @MethodSource("unknownEnumNumbers")
    void rejectsAnUnknownEnumNumberNamingTheField(List<MessageCodec<?>> codecs, ProtoMessage<?> message, String binary,
                                                  String json) throws IOException {
        assertRejected(codecs.get(0), message.toByteArray(), binary);
        assertRejected(codecs.get(1), json(message), "unknown enum value on field: " + json);
    }

    @Test
    void rejectsABookLevelAbove255() throws IOException {
        assertRejectedByBoth(marketData(), entries(BookEntryProto.newInstance().setLevel(256)), "BookEntryProto.level");
    }

    @Test
    void rejectsANonFinitePrice() throws IOException {
        // JSON: "NaN", the string protobuf JSON writes for it
        assertRejectedByBoth(orders(), OrderProto.newInstance().setPrice(Double.NaN), "OrderProto.price");
    }

    @Test
    void rejectsATimestampBeyondTheNanosecondRangeOfALong() throws IOException {
        // 9999-12-31, a valid Timestamp, but past 2262, the last instant a long of epoch nanoseconds holds
        InfrastructureExecutionProto message = InfrastructureExecutionProto.newInstance();
        message.getMutableStartedAt().setSeconds(253_402_300_799L);
        assertRejectedByBoth(infrastructureExecutions(), message, "InfrastructureExecutionProto.started_at");
    }

    @Test
    void rejectsATimestampWithNanosOutsideASecond() throws IOException {
        ApprovalProto approval = ApprovalProto.newInstance();
        approval.getMutableDecidedAt().setNanos(-1);
        assertRejectedByBoth(infrastructureExecutions(), approvals(approval), "ApprovalProto.decided_at");
    }

    @Test
    void rejectsAStrayEndGroupTagInsteadOfDroppingTheBytesAfterIt() {
        // clOrdId "A", END_GROUP of field 1, account "B": the generated mergeFrom stops at the end-group tag
        assertRejected(orders().get(0), HexFormat.of().parseHex("0a01410c120142"), "end-group");
    }

    @Test
    void skipsUnknownFieldsInBinaryAndRejectsThemInJson() {
        // side SELL, then field 99 (varint 5) and field 100 (a string): protobuf's forward compatibility
        byte[] bytes = HexFormat.of().parseHex("2001" + "980605" + "a20603" + "78797a");
        Order expected = new Order("", "", "", Side.SELL, 0, OrdType.MARKET, 0.0,
                TimeInForce.DAY, 0);
        MessageCodec<?> binary = orders().get(0);
        assertEquals(expected, binary.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertEquals(Checksum.of(expected), binary.traverse(ByteBuffer.wrap(bytes), bytes.length));
        // QuickBuffers' JsonSource refuses a key the schema lacks unless told to ignore them
        assertRejected(orders().get(1), "{\"side\":\"SIDE_SELL\",\"venue\":\"XNAS\"}".getBytes(), "unknown field: 'venue'");
    }

    /**
     * A rejected read leaves the codec as it was: QuickBuffers' {@code clear()} does nothing to a message with
     * no has-bit set, so a book entry that held only an unknown enum number, or a string whose bytes were
     * cut off, would otherwise stay in the reused message and spoil the next read.
     */
    @Test
    void aRejectedReadDoesNotSpoilTheNext() {
        MessageCodec<?> marketData = marketData().get(0);
        byte[] unknownSide = entries(BookEntryProto.newInstance().setSideValue(7)).toByteArray();
        byte[] oneEmptyEntry = HexFormat.of().parseHex("2a00");
        MarketData emptyEntry = new MarketData(0, "", 0, 0, List.of(new BookEntry(0, 0, Side.BUY, 0, EntryType.NEW)));
        for (int round = 0; round < 2; round++) {
            assertRejected(marketData, unknownSide, "BookEntryProto.side");
            assertEquals(emptyEntry, marketData.decode(ByteBuffer.wrap(oneEmptyEntry), oneEmptyEntry.length));
            assertRejected(marketData, unknownSide, "BookEntryProto.side");
            assertEquals(Checksum.of(emptyEntry),
                    marketData.traverse(ByteBuffer.wrap(oneEmptyEntry), oneEmptyEntry.length));
        }
        MessageCodec<?> order = orders().get(0);
        // clOrdId of 5 bytes, 2 of them there
        byte[] cut = HexFormat.of().parseHex("0a054142");
        assertRejected(order, cut, "input ended unexpectedly");
        assertEquals(new Order("", "", "", Side.BUY, 0, OrdType.MARKET, 0.0,
                TimeInForce.DAY, 0), order.decode(ByteBuffer.allocate(0), 0));
    }

    /** QuickBuffers decodes strings as {@code new String(bytes, UTF_8)} does: invalid UTF-8 becomes U+FFFD (protobuf-java refuses it). */
    @Test
    void readsInvalidUtf8AsReplacementCharacters() {
        byte[] bytes = HexFormat.of().parseHex("0a02c328");
        Order decoded = (Order) orders().get(0).decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals("\uFFFD(", decoded.clOrdId());
    }

    // the binary and the JSON codec of each message: these checks are the mapping's, shared by both

    private static List<MessageCodec<?>> orders() {
        return List.of(QuickbufCodec.order(new BinaryWire()), QuickbufCodec.order(new JsonWire()));
    }

    private static List<MessageCodec<?>> marketData() {
        return List.of(QuickbufCodec.marketData(new BinaryWire()), QuickbufCodec.marketData(new JsonWire()));
    }

    private static List<MessageCodec<?>> infrastructureExecutions() {
        return List.of(QuickbufCodec.infrastructureExecution(new BinaryWire()),
                QuickbufCodec.infrastructureExecution(new JsonWire()));
    }

    private static MarketDataProto entries(BookEntryProto entry) {
        MarketDataProto message = MarketDataProto.newInstance();
        message.getMutableEntries().next().copyFrom(entry);
        return message;
    }

    private static InfrastructureExecutionProto approvals(ApprovalProto approval) {
        InfrastructureExecutionProto message = InfrastructureExecutionProto.newInstance();
        message.getMutableApprovals().next().copyFrom(approval);
        return message;
    }

    private static InfrastructureExecutionProto transformations(TransformationProto transformation) {
        InfrastructureExecutionProto message = InfrastructureExecutionProto.newInstance();
        message.getMutableTransformations().next().copyFrom(transformation);
        return message;
    }

    private static byte[] json(ProtoMessage<?> message) throws IOException {
        return JsonSink.newInstance().writeMessage(message).getBytes().toArray();
    }

    private static void assertRejectedByBoth(List<MessageCodec<?>> codecs, ProtoMessage<?> message, String what)
            throws IOException {
        assertRejected(codecs.get(0), message.toByteArray(), what);
        assertRejected(codecs.get(1), json(message), what);
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
