package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
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
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.colfer.generated.OrderColfer;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where Colfer needs help to carry the canonical records: -0.0 (a float64 of zero is not written),
 * every long and double edge, struct reuse between calls, and the in-place and scratch paths of the
 * buffer handling.
 */
class ColferEdgeValuesTest {

    private static final double[] DOUBLES = {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 187.25, -1e-300};
    private static final long[] LONGS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L, Long.MAX_VALUE,
        1_763_700_000_123_456_789L, -(1L << 56), 1L << 56};
    private static final byte SENTINEL = 0x5A;

    @Test
    void negativeZeroPriceTravelsAsAFlagInsteadOfTheAbsentFloat() {
        MessageCodec<Order> codec = codec(MessageType.ORDER);
        Order zero = order(0.0, 1L);
        Order negativeZero = order(-0.0, 1L);
        byte[] zeroBytes = encode(codec, zero);
        byte[] negativeZeroBytes = encode(codec, negativeZero);
        assertEquals(zeroBytes.length + 1, negativeZeroBytes.length, "the flag is one header byte, the price none");
        OrderColfer wire = new OrderColfer();
        wire.unmarshal(negativeZeroBytes, 0, negativeZeroBytes.length);
        assertTrue(wire.priceNegativeZero);
        assertEquals(0L, Double.doubleToRawLongBits(wire.price), "a Colfer reader without the flag sees 0.0");
        Order decoded = codec.decode(ByteBuffer.wrap(negativeZeroBytes), negativeZeroBytes.length);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(decoded.price()));
    }

    @Test
    void everyDoubleEdgeComesBackBitExact() {
        MessageCodec<Order> codec = codec(MessageType.ORDER);
        for (double price : DOUBLES) {
            Order order = order(price, 1L);
            byte[] bytes = encode(codec, order);
            Order decoded = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
            assertEquals(Double.doubleToRawLongBits(price), Double.doubleToRawLongBits(decoded.price()), "price " + price);
            assertEquals(MessageType.ORDER.checksum(order), codec.traverse(ByteBuffer.wrap(bytes), bytes.length));
        }
    }

    @Test
    void everyLongEdgeRoundTripsInEveryLongField() {
        for (long v : LONGS) {
            assertRoundTrips(MessageType.MARKET_DATA, new MarketData(v, "", v, v,
                    List.of(new BookEntry(v, v, Side.SELL, 255, EntryType.TRADE))));
            assertRoundTrips(MessageType.USER, new User(v, "", "", (int) v, true, v, List.of()));
            assertRoundTrips(MessageType.USER, new User(v, "", "", (int) (v >>> 32), false, v, List.of("")));
            assertRoundTrips(MessageType.ORDER, order(-1.5, v));
            assertRoundTrips(MessageType.INFRA_EXECUTION, new InfrastructureExecution("", "", "",
                    ExecutionStatus.CANCELLED, TriggerType.API, v, v, v, List.of(), List.of(),
                    List.of(new Transformation("", TransformationStatus.SKIPPED, v, v,
                            List.of(new TransformationOutput("", "", v)))), Map.of(), Map.of("", ""),
                    false, false, false, ""));
        }
    }

    static Stream<Arguments> codecs() {
        return new ColferCodecProvider().codecs().stream().map(c -> Arguments.of(Named.of(c.name(), c)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    <T> void decodeAndTraverseKeepNothingOfThePreviousMessage(MessageCodec<T> codec) {
        List<T> messages = messages(codec.messageType());
        List<byte[]> encoded = new ArrayList<>();
        for (T message : messages) {
            encoded.add(encode(codec, message));
        }
        for (int a = 0; a < messages.size(); a++) {
            for (int b = 0; b < messages.size(); b++) {
                codec.decode(ByteBuffer.wrap(encoded.get(a)), encoded.get(a).length);
                assertEquals(messages.get(b), codec.decode(ByteBuffer.wrap(encoded.get(b)), encoded.get(b).length),
                        "decode of message " + b + " after message " + a);
                codec.traverse(ByteBuffer.wrap(encoded.get(a)), encoded.get(a).length);
                assertEquals(codec.messageType().checksum(messages.get(b)),
                        codec.traverse(ByteBuffer.wrap(encoded.get(b)), encoded.get(b).length),
                        "traverse of message " + b + " after message " + a);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    <T> void writesTheSameBytesInPlaceAndThroughScratchAndOverflowsCleanly(MessageCodec<T> codec) {
        for (T message : messages(codec.messageType())) {
            byte[] expected = encode(codec, message);
            int n = expected.length;
            // in place: the array ends at the limit; exactly enough room, then one byte short
            assertEncodes(codec, message, ByteBuffer.wrap(filled(7 + n)).position(7), expected);
            ByteBuffer short1 = ByteBuffer.wrap(filled(7 + n - 1)).position(7);
            assertThrows(BufferOverflowException.class, () -> codec.encode(message, short1));
            assertEquals(7, short1.position());
            assertUntouched(short1.array(), 0, 7);
            // slices with an array offset: ending at the array's end (in place) and before it (scratch)
            byte[] whole = filled(5 + 7 + n);
            assertEncodes(codec, message, ByteBuffer.wrap(whole, 5, 7 + n).slice().position(7), expected);
            assertUntouched(whole, 0, 12);
            byte[] room = filled(5 + 7 + n + 3);
            assertEncodes(codec, message, ByteBuffer.wrap(room, 5, 7 + n).slice().position(7), expected);
            assertUntouched(room, 0, 12);
            assertUntouched(room, 12 + n, room.length);
            // decode in place: a heap buffer whose array ends with the message
            ByteBuffer in = ByteBuffer.wrap(whole, 5, 7 + n).slice().position(7);
            assertEquals(message, codec.decode(in, n));
            assertEquals(codec.messageType().checksum(message), codec.traverse(in, n));
            assertEquals(7, in.position());
        }
    }

    @Test
    void encodeRefusesAListLongerThanColferListMaxAndRecovers() {
        MessageCodec<User> codec = codec(MessageType.USER);
        User tooMany = new User(1L, "u", "e", 1, true, 1L, Collections.nCopies(64 * 1024 + 1, "r"));
        ByteBuffer buffer = ByteBuffer.allocate(1 << 20).position(3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(tooMany, buffer));
        assertTrue(e.getMessage().contains("roles length 65537 exceeds 65536 elements"), e.getMessage());
        assertEquals(3, buffer.position());
        User reference = Samples.reference(MessageType.USER);
        assertArrayEquals(encode(codec(MessageType.USER), reference), encode(codec, reference));
    }

    private static <T> void assertRoundTrips(MessageType<T> type, T message) {
        MessageCodec<T> codec = codec(type);
        byte[] bytes = encode(codec, message);
        assertEquals(message, codec.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertEquals(type.checksum(message), codec.traverse(ByteBuffer.wrap(bytes), bytes.length));
    }

    private static <T> void assertEncodes(MessageCodec<T> codec, T message, ByteBuffer dst, byte[] expected) {
        int start = dst.position();
        assertEquals(expected.length, codec.encode(message, dst));
        assertEquals(start + expected.length, dst.position());
        byte[] written = new byte[expected.length];
        dst.get(start, written);
        assertArrayEquals(expected, written);
    }

    private static void assertUntouched(byte[] array, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals(SENTINEL, array[i], "byte " + i + " was written");
        }
    }

    private static byte[] filled(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, SENTINEL);
        return bytes;
    }

    private static Order order(double price, long v) {
        return new Order("c", "a", "s", Side.BUY, v, OrdType.LIMIT, price, TimeInForce.GOOD_TILL_DATE, v);
    }

    private static <T> List<T> messages(MessageType<T> type) {
        List<T> messages = new ArrayList<>();
        for (Sample<T> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, 7L, 4));
        return messages;
    }

    private static <T> byte[] encode(MessageCodec<T> codec, T message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        return Arrays.copyOf(buffer.array(), codec.encode(message, buffer));
    }

    @SuppressWarnings("unchecked")
    private static <T> MessageCodec<T> codec(MessageType<T> type) {
        return (MessageCodec<T>) new ColferCodecProvider().codecs().stream()
                .filter(c -> c.messageType() == type).findFirst().orElseThrow();
    }
}
