package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
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
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.capnp.generated.UserSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.wirebench.codecs.capnp.WireBytes.assertEveryFramingRejects;
import static dev.wirebench.codecs.capnp.WireBytes.assertHostileInputFramingsReject;
import static dev.wirebench.codecs.capnp.WireBytes.indexOf;
import static dev.wirebench.codecs.capnp.WireBytes.onlyDifference;
import static dev.wirebench.codecs.capnp.WireBytes.standard;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Bytes that capnp reads happily but that no canonical record can hold, and pointer tricks the
 * runtime's limits must stop: decode and traverse, in every framing (the aliasing that the
 * traversal limit stops: in the two that claim hostile input), reject them with a CodecException
 * naming the field or the fault.
 */
class CapnpMalformedInputTest {

    private static Order order(Side side, TimeInForce timeInForce, String symbol, double price) {
        return new Order("ORD-1", "ACC-7", symbol, side, 100, OrdType.LIMIT, price, timeInForce, 1L);
    }

    private static InfrastructureExecution execution(ExecutionStatus status, ApprovalDecision decision,
                                                     TransformationStatus stepStatus, Map<String, String> metadata) {
        return new InfrastructureExecution("x", "p", "q", status, TriggerType.API, 1L, 2L, 3L, List.of("i-1"),
                List.of(new Approval(new UserInfo("u", "U", "u@x", "t"), decision, 4L, "ok")),
                List.of(new Transformation("plan", stepStatus, 5L, 6L, List.of())), metadata, Map.of(),
                false, true, false, "");
    }

    static Stream<Arguments> enumFields() {
        Map<String, String> none = Map.of();
        return Stream.of(
                Arguments.of(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "S", 1.0),
                        order(Side.SELL, TimeInForce.DAY, "S", 1.0),
                        "Order.side: _NOT_IN_SCHEMA is not a known value (0..1)"),
                Arguments.of(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "S", 1.0),
                        order(Side.BUY, TimeInForce.FILL_OR_KILL, "S", 1.0),
                        "Order.timeInForce: _NOT_IN_SCHEMA is not a known value (0..4)"),
                Arguments.of(MessageType.MARKET_DATA,
                        new MarketData(1, "S", 2, 3, List.of(new BookEntry(1, 2, Side.BUY, 3, EntryType.NEW))),
                        new MarketData(1, "S", 2, 3, List.of(new BookEntry(1, 2, Side.BUY, 3, EntryType.TRADE))),
                        "BookEntry.entryType: _NOT_IN_SCHEMA is not a known value (0..3)"),
                Arguments.of(MessageType.INFRA_EXECUTION,
                        execution(ExecutionStatus.RUNNING, ApprovalDecision.APPROVED, TransformationStatus.DONE, none),
                        execution(ExecutionStatus.FAILED, ApprovalDecision.APPROVED, TransformationStatus.DONE, none),
                        "InfrastructureExecution.status: _NOT_IN_SCHEMA is not a known value (0..5)"),
                Arguments.of(MessageType.INFRA_EXECUTION,
                        execution(ExecutionStatus.RUNNING, ApprovalDecision.APPROVED, TransformationStatus.DONE, none),
                        execution(ExecutionStatus.RUNNING, ApprovalDecision.REJECTED, TransformationStatus.DONE, none),
                        "Approval.decision: _NOT_IN_SCHEMA is not a known value (0..2)"),
                Arguments.of(MessageType.INFRA_EXECUTION,
                        execution(ExecutionStatus.RUNNING, ApprovalDecision.APPROVED, TransformationStatus.DONE, none),
                        execution(ExecutionStatus.RUNNING, ApprovalDecision.APPROVED, TransformationStatus.SKIPPED, none),
                        "Transformation.status: _NOT_IN_SCHEMA is not a known value (0..4)"));
    }

    /** The field is found as the one byte two encodings differ in, then set to a number the schema lacks. */
    @ParameterizedTest(name = "{3}")
    @MethodSource("enumFields")
    <T> void rejectsAnEnumerantNotInTheSchemaNamingTheField(MessageType<T> type, T one, T other, String what) {
        byte[] bytes = standard(type, one);
        int at = onlyDifference(bytes, standard(type, other));
        bytes[at] = 0x37; // the low byte of a UInt16 enum field
        // capnpc-java's getter turns the unknown number into _NOT_IN_SCHEMA, keeping no number to report
        assertEveryFramingRejects(type, bytes, what);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonFinite")
    void rejectsANonFinitePrice(String name, long bits) {
        double marker = Double.longBitsToDouble(0x4011121314151617L);
        byte[] bytes = standard(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "S", marker));
        int at = indexOf(bytes, HexFormat.of().parseHex("1716151413121140"));
        WireBytes.putWord(bytes, at, bits);
        assertEveryFramingRejects(MessageType.ORDER, bytes, "Order.price");
    }

    static Stream<Arguments> nonFinite() {
        return Stream.of(Arguments.of("NaN", 0x7FF8000000000000L), Arguments.of("+Infinity", 0x7FF0000000000000L),
                Arguments.of("-Infinity", 0xFFF0000000000000L), Arguments.of("NaN with payload", 0x7FF0000000000001L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void rejectsTextThatIsNotUtf8InDecodeAndTraverseAlike(String name, String hex) {
        byte[] bytes = standard(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "SYMBOL-ABCD", 1.0));
        byte[] bad = HexFormat.of().parseHex(hex);
        int end = indexOf(bytes, "SYMBOL-ABCD".getBytes(StandardCharsets.US_ASCII)) + "SYMBOL-ABCD".length();
        System.arraycopy(bad, 0, bytes, end - bad.length, bad.length);
        assertEveryFramingRejects(MessageType.ORDER, bytes, "Order.symbol: not valid UTF-8");
    }

    static Stream<Arguments> invalidUtf8() {
        return Stream.of(
                Arguments.of("overlong NUL", "c080"),
                Arguments.of("overlong 3-byte", "e08080"),
                Arguments.of("UTF-16 surrogate", "eda080"),
                Arguments.of("past U+10FFFF", "f4908080"),
                Arguments.of("lone continuation byte", "80"),
                Arguments.of("sequence cut by the end of the text", "e381"),
                Arguments.of("byte 0xFF", "ff"));
    }

    @Test
    void acceptsAFourByteCharacterWrittenInPlaceOfFourAsciiBytes() {
        byte[] bytes = standard(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "SYMBOL-ABCD", 1.0));
        int end = indexOf(bytes, "SYMBOL-ABCD".getBytes(StandardCharsets.US_ASCII)) + "SYMBOL-ABCD".length();
        System.arraycopy(HexFormat.of().parseHex("f09f9a80"), 0, bytes, end - 4, 4);
        Order decoded = WireBytes.codec(Framing.STANDARD, MessageType.ORDER).decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals("SYMBOL-\uD83D\uDE80", decoded.symbol());
        assertEquals(MessageType.ORDER.checksum(decoded),
                WireBytes.codec(Framing.PACKED, MessageType.ORDER).traverse(ByteBuffer.wrap(WireBytes.pack(bytes)),
                        WireBytes.pack(bytes).length));
    }

    @Test
    void rejectsTextWithoutItsNulTerminator() {
        byte[] bytes = standard(MessageType.ORDER, order(Side.BUY, TimeInForce.DAY, "SYMBOL-ABCD", 1.0));
        int nul = indexOf(bytes, "SYMBOL-ABCD".getBytes(StandardCharsets.US_ASCII)) + "SYMBOL-ABCD".length();
        bytes[nul] = 'x';
        assertEveryFramingRejects(MessageType.ORDER, bytes, "NUL-terminated");
    }

    @Test
    void decodeRejectsAMapKeyThatComesTwiceWhichTraverseCannotSeeWithoutAllocating() {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("k1", "a");
        metadata.put("k2", "b");
        byte[] bytes = standard(MessageType.INFRA_EXECUTION,
                execution(ExecutionStatus.RUNNING, ApprovalDecision.APPROVED, TransformationStatus.DONE, metadata));
        bytes[indexOf(bytes, "k2".getBytes(StandardCharsets.US_ASCII)) + 1] = '1';
        for (Framing framing : Framing.values()) {
            byte[] framed = framing == Framing.STANDARD ? bytes : WireBytes.pack(bytes);
            MessageCodec<InfrastructureExecution> codec = WireBytes.codec(framing, MessageType.INFRA_EXECUTION);
            CodecException e = assertThrows(CodecException.class,
                    () -> codec.decode(ByteBuffer.wrap(framed), framed.length));
            assertEquals(codec.name() + ": malformed input: InfrastructureExecution.metadata: key 'k1' appears twice",
                    e.getMessage());
            codec.traverse(ByteBuffer.wrap(framed), framed.length); // documented: no exception
        }
    }

    /**
     * Three role pointers aimed at the username's text make the message read four times the words
     * of that text, more than the message holds: the traversal limit (the message's own size) must
     * stop it, as it would stop a message whose pointers alias to multiply the work a millionfold.
     */
    @Test
    void traversalLimitOfTheMessageSizeStopsPointersThatAliasOneObject() {
        User user = new User(1, "u".repeat(400), "e", 30, true, 2, List.of("a", "b", "c"));
        byte[] bytes = standard(MessageType.USER, user);
        int pointers = 2 + UserSchema.User.STRUCT_SIZE.data; // word index in the message: table, root pointer, data
        int username = pointers;
        int roles = pointers + 2;
        long usernamePointer = WireBytes.word(bytes, 8 * username);
        int usernameText = username + 1 + ((int) usernamePointer >> 2); // list pointer: offset in bits 2..31
        long rolesPointer = WireBytes.word(bytes, 8 * roles);
        int rolesList = roles + 1 + ((int) rolesPointer >> 2);
        for (int i = 0; i < 3; i++) {
            int at = rolesList + i;
            long offset = usernameText - (at + 1);
            WireBytes.putWord(bytes, 8 * at, (usernamePointer & 0xFFFFFFFF00000000L) | (offset << 2 & 0xFFFFFFFFL) | 1);
        }
        assertHostileInputFramingsReject(MessageType.USER, bytes, "Read limit exceeded");
    }
}
