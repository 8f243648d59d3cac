package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What encode refuses, and that a refusal leaves the codec and the destination as they were. */
class FlatBuffersEncodeTest {

    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 12);

    @Test
    void rejectsAStringWithAnUnpairedSurrogateNamingTheField() {
        FlatBuffersOrderCodec codec = new FlatBuffersOrderCodec();
        buffer.position(3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(order("ACC-\uD800"), buffer));
        assertTrue(e.getMessage().startsWith("OrderFb.account cannot be written as UTF-8: Unpaired surrogate"),
                e.getMessage());
        assertEquals(3, buffer.position());
        assertEncodesTheReferenceAfterwards(codec);
    }

    /** The builder stops growing once the message cannot fit: no 64 MB build to fill 4 KB. */
    @Test
    void givesUpOnAMessageFarLargerThanTheDestinationEarly() {
        FlatBuffersOrderCodec codec = new FlatBuffersOrderCodec();
        Order huge = order("a".repeat(64 << 20));
        long before = allocated();
        assertThrows(BufferOverflowException.class, () -> codec.encode(huge, buffer));
        long allocated = allocated() - before;
        assertTrue(allocated < (1 << 20), "encode allocated " + allocated + " bytes before giving up");
        assertEquals(0, buffer.position());
        assertEncodesTheReferenceAfterwards(codec);
    }

    @Test
    void writesMinusZeroPriceWhichADefaultOfZeroWouldDrop() {
        FlatBuffersOrderCodec codec = new FlatBuffersOrderCodec();
        Order minusZero = new Order("c", "a", "s", Side.BUY, 1L, OrdType.LIMIT, -0.0, TimeInForce.DAY, 1L);
        int n = codec.encode(minusZero, buffer);
        Order decoded = codec.decode(buffer.flip(), n);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(decoded.price()));
    }

    private void assertEncodesTheReferenceAfterwards(FlatBuffersOrderCodec codec) {
        Order reference = Samples.reference(MessageType.ORDER);
        int n = codec.encode(reference, buffer.clear());
        assertEquals(reference, codec.decode(buffer.flip(), n));
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static Order order(String account) {
        return new Order("c", account, "s", Side.BUY, 1L, OrdType.LIMIT, 1.5, TimeInForce.DAY, 1L);
    }
}
