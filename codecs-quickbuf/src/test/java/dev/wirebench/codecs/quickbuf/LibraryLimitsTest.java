package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Why both formats claim {@link Conformance#MEASUREMENT} and not hostile input, and what QuickBuffers'
 * JSON parser takes that strict JSON would not: the library's behaviour on bytes an encoder does not
 * write, pinned so that a QuickBuffers upgrade that changes it shows up here. Not a wish list: each
 * assertion states what the library does today.
 */
class LibraryLimitsTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void bothFormatsClaimMeasurementOnly() {
        for (MessageCodec<?> codec : new QuickbufCodecProvider().codecs()) {
            assertEquals(Conformance.MEASUREMENT, codec.conformance(), codec.name());
        }
    }

    /**
     * {@code ProtoSource.readString} sizes the string's array from the length on the wire before it
     * checks the bytes left: five bytes declaring a 64 MiB clOrdId allocate 64 MiB, then fail as
     * truncated. Declaring 2 GiB ({@code 0a ff ff ff ff 07}) ends in {@code OutOfMemoryError}, which the
     * kit's seeded corruptions hit on all four messages: the reason {@code quickbuf} is not hostile-input.
     */
    @Test
    void binaryAllocatesTheDeclaredLengthOfAStringBeforeCheckingIt() {
        MessageCodec<?> order = QuickbufCodec.order(new BinaryWire());
        byte[] bytes = HexFormat.of().parseHex("0a80808020"); // field 1, length 2^26
        long before = allocated();
        CodecException rejected = assertThrows(CodecException.class, () -> order.decode(ByteBuffer.wrap(bytes), bytes.length));
        long allocated = allocated() - before;
        assertTrue(rejected.getMessage().contains("input ended unexpectedly"), rejected.getMessage());
        assertTrue(allocated >= 64L << 20, "allocated " + allocated + " bytes for a 5-byte message");
    }

    /**
     * The JSON number parser strips a leading minus by calling itself on the rest, once per minus
     * sign: a price of 100,000 of them overflows the stack (about 10,000 do on a default stack). The
     * reason {@code quickbuf-json} is not hostile-input, though it passes the kit's truncations and
     * corruptions.
     */
    @Test
    void jsonOverflowsTheStackOnAPriceOfManyMinusSigns() {
        MessageCodec<?> order = QuickbufCodec.order(new JsonWire());
        byte[] bytes = ("{\"price\":" + "-".repeat(100_000) + "1}").getBytes(StandardCharsets.US_ASCII);
        assertThrows(StackOverflowError.class, () -> order.decode(ByteBuffer.wrap(bytes), bytes.length));
    }

    /** What {@code JsonSource} reads although it is not JSON, or not the number written. */
    @Test
    void jsonParserIsLenient() {
        MessageCodec<?> order = QuickbufCodec.order(new JsonWire());
        // anything after the object is not looked at
        assertEquals(1.0, price(order, "{\"price\":1}xyz"));
        // numbers go to Double.parseDouble as they are: a hexadecimal float, a float suffix
        assertEquals(128.0, price(order, "{\"price\":0x10p3}"));
        assertEquals(2.0, price(order, "{\"price\":2d}"));
        // an integer stops at what is not a digit and goes on: the exponent is read as digits
        assertEquals(6_399_999_999L, ((Order) decode(order, "{\"orderQty\":1e99999999}")).orderQty());
        // a raw control character in a string is kept
        assertEquals("a\u0001b", ((Order) decode(order, "{\"clOrdId\":\"a\u0001b\"}")).clOrdId());
    }

    private static double price(MessageCodec<?> codec, String json) {
        return ((Order) decode(codec, json)).price();
    }

    private static Object decode(MessageCodec<?> codec, String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return codec.decode(ByteBuffer.wrap(bytes), bytes.length);
    }

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
