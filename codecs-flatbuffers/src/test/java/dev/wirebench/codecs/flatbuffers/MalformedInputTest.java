package dev.wirebench.codecs.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.flatbuffers.generated.ApprovalFb;
import dev.wirebench.codecs.flatbuffers.generated.BookEntryFb;
import dev.wirebench.codecs.flatbuffers.generated.InfrastructureExecutionFb;
import dev.wirebench.codecs.flatbuffers.generated.MarketDataFb;
import dev.wirebench.codecs.flatbuffers.generated.OrderFb;
import dev.wirebench.codecs.flatbuffers.generated.StringEntryFb;
import dev.wirebench.codecs.flatbuffers.generated.TransformationFb;
import dev.wirebench.codecs.flatbuffers.generated.UserFb;
import dev.wirebench.codecs.flatbuffers.generated.UserInfoFb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes that the generated accessors read without complaint (flatbuffers-java has no verifier) but
 * that are no valid message: decode and traverse must both reject them with a CodecException that
 * says what is wrong, from heap and direct buffers. The plain codecs make every check here but the
 * two that exist for hostile input only, which the {@code flatbuffers+guarded} codecs add: the read
 * budget and traverse's UTF-8 check.
 */
class MalformedInputTest {

    static Stream<Arguments> unknownEnumValues() {
        return Stream.of(
                Arguments.of(new FlatBuffersOrderCodec(), order(b -> OrderFb.addSide(b, 2)), "OrderFb.side: 2"),
                Arguments.of(new FlatBuffersOrderCodec(), order(b -> OrderFb.addOrdType(b, 4)), "OrderFb.ord_type: 4"),
                Arguments.of(new FlatBuffersOrderCodec(), order(b -> OrderFb.addTimeInForce(b, 255)),
                        "OrderFb.time_in_force: 255"),
                Arguments.of(new FlatBuffersMarketDataCodec(), bookEntry(0, 4), "BookEntryFb.entry_type: 4"),
                Arguments.of(new FlatBuffersMarketDataCodec(), bookEntry(2, 0), "BookEntryFb.side: 2"),
                Arguments.of(new FlatBuffersInfrastructureExecutionCodec(), execution(6, 0),
                        "InfrastructureExecutionFb.status: 6"),
                Arguments.of(new FlatBuffersInfrastructureExecutionCodec(), execution(0, 4),
                        "InfrastructureExecutionFb.trigger: 4"),
                Arguments.of(new FlatBuffersInfrastructureExecutionCodec(), withApprovals(1, b -> ApprovalFb.createApprovalFb(
                        b, userInfo(b), 3, 0L, b.createString(""))), "ApprovalFb.decision: 3"),
                Arguments.of(new FlatBuffersInfrastructureExecutionCodec(), withTransformations(1, b -> TransformationFb
                        .createTransformationFb(b, b.createString("t"), 5, 0L, 0L, 0)), "TransformationFb.status: 5"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("unknownEnumValues")
    void rejectsAnEnumValueTheRecordDoesNotHave(MessageCodec<?> codec, byte[] bytes, String what) {
        assertRejected(codec, bytes, what + " is not a known value");
    }

    @Test
    void rejectsAMissingPriceWhichReadsAsTheNaNDefault() {
        byte[] bytes = order(false, b -> { });
        assertRejected(new FlatBuffersOrderCodec(), bytes, "OrderFb.price NaN is not finite (or is missing)");
    }

    @Test
    void rejectsAnInfinitePrice() {
        assertRejected(new FlatBuffersOrderCodec(), order(false, b -> OrderFb.addPrice(b, Double.NEGATIVE_INFINITY)),
                "OrderFb.price -Infinity is not finite");
    }

    @Test
    void rejectsAMissingRequiredString() {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int clOrdId = b.createString("c");
        int account = b.createString("a");
        OrderFb.startOrderFb(b);
        OrderFb.addClOrdId(b, clOrdId);
        OrderFb.addAccount(b, account);
        OrderFb.addPrice(b, 1.0);
        // endTable, not the generated endOrderFb, which would refuse the missing symbol
        OrderFb.finishOrderFbBuffer(b, b.endTable());
        assertRejected(new FlatBuffersOrderCodec(), b.sizedByteArray(), "OrderFb.symbol is missing");
    }

    @Test
    void rejectsAMissingApprover() {
        byte[] bytes = withApprovals(1, b -> {
            int comment = b.createString("c");
            ApprovalFb.startApprovalFb(b);
            ApprovalFb.addComment(b, comment);
            return b.endTable(); // not endApprovalFb, which would refuse the missing approver
        });
        assertRejected(new FlatBuffersInfrastructureExecutionCodec(), bytes, "ApprovalFb.approver is missing");
    }

    static Stream<Arguments> malformedUtf8() {
        return Stream.of(
                Arguments.of("an overlong NUL", new byte[] {'a', (byte) 0xC0, (byte) 0x80}),
                Arguments.of("a surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}),
                Arguments.of("a truncated sequence", new byte[] {'a', 'b', (byte) 0xE6, (byte) 0x97}),
                Arguments.of("a lone continuation byte after ASCII words", "ASCII words first!\u0080".getBytes(
                        StandardCharsets.ISO_8859_1)),
                Arguments.of("a code point past U+10FFFF", new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedUtf8")
    void rejectsAStringThatIsNotUtf8(String name, byte[] string) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int symbol = b.createString(ByteBuffer.wrap(string));
        int empty = b.createString("");
        OrderFb.finishOrderFbBuffer(b, OrderFb.createOrderFb(b, empty, empty, symbol, 0, 1L, 0, 1.0, 0, 1L));
        byte[] bytes = b.sizedByteArray();
        assertRejected(new FlatBuffersOrderCodec(true), bytes, "OrderFb.symbol is not valid UTF-8");
        // plain: decode is the library's Utf8Safe, which rejects; traverse hashes the bytes as they are
        FlatBuffersOrderCodec plain = new FlatBuffersOrderCodec();
        CodecException decode = assertThrows(CodecException.class, () -> plain.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertTrue(decode.getMessage().contains("OrderFb.symbol is not valid UTF-8"), decode.getMessage());
        plain.traverse(ByteBuffer.wrap(bytes), bytes.length);
    }

    @Test
    void rejectsAnotherMessageByItsFileIdentifier() {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 12);
        int n = new FlatBuffersUserCodec().encode(Samples.reference(MessageType.USER), buffer);
        assertRejected(new FlatBuffersOrderCodec(), Arrays.copyOf(buffer.array(), n),
                "file identifier 'WBUS' is not the one of OrderFb");
    }

    @Test
    void rejectsInputShorterThanTheHeader() {
        assertRejected(new FlatBuffersOrderCodec(), new byte[7], "7 bytes cannot hold the 8-byte FlatBuffers header");
    }

    @Test
    void rejectsAVectorLongerThanTheMessage() {
        byte[] bytes = bookEntry(0, 0);
        // the one entry's vector length is the int just before the struct, which starts with price 0x0102030405060708
        int price = indexOf(bytes, new byte[] {8, 7, 6, 5, 4, 3, 2, 1});
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(price - 4, 0x7FFF_FFFF);
        assertRejected(new FlatBuffersMarketDataCodec(), bytes,
                "MarketDataFb.entries claims 2147483647 elements of 24 bytes, more than the");
    }

    /**
     * The generated {@code symbol()} would decode this string from the bytes after the message on a
     * heap buffer (flatbuffers-java bounds it by the backing array, not the buffer): the codec stops at
     * the message's end.
     */
    @Test
    void neverReadsAStringPastTheEndOfTheMessageIntoTheCallersOtherBytes() {
        Order order = Samples.reference(MessageType.ORDER);
        FlatBuffersOrderCodec codec = new FlatBuffersOrderCodec();
        ByteBuffer scratch = ByteBuffer.allocate(1 << 12);
        int n = codec.encode(order, scratch);
        byte[] bytes = Arrays.copyOf(scratch.array(), n);
        // "AAPL" is preceded by its length, 4: claim enough to run 16 bytes past the message
        int symbol = indexOf(bytes, "AAPL".getBytes());
        int claimed = n - symbol + 16;
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(symbol - 4, claimed);
        for (ByteBuffer src : List.of(ByteBuffer.allocate(5 + n + 64), ByteBuffer.allocateDirect(5 + n + 64))) {
            src.position(5);
            src.put(bytes);
            while (src.hasRemaining()) {
                src.put((byte) 'x'); // the caller's next message, say
            }
            src.position(5);
            for (CodecException e : List.of(
                    assertThrows(CodecException.class, () -> codec.decode(src, n)),
                    assertThrows(CodecException.class, () -> codec.traverse(src, n)))) {
                assertTrue(e.getMessage().contains("OrderFb.symbol: a string of " + claimed + " bytes at byte " + symbol
                        + " runs past the end of the " + n + "-byte message"), e.getMessage());
            }
        }
    }

    /**
     * A FlatBuffer is a DAG: 4,000 vector elements pointing at one approval with a 1,000-byte comment
     * take 17 KB, but reading them as a tree would hash (and decode would allocate) 4 MB. Both stop.
     */
    @Test
    void stopsWhenSharedTablesWouldMakeReadingFarLargerThanTheMessage() {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int approval = ApprovalFb.createApprovalFb(b, userInfo(b), 0, 0L, b.createString("c".repeat(1_000)));
        b.startVector(4, 4_000, 4);
        for (int i = 0; i < 4_000; i++) {
            b.addOffset(approval);
        }
        int approvals = b.endVector();
        byte[] bytes = finishExecution(b, 0, 0, approvals, 0, 0);
        assertTrue(bytes.length < 20_000, bytes.length + " bytes");
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertRejected(
                new FlatBuffersInfrastructureExecutionCodec(true), bytes, "reading it touches more than 16 times its"));
        // plain: no budget, so the 17 KB become 4,000 approvals (4 MB of comments). Twice nested
        // (transformations sharing a table whose outputs share one string) the same trick grows with
        // the cube of the message's size: why the plain codecs do not claim the hostile-input tier
        InfrastructureExecution read = new FlatBuffersInfrastructureExecutionCodec().decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals(4_000, read.approvals().size());
    }

    @Test
    void onlyTheGuardedCodecsClaimTheHostileInputTier() {
        for (MessageCodec<?> codec : new FlatBuffersCodecProvider().codecs()) {
            Conformance expected = codec.format().equals("flatbuffers+guarded") ? Conformance.HOSTILE_INPUT
                    : Conformance.MEASUREMENT;
            assertEquals(expected, codec.conformance(), codec.name());
        }
    }

    @Test
    void decodeRejectsARepeatedMapKey() {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int first = StringEntryFb.createStringEntryFb(b, b.createString("k"), b.createString("v1"));
        int second = StringEntryFb.createStringEntryFb(b, b.createString("k"), b.createString("v2"));
        int metadata = InfrastructureExecutionFb.createMetadataVector(b, new int[] {first, second});
        byte[] bytes = finishExecution(b, 0, 0, 0, 0, metadata);
        ByteBuffer src = ByteBuffer.wrap(bytes);
        CodecException e = assertThrows(CodecException.class,
                () -> new FlatBuffersInfrastructureExecutionCodec().decode(src, bytes.length));
        assertTrue(e.getMessage().endsWith("InfrastructureExecutionFb.metadata key 'k' is repeated"), e.getMessage());
    }

    @Test
    void readsAnAbsentVectorAsAnEmptyList() {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int name = b.createString("u");
        UserFb.finishUserFbBuffer(b, UserFb.createUserFb(b, 1L, name, name, 2, true, 3L, 0));
        byte[] bytes = b.sizedByteArray();
        FlatBuffersUserCodec codec = new FlatBuffersUserCodec();
        User user = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals(new User(1L, "u", "u", 2, true, 3L, List.of()), user);
        assertEquals(MessageType.USER.checksum(user), codec.traverse(ByteBuffer.wrap(bytes), bytes.length));
    }

    // ---- messages built with the generated API --------------------------------------------------

    /** An order with all strings, a price unless {@code fields} has one, and {@code fields} added. */
    private static byte[] order(Consumer<FlatBufferBuilder> fields) {
        return order(true, fields);
    }

    private static byte[] order(boolean price, Consumer<FlatBufferBuilder> fields) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int s = b.createString("s");
        OrderFb.startOrderFb(b);
        OrderFb.addClOrdId(b, s);
        OrderFb.addAccount(b, s);
        OrderFb.addSymbol(b, s);
        if (price) {
            OrderFb.addPrice(b, 1.5);
        }
        fields.accept(b);
        OrderFb.finishOrderFbBuffer(b, OrderFb.endOrderFb(b));
        return b.sizedByteArray();
    }

    /** Market data with one book entry: price 0x0102030405060708, the given raw side and entry type. */
    private static byte[] bookEntry(int side, int entryType) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int symbol = b.createString("ES");
        MarketDataFb.startEntriesVector(b, 1);
        BookEntryFb.createBookEntryFb(b, 0x0102030405060708L, 1L, side, 1, entryType);
        int entries = b.endVector();
        MarketDataFb.finishMarketDataFbBuffer(b, MarketDataFb.createMarketDataFb(b, 1L, symbol, 2L, 3L, entries));
        return b.sizedByteArray();
    }

    private static byte[] execution(int status, int trigger) {
        return finishExecution(new FlatBufferBuilder(), status, trigger, 0, 0, 0);
    }

    /** An execution with {@code count} approvals, each built by {@code approval}. */
    private static byte[] withApprovals(int count, ToIntFunction<FlatBufferBuilder> approval) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int vector = vectorOf(b, approval, count);
        return finishExecution(b, 0, 0, vector, 0, 0);
    }

    /** An execution with {@code count} transformations, each built by {@code transformation}. */
    private static byte[] withTransformations(int count, ToIntFunction<FlatBufferBuilder> transformation) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int vector = vectorOf(b, transformation, count);
        return finishExecution(b, 0, 0, 0, vector, 0);
    }

    private static int vectorOf(FlatBufferBuilder b, ToIntFunction<FlatBufferBuilder> element, int count) {
        int[] offsets = new int[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = element.applyAsInt(b);
        }
        b.startVector(4, count, 4);
        for (int i = count - 1; i >= 0; i--) {
            b.addOffset(offsets[i]);
        }
        return b.endVector();
    }

    private static byte[] finishExecution(FlatBufferBuilder b, int status, int trigger, int approvals,
                                          int transformations, int metadata) {
        int s = b.createString("x");
        InfrastructureExecutionFb.finishInfrastructureExecutionFbBuffer(b, InfrastructureExecutionFb
                .createInfrastructureExecutionFb(b, s, s, s, status, trigger, 1L, 2L, 3L, 0, approvals,
                        transformations, metadata, 0, false, false, false, s));
        return b.sizedByteArray();
    }

    private static int userInfo(FlatBufferBuilder b) {
        int s = b.createString("u");
        return UserInfoFb.createUserInfoFb(b, s, s, s, s);
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    /** Decode and traverse, from heap and direct buffers at an offset, throw a CodecException saying {@code what}. */
    static void assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        int offset = 5;
        int capacity = offset + bytes.length;
        for (ByteBuffer src : List.of(ByteBuffer.allocate(capacity), ByteBuffer.allocateDirect(capacity))) {
            src.position(offset);
            src.put(bytes).position(offset);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
            assertTrue(decode.getMessage().contains(what), "decode: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
            assertTrue(traverse.getMessage().contains(what), "traverse: " + traverse.getMessage());
            assertEquals(offset, src.position());
        }
    }
}
