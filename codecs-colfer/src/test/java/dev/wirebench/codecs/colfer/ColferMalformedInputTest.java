package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codecs.colfer.generated.ApprovalColfer;
import dev.wirebench.codecs.colfer.generated.BookEntryColfer;
import dev.wirebench.codecs.colfer.generated.InfrastructureExecutionColfer;
import dev.wirebench.codecs.colfer.generated.MarketDataColfer;
import dev.wirebench.codecs.colfer.generated.OrderColfer;
import dev.wirebench.codecs.colfer.generated.StringEntryColfer;
import dev.wirebench.codecs.colfer.generated.TransformationColfer;
import dev.wirebench.codecs.colfer.generated.UserInfoColfer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes Colfer parses but no canonical record can hold, and bytes Colfer itself refuses: decode and
 * traverse of the plain and the guarded codec reject them, from heap and direct buffers, with a
 * message naming what was wrong. And what only the guarded codec bounds: allocation from a corrupted
 * length in a message that sits in a larger array.
 */
class ColferMalformedInputTest {

    private static final int CALLS = 50;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void rejectsAnOrdinalPastTheEndOfItsEnum() {
        assertRejected(MessageType.ORDER, order(o -> o.side = 2), "OrderColfer.side: 2 is not a known value (0..1)");
        assertRejected(MessageType.ORDER, order(o -> o.ordType = 4), "OrderColfer.ordType: 4 is not a known value (0..3)");
        assertRejected(MessageType.ORDER, order(o -> o.timeInForce = (byte) 0xFF),
                "OrderColfer.timeInForce: 255 is not a known value (0..4)");
        assertRejected(MessageType.MARKET_DATA, marketData(m -> {
            BookEntryColfer entry = new BookEntryColfer();
            entry.entryType = 4;
            m.entries = new BookEntryColfer[] {entry};
        }), "BookEntryColfer.entryType: 4 is not a known value (0..3)");
        assertRejected(MessageType.INFRA_EXECUTION, infra(x -> x.status = 6),
                "InfrastructureExecutionColfer.status: 6 is not a known value (0..5)");
        assertRejected(MessageType.INFRA_EXECUTION, infra(x -> x.trigger = 4),
                "InfrastructureExecutionColfer.trigger: 4 is not a known value (0..3)");
        assertRejected(MessageType.INFRA_EXECUTION, infra(x -> {
            ApprovalColfer a = new ApprovalColfer();
            a.approver = new UserInfoColfer();
            a.decision = 3;
            x.approvals = new ApprovalColfer[] {a};
        }), "ApprovalColfer.decision: 3 is not a known value (0..2)");
        assertRejected(MessageType.INFRA_EXECUTION, infra(x -> {
            TransformationColfer t = new TransformationColfer();
            t.status = 5;
            x.transformations = new TransformationColfer[] {t};
        }), "TransformationColfer.status: 5 is not a known value (0..4)");
    }

    @Test
    void rejectsANonFinitePrice() {
        assertRejected(MessageType.ORDER, order(o -> o.price = Double.NaN), "OrderColfer.price must be finite, was NaN");
        assertRejected(MessageType.ORDER, order(o -> o.price = Double.NEGATIVE_INFINITY), "was -Infinity");
    }

    @Test
    void rejectsTheNegativeZeroFlagBesideAPrice() {
        assertRejected(MessageType.ORDER, order(o -> {
            o.price = 1.5;
            o.priceNegativeZero = true;
        }), "OrderColfer.priceNegativeZero is set but price is 1.5");
    }

    @Test
    void rejectsAnApprovalWithoutApprover() {
        assertRejected(MessageType.INFRA_EXECUTION, infra(x -> x.approvals = new ApprovalColfer[] {new ApprovalColfer()}),
                "ApprovalColfer.approver is missing");
    }

    @Test
    void decodeRejectsARepeatedMapKeyThatTraverseCannotSee() {
        byte[] bytes = infra(x -> x.outputs = new StringEntryColfer[] {entry("k", "1"), entry("j", "2"), entry("k", "3")});
        for (boolean direct : new boolean[] {false, true}) {
            CodecException e = assertThrows(CodecException.class, () -> codec(MessageType.INFRA_EXECUTION).decode(buffer(bytes, direct), bytes.length));
            assertTrue(e.getMessage().contains("InfrastructureExecutionColfer.outputs[2] repeats the key"), e.getMessage());
        }
        // traverse does not look for repeats (that would take a set); it hashes the three entries it read
        codec(MessageType.INFRA_EXECUTION).traverse(buffer(bytes, false), bytes.length);
    }

    @Test
    void rejectsBytesAfterTheMessage() {
        byte[] valid = encode(MessageType.ORDER);
        byte[] longer = Arrays.copyOf(valid, valid.length + 2);
        assertRejected(MessageType.ORDER, longer, "2 bytes after the end of the message");
    }

    @Test
    void rejectsAHeaderThatIsNoFieldThere() {
        assertRejected(MessageType.ORDER, new byte[] {0x7e, 0x7f}, "a header byte that is no field of the schema");
        // side (field 3) before clOrdId (field 0): Colfer reads fields in index order only
        assertRejected(MessageType.ORDER, new byte[] {0x03, 0x01, 0x00, 0x01, 'x', 0x7f}, "a header byte that is no field");
    }

    @Test
    void rejectsTruncationAndEmptyInput() {
        byte[] valid = encode(MessageType.USER);
        assertRejected(MessageType.USER, Arrays.copyOf(valid, valid.length - 1), "truncated");
        assertRejected(MessageType.USER, new byte[0], "truncated");
    }

    @Test
    void rejectsListsAndTextsOverColferLimitsBeforeAllocatingThem() {
        // UserColfer.roles (field 6) claiming 70,000 elements; colferListMax is 65,536
        assertRejected(MessageType.USER, new byte[] {0x06, (byte) 0xF0, (byte) 0xA2, 0x04, 0x7f},
                "roles length 70000 exceeds 65536 elements");
        // UserColfer.username (field 1) claiming 20,000,000 bytes; colferSizeMax is 16 MiB
        assertRejected(MessageType.USER, new byte[] {0x01, (byte) 0x80, (byte) 0xDA, (byte) 0xC4, 0x09, 0x7f},
                "username size 20000000 exceeds");
    }

    @Test
    void aCorruptedTextLengthAllocatesNoMoreThanTheBytesLeft() {
        // UserColfer.username claiming 1,000,000 bytes in an 8-byte message that sits at the start of a
        // 4 MiB heap buffer: unmarshalled in the caller's array, Colfer would decode a 1 MB string from
        // the bytes after the message before noticing that it ran past the end
        byte[] message = {0x01, (byte) 0xC0, (byte) 0x84, 0x3D, 'a', 'b', 'c', 0x7f};
        ByteBuffer big = ByteBuffer.allocate(4 << 20);
        big.put(message).position(0);
        MessageCodec<?> codec = codec(MessageType.USER, true);
        for (boolean traverse : new boolean[] {false, true}) {
            String what = traverse ? "traverse" : "decode";
            Runnable call = traverse ? () -> codec.traverse(big, message.length) : () -> codec.decode(big, message.length);
            for (int i = 0; i < 200; i++) { // warm: scratch arrays, classes, the exception path
                assertThrows(CodecException.class, call::run);
            }
            long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < CALLS; i++) {
                CodecException e = assertThrows(CodecException.class, call::run);
                assertTrue(e.getMessage().contains("truncated"), e.getMessage());
            }
            long perCall = (THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / CALLS;
            System.out.printf("colfer/user %s of a text length past the end: %d B/call%n", what, perCall);
            // an exception with its stack trace is a few KB; the string the length claims would be 1 MB
            assertTrue(perCall < 100_000, what + " allocated " + perCall + " bytes per call");
        }
        // the plain codec unmarshals in the caller's array, as Colfer does: the 1 MB string is made
        MessageCodec<?> plain = codec(MessageType.USER, false);
        assertEquals(Conformance.MEASUREMENT, plain.conformance());
        assertEquals(Conformance.HOSTILE_INPUT, codec.conformance());
        for (int i = 0; i < 20; i++) {
            assertThrows(CodecException.class, () -> plain.decode(big, message.length));
        }
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < 5; i++) {
            CodecException e = assertThrows(CodecException.class, () -> plain.decode(big, message.length));
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        }
        long perCall = (THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / 5;
        System.out.printf("colfer/user (plain) decode of a text length past the end: %d B/call%n", perCall);
        assertTrue(perCall >= 1_000_000, "plain decode allocated only " + perCall + " bytes per call");
    }

    private static void assertRejected(MessageType<?> type, byte[] bytes, String expected) {
        for (boolean direct : new boolean[] {false, true}) {
            for (MessageCodec<?> codec : List.of(codec(type, false), codec(type, true))) {
                ByteBuffer src = buffer(bytes, direct);
                CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
                assertTrue(decode.getMessage().startsWith(codec.name() + ": malformed input: "), decode.getMessage());
                assertTrue(decode.getMessage().contains(expected), decode.getMessage());
                CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
                assertTrue(traverse.getMessage().contains(expected), traverse.getMessage());
                assertEquals(3, src.position(), "position untouched");
            }
        }
    }

    /** {@code bytes} at position 3 of a buffer that ends where they end. */
    private static ByteBuffer buffer(byte[] bytes, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(3 + bytes.length) : ByteBuffer.allocate(3 + bytes.length);
        buffer.position(3);
        buffer.put(bytes).position(3);
        return buffer;
    }

    private static byte[] marketData(Consumer<MarketDataColfer> edit) {
        MarketDataColfer m = new MarketDataColfer();
        edit.accept(m);
        byte[] buf = new byte[256];
        return Arrays.copyOf(buf, m.marshal(buf, 0));
    }

    private static byte[] order(Consumer<OrderColfer> edit) {
        OrderColfer o = new OrderColfer();
        edit.accept(o);
        byte[] buf = new byte[256];
        return Arrays.copyOf(buf, o.marshal(buf, 0));
    }

    private static byte[] infra(Consumer<InfrastructureExecutionColfer> edit) {
        InfrastructureExecutionColfer x = new InfrastructureExecutionColfer();
        edit.accept(x);
        byte[] buf = new byte[1024];
        return Arrays.copyOf(buf, x.marshal(buf, 0));
    }

    private static StringEntryColfer entry(String key, String value) {
        StringEntryColfer entry = new StringEntryColfer();
        entry.key = key;
        entry.value = value;
        return entry;
    }

    @SuppressWarnings("unchecked")
    private static <T> byte[] encode(MessageType<T> type) {
        MessageCodec<T> codec = (MessageCodec<T>) codec(type);
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(Samples.reference(type), buffer);
        return Arrays.copyOf(buffer.array(), n);
    }

    private static MessageCodec<?> codec(MessageType<?> type) {
        return codec(type, false);
    }

    private static MessageCodec<?> codec(MessageType<?> type, boolean guarded) {
        String format = guarded ? ColferCodec.GUARDED_FORMAT : ColferCodec.FORMAT;
        return new ColferCodecProvider().codecs().stream().filter(c -> c.messageType() == type && c.format().equals(format))
                .findFirst().orElseThrow();
    }
}
