package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.thrift.generated.InfrastructureExecutionThrift;
import dev.wirebench.codecs.thrift.generated.MarketDataThrift;
import dev.wirebench.codecs.thrift.generated.OrderThrift;
import dev.wirebench.codecs.thrift.generated.UserThrift;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.transport.TMemoryBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compact-protocol bytes that libthrift reads without complaint but no canonical record can hold, and bytes it
 * refuses itself: decode and traverse both reject them with a {@link CodecException} naming what was wrong, from
 * heap and direct buffers alike.
 */
class MalformedInputTest {

    private final ThriftCodec<MarketData, MarketDataThrift> marketData = ThriftCodec.marketData();
    private final ThriftCodec<User, UserThrift> user = ThriftCodec.user();
    private final ThriftCodec<Order, OrderThrift> order = ThriftCodec.order();
    private final ThriftCodec<InfrastructureExecution, InfrastructureExecutionThrift> infra =
            ThriftCodec.infrastructureExecution();

    @Test
    void anEnumValueTheSchemaDoesNotKnowIsRefused() {
        byte[] reference = write(order.toNative(reference(MessageType.ORDER)));
        byte[] unknownSide = reference.clone();
        unknownSide[indexOfSide(reference)] = 14; // zig-zag 7
        assertRejected(order, unknownSide, "OrderThrift.side is missing or holds a value the schema does not know");
    }

    @Test
    void aLevelAbove255IsRefused() {
        MarketDataThrift t = marketData.toNative(reference(MessageType.MARKET_DATA));
        t.getEntries().get(0).setLevel((short) 256);
        assertRejected(marketData, write(t), "BookEntryThrift.level must be 0..255, was 256");
        t.getEntries().get(0).setLevel((short) -1);
        assertRejected(marketData, write(t), "BookEntryThrift.level must be 0..255, was -1");
    }

    @Test
    void aNonFinitePriceIsRefused() {
        OrderThrift t = order.toNative(reference(MessageType.ORDER));
        t.setPrice(Double.NaN);
        assertRejected(order, write(t), "OrderThrift.price must be finite, was NaN");
        t.setPrice(Double.NEGATIVE_INFINITY);
        assertRejected(order, write(t), "OrderThrift.price must be finite, was -Infinity");
    }

    @Test
    void aMissingFieldIsRefusedWhereTheRecordCannotDoWithout() {
        assertRejected(user, new byte[] {0}, "UserThrift.username is missing");
        assertRejected(marketData, new byte[] {0}, "MarketDataThrift.symbol is missing");
        InfrastructureExecutionThrift t = infra.toNative(reference(MessageType.INFRA_EXECUTION));
        t.getApprovals().get(0).setApprover(null);
        assertRejected(infra, write(t), "ApprovalThrift.approver is missing");
        t = infra.toNative(reference(MessageType.INFRA_EXECUTION));
        t.setOutputs(null);
        assertRejected(infra, write(t), "InfrastructureExecutionThrift.outputs is missing");
    }

    /** A missing number reads as 0, as in protobuf: default requiredness writes every field but requires none. */
    @Test
    void aMissingNumberReadsAsZero() {
        User u = reference(MessageType.USER);
        UserThrift t = user.toNative(u);
        byte[] all = write(t);
        byte[] withoutId = Arrays.copyOfRange(all, 1 + varintLength(all, 1), all.length);
        // the next field's header carried a delta from field 1: rewrite it as a delta from field 0
        withoutId[0] = (byte) (withoutId[0] + 0x10);
        User decoded = decode(user, withoutId, false);
        assertEquals(0L, decoded.id());
        assertEquals(u.username(), decoded.username());
    }

    @Test
    void bytesAfterTheStructAreRefused() {
        byte[] reference = write(order.toNative(reference(MessageType.ORDER)));
        byte[] longer = Arrays.copyOf(reference, reference.length + 1);
        assertRejected(order, longer, "1 bytes after the end of the struct");
    }

    @Test
    void aStringLongerThanTheMessageIsRefusedBeforeAnythingIsAllocated() {
        // field 2 (username) as a string of 2^31 - 1 bytes, then nothing
        byte[] bytes = HexFormat.of().parseHex("28FFFFFFFF07");
        assertRejected(user, bytes, "a length or count wants 2147483647 bytes where 0 are left");
    }

    @Test
    void everyTruncationOfTheReferenceIsRefused() {
        byte[] reference = write(infra.toNative(reference(MessageType.INFRA_EXECUTION)));
        for (int length = 0; length < reference.length; length++) {
            byte[] truncated = Arrays.copyOf(reference, length);
            for (boolean direct : new boolean[] {false, true}) {
                int n = length;
                assertThrows(CodecException.class, () -> infra.decode(buffer(truncated, direct), n), "decode of " + n);
                assertThrows(CodecException.class, () -> infra.traverse(buffer(truncated, direct), n), "traverse of " + n);
            }
        }
    }

    @Test
    void aTypeThriftDoesNotKnowIsRefused() {
        // field 1 with compact type 13, which does not exist
        assertRejected(order, new byte[] {0x1D, 0}, "don't know what type: 13");
    }

    private static void assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        for (boolean direct : new boolean[] {false, true}) {
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(buffer(bytes, direct), bytes.length),
                    codec.name() + " decode, direct " + direct);
            assertTrue(decode.getMessage().contains(what), decode.getMessage() + " should say " + what);
            assertTrue(decode.getMessage().startsWith(codec.name() + ": malformed input: "), decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class,
                    () -> codec.traverse(buffer(bytes, direct), bytes.length), codec.name() + " traverse, direct " + direct);
            assertEquals(decode.getMessage(), traverse.getMessage(), "decode and traverse reject alike");
        }
    }

    private static <T> T decode(MessageCodec<T> codec, byte[] bytes, boolean direct) {
        return codec.decode(buffer(bytes, direct), bytes.length);
    }

    /** {@code bytes} at offset 5 of a buffer with room on both sides, positioned there. */
    private static ByteBuffer buffer(byte[] bytes, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(bytes.length + 10) : ByteBuffer.allocate(bytes.length + 10);
        buffer.put(5, bytes).position(5);
        return buffer;
    }

    private static <T> T reference(MessageType<T> type) {
        return Samples.fixtures(type).stream().filter(s -> s.name().equals("reference")).findFirst().orElseThrow()
                .message();
    }

    /** The struct as libthrift's own compact writer writes it. */
    static byte[] write(TBase<?, ?> struct) {
        try {
            TMemoryBuffer buffer = new TMemoryBuffer(256);
            struct.write(new TCompactProtocol(buffer));
            return Arrays.copyOf(buffer.getArray(), buffer.length());
        } catch (TException e) {
            throw new AssertionError(e);
        }
    }

    /** Where the reference order's side (field 4, an i32 after three strings) has its one-byte value. */
    private static int indexOfSide(byte[] order) {
        int at = 0;
        for (int field = 1; field <= 3; field++) {
            at++; // header
            int length = 0;
            int shift = 0;
            while (true) {
                byte b = order[at++];
                length |= (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
                shift += 7;
            }
            at += length;
        }
        assertEquals(0x15, order[at], "field 4 as an i32, delta 1");
        return at + 1;
    }

    private static int varintLength(byte[] bytes, int at) {
        int n = 1;
        while (bytes[at + n - 1] < 0) {
            n++;
        }
        return n;
    }
}
