package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Bytes that are well-formed enough to parse but hold what no record can, or that end early or
 * late, are rejected by decode and traverse alike, from heap and direct buffers, naming the field.
 */
class RawMalformedInputTest {

    // small messages whose offsets follow from the README's layout tables
    private static final Order ORDER =
            new Order("A", "", "é", Side.SELL, 5L, OrdType.LIMIT, 1.5, TimeInForce.IMMEDIATE_OR_CANCEL, 7L);
    private static final int ORDER_CL_ORD_ID = 1;
    private static final int ORDER_SIDE = 16;
    private static final int ORDER_ORD_TYPE = 25;
    private static final int ORDER_PRICE = 26;
    private static final int ORDER_TIME_IN_FORCE = 34;

    private static final MarketData MARKET_DATA =
            new MarketData(1L, "ES", 2L, 3L, List.of(new BookEntry(4L, 5L, Side.SELL, 255, EntryType.TRADE)));
    private static final int MARKET_DATA_COUNT = 31;
    private static final int MARKET_DATA_SIDE = 51;
    private static final int MARKET_DATA_ENTRY_TYPE = 53;

    private static final User USER = new User(9L, "u", "", 30, true, 10L, List.of("a", "bc"));
    private static final int USER_ACTIVE = 22;
    private static final int USER_ROLES = 31;

    private final RawOrderCodec orders = new RawOrderCodec();
    private final RawMarketDataCodec marketData = new RawMarketDataCodec();
    private final RawUserCodec users = new RawUserCodec();
    private final RawInfrastructureExecutionCodec executions = new RawInfrastructureExecutionCodec();

    @Test
    void rejectsAnotherMessagesBytes() {
        assertRejected(orders, encode(users, USER), "message id 2, expected 3 (order)");
    }

    @Test
    void rejectsEmptyInput() {
        assertRejected(orders, new byte[0], "no bytes: a message starts with its 1-byte message id");
    }

    @Test
    void rejectsTrailingBytes() {
        byte[] bytes = Arrays.copyOf(encode(orders, ORDER), 44);
        assertRejected(orders, bytes, "trailing bytes: 1 after the end of the message");
    }

    @Test
    void saysWhichFieldRunsPastTheEnd() {
        assertRejected(orders, Arrays.copyOf(encode(orders, ORDER), 20), "orderQty: needs 8 bytes, 3 left");
        assertRejected(orders, Arrays.copyOf(encode(orders, ORDER), 3), "clOrdId: needs 4 bytes, 2 left");
    }

    @Test
    void rejectsUnknownEnumValues() {
        assertRejected(orders, with(encode(orders, ORDER), ORDER_SIDE, 2), "side: 2 is not a known value (0..1)");
        assertRejected(orders, with(encode(orders, ORDER), ORDER_ORD_TYPE, 4), "ordType: 4 is not a known value (0..3)");
        assertRejected(orders, with(encode(orders, ORDER), ORDER_TIME_IN_FORCE, 0xFF),
                "timeInForce: 255 is not a known value (0..4)");
        assertRejected(marketData, with(encode(marketData, MARKET_DATA), MARKET_DATA_SIDE, 2),
                "side: 2 is not a known value (0..1)");
        assertRejected(marketData, with(encode(marketData, MARKET_DATA), MARKET_DATA_ENTRY_TYPE, 4),
                "entryType: 4 is not a known value (0..3)");
        byte[] execution = encode(executions, execution(Map.of()));
        int status = 16; // after the id byte and three 1-char strings
        assertRejected(executions, with(execution.clone(), status, 6), "status: 6 is not a known value (0..5)");
        assertRejected(executions, with(execution.clone(), status + 1, 4), "trigger: 4 is not a known value (0..3)");
    }

    @Test
    void rejectsBooleansOtherThanZeroAndOne() {
        assertRejected(users, with(encode(users, USER), USER_ACTIVE, 2), "active: 2 is not a boolean (0 or 1)");
        byte[] execution = encode(executions, execution(Map.of()));
        int dryRun = execution.length - 3 - 4; // three booleans, then an empty errorMessage
        assertRejected(executions, with(execution, dryRun, 0x80), "dryRun: 128 is not a boolean (0 or 1)");
    }

    @Test
    void rejectsPricesThatAreNotFinite() {
        for (double price : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            byte[] bytes = encode(orders, ORDER);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putDouble(ORDER_PRICE, price);
            assertRejected(orders, bytes, "price: " + price + " is not finite");
        }
    }

    @Test
    void rejectsStringLengthsOutsideTheInput() {
        assertRejected(orders, withInt(encode(orders, ORDER), ORDER_CL_ORD_ID, 1000),
                "clOrdId: a string of 1000 bytes does not fit in the 38 bytes left");
        assertRejected(orders, withInt(encode(orders, ORDER), ORDER_CL_ORD_ID, -1),
                "clOrdId: a string of -1 bytes does not fit in the 38 bytes left");
    }

    @Test
    void rejectsCountsTheInputCannotHoldBeforeAllocating() {
        assertRejected(marketData, withInt(encode(marketData, MARKET_DATA), MARKET_DATA_COUNT, Integer.MAX_VALUE),
                "entries: 2147483647 entries of at least 19 bytes do not fit in the 19 bytes left");
        assertRejected(marketData, withInt(encode(marketData, MARKET_DATA), MARKET_DATA_COUNT, -1),
                "entries: -1 entries of at least 19 bytes do not fit in the 19 bytes left");
        assertRejected(users, withInt(encode(users, USER), USER_ROLES, 4),
                "roles: 4 entries of at least 4 bytes do not fit in the 11 bytes left");
    }

    @Test
    void decodeRejectsARepeatedMapKey() {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("ka", "v");
        metadata.put("kb", "w");
        byte[] bytes = encode(executions, execution(metadata));
        int kb = indexOf(bytes, new byte[] {2, 0, 0, 0, 'k', 'b'});
        bytes[kb + 5] = 'a';
        CodecException e = assertThrows(CodecException.class,
                () -> executions.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertTrue(e.getMessage().endsWith("metadata repeats the key 'ka'"), e.getMessage());
        // traverse would need a set of the keys to notice: it hashes what is there
        executions.traverse(ByteBuffer.wrap(bytes), bytes.length);
    }

    /**
     * Every proper prefix of a message is invalid, and must be rejected by the check guarding the
     * first field it cuts: not by a bounds error of the buffer (a read past the end of an exact-size
     * buffer), nor by the end check (a read past {@code length} into the rest of the message).
     */
    @Test
    void readsNothingPastTheLengthItIsGiven() {
        for (MessageCodec<?> codec : new RawCodecProvider().codecs()) {
            assertPrefixesRejected(codec);
        }
    }

    /**
     * As SBE's codecs: decode lets {@code new String} replace invalid UTF-8 with U+FFFD, traverse
     * hashes the bytes as they are; checking them would cost raw more work than SBE does.
     */
    @Test
    void decodesInvalidUtf8AsReplacementCharactersLikeSbe() {
        byte[] bytes = encode(orders, ORDER);
        int symbol = 10 + 4; // the two bytes of "é"
        bytes[symbol] = (byte) 0xFF;
        for (ByteBuffer buffer : List.of(ByteBuffer.wrap(bytes), direct(bytes))) {
            assertEquals("\uFFFD\uFFFD", orders.decode(buffer, bytes.length).symbol());
            orders.traverse(buffer, bytes.length);
        }
    }

    @Test
    void writesAnUnpairedSurrogateAsAQuestionMarkIntoHeapAndDirectBuffers() {
        Order order = new Order("x\uD800y", "\uDC00", "ok\uD83D", Side.BUY, 1L, OrdType.MARKET, 0.0, TimeInForce.DAY, 0L);
        byte[] heap = encode(orders, order);
        ByteBuffer direct = ByteBuffer.allocateDirect(256);
        byte[] fromDirect = new byte[orders.encode(order, direct)];
        direct.get(0, fromDirect);
        assertArrayEquals(heap, fromDirect);
        Order decoded = orders.decode(ByteBuffer.wrap(heap), heap.length);
        assertEquals(List.of("x?y", "?", "ok?"), List.of(decoded.clOrdId(), decoded.account(), decoded.symbol()));
    }

    private static <T> void assertPrefixesRejected(MessageCodec<T> codec) {
        for (Sample<T> sample : Samples.fixtures(codec.messageType())) {
            byte[] whole = encode(codec, sample.message());
            for (int length = 0; length < whole.length; length++) {
                byte[] prefix = Arrays.copyOf(whole, length);
                String what = codec.name() + " " + sample.name() + " cut to " + length + " of " + whole.length;
                for (ByteBuffer buffer : List.of(ByteBuffer.wrap(whole), direct(whole), ByteBuffer.wrap(prefix),
                        direct(prefix))) {
                    int n = length;
                    assertRejectedByAFieldCheck(assertThrows(CodecException.class, () -> codec.decode(buffer, n)), what);
                    assertRejectedByAFieldCheck(assertThrows(CodecException.class, () -> codec.traverse(buffer, n)), what);
                }
            }
        }
    }

    private static void assertRejectedByAFieldCheck(CodecException e, String what) {
        assertNull(e.getCause(), what + ": rejected by a bounds error, not a field check: " + e.getMessage());
        assertFalse(e.getMessage().contains("trailing bytes"), what + ": read past its length: " + e.getMessage());
    }

    private static void assertRejected(MessageCodec<?> codec, byte[] bytes, String expected) {
        for (ByteBuffer buffer : List.of(ByteBuffer.wrap(bytes), direct(bytes))) {
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(buffer, bytes.length));
            assertEquals(codec.name() + ": malformed input: " + expected, decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(buffer, bytes.length));
            assertEquals(codec.name() + ": malformed input: " + expected, traverse.getMessage());
            assertEquals(0, buffer.position(), "a rejected message must leave the position where it was");
        }
    }

    private static InfrastructureExecution execution(Map<String, String> metadata) {
        return new InfrastructureExecution("e", "p", "q", ExecutionStatus.RUNNING, TriggerType.API, 1L, 2L, 3L,
                List.of(), List.of(), List.of(), metadata, Map.of(), false, false, false, "");
    }

    private static <T> byte[] encode(MessageCodec<T> codec, T message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        byte[] bytes = new byte[codec.encode(message, buffer)];
        buffer.get(0, bytes);
        return bytes;
    }

    private static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(0, bytes);
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        bytes[at] = (byte) value;
        return bytes;
    }

    private static byte[] withInt(byte[] bytes, int at, int value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        return bytes;
    }

    private static int indexOf(byte[] bytes, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return fail("pattern not found");
    }
}
