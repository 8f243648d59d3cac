package dev.wirebench.fix.codec;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The two codecs speak the same FIX: each reads the other's bytes, and they even write the same bytes. */
class FixCodecInteropTest {

    private static final String REFERENCE = "8=FIX.4.4|9=164|35=D|34=1|49=WBCLIENT|52=20251121-04:40:00.123|56=WBSERVER|"
            + "1=ACC-7781|11=ORD-20261121-000042|38=100|40=2|44=187.25|54=1|55=AAPL|59=0|"
            + "60=20251121-04:40:00.123456789|10=006|";

    private final MessageCodec<Order> quickFixJ = new QuickFixJOrderCodec();
    private final MessageCodec<Order> philadelphia = new PhiladelphiaOrderCodec();

    @Test
    void shouldWriteTheReferenceOrderAsThisExactFixWithEitherLibrary() {
        Order reference = Samples.reference(MessageType.ORDER);
        assertEquals(REFERENCE, text(encode(quickFixJ, reference)));
        assertEquals(REFERENCE, text(encode(philadelphia, reference)));
    }

    @Test
    void shouldReadWithEachLibraryWhatTheOtherWrote() {
        for (Order order : orders()) {
            assertEquals(order, decode(quickFixJ, encode(philadelphia, order)), "Philadelphia's bytes read by QuickFIX/J");
            assertEquals(order, decode(philadelphia, encode(quickFixJ, order)), "QuickFIX/J's bytes read by Philadelphia");
            assertEquals(MessageType.ORDER.checksum(order), traverse(quickFixJ, encode(philadelphia, order)));
            assertEquals(MessageType.ORDER.checksum(order), traverse(philadelphia, encode(quickFixJ, order)));
        }
    }

    @Test
    void shouldWriteTheSameBytesWithBothLibraries() {
        for (Order order : orders()) {
            assertArrayEquals(encode(quickFixJ, order), encode(philadelphia, order), order.toString());
        }
    }

    @Test
    void shouldReadFieldsInAnyOrderAsAPeerMightSendThem() {
        // another engine's field order and its own header values: only the tags matter
        byte[] fix = FixTestMessages.frame("35=D|49=OTHER|56=PEER|34=77|52=20260101-00:00:00|11=X-1|55=MSFT|54=2|"
                + "60=20260102-03:04:05.000000006|38=5|40=1|44=0.5|59=3|1=A/1|");
        Order expected = new Order("X-1", "A/1", "MSFT", dev.wirebench.codec.message.Side.SELL, 5,
                dev.wirebench.codec.message.OrdType.MARKET, 0.5, dev.wirebench.codec.message.TimeInForce.IMMEDIATE_OR_CANCEL,
                java.time.LocalDateTime.of(2026, 1, 2, 3, 4, 5, 6).toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000_000L + 6);
        assertEquals(expected, decode(quickFixJ, fix));
        assertEquals(expected, decode(philadelphia, fix));
    }

    private static List<Order> orders() {
        List<Order> orders = new ArrayList<>();
        for (Sample<Order> sample : Samples.fixtures(MessageType.ORDER)) {
            orders.add(sample.message());
        }
        orders.addAll(Samples.random(MessageType.ORDER, 42, 500));
        return orders;
    }

    static byte[] encode(MessageCodec<Order> codec, Order order) {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        int n = codec.encode(order, buffer);
        byte[] bytes = new byte[n];
        buffer.get(0, bytes);
        return bytes;
    }

    static Order decode(MessageCodec<Order> codec, byte[] bytes) {
        return codec.decode(ByteBuffer.wrap(bytes), bytes.length);
    }

    private static long traverse(MessageCodec<Order> codec, byte[] bytes) {
        return codec.traverse(ByteBuffer.wrap(bytes), bytes.length);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8).replace('\u0001', '|');
    }
}
