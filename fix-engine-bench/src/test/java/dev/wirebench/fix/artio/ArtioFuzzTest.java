package dev.wirebench.fix.artio;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.fix.artio.codecs.decoder.NewOrderSingleDecoder;
import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Artio server's reading of a NewOrderSingle ({@link OrderReader}: the decoder generated from
 * {@code schemas/fix/fix44-pingpong.xml}, its validation, the fields the fill needs), without a socket, on any bytes
 * in a direct Agrona buffer as Artio's library hands a message to the session. Seeds: each engine's NewOrderSingle
 * and reports as captured on the wire, and garbled ones ({@code ArtioFuzzTestInputs/}).
 */
class ArtioFuzzTest {

    /** Where the message sits in the buffer: bytes of another message before and after it, as in Aeron's term. */
    private static final int OFFSET = 32;
    private static final int AFTER = 32;

    /**
     * {@code read} never throws: it answers the order, which then validates, has Price and OrderQty, and whose
     * ClOrdID and Symbol (read as views, as the server echoes them) lie within the message's bytes; or it rejects
     * it with a FIX 4.4 SessionRejectReason (0 to 17, or 99) and a Text. The answer is the same whatever bytes
     * surround the message (so nothing outside it is read), and what is read of an answered order too.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void serverAnswersOrRejectsEveryOrderNeverReadingPastIt(byte[] message) {
        String what = "bytes " + HexFormat.of().formatHex(message);
        List<Object> withZeros = read(message, (byte) 0, what);
        List<Object> withOthers = read(message, (byte) '=', what);
        assertEquals(withZeros, withOthers, what + ": the answer depends on the bytes around the message");
    }

    /** What the server makes of the message: the values it answers with, or the Reject's fields. */
    private static List<Object> read(byte[] message, byte around, String what) {
        ByteBuffer direct = ByteBuffer.allocateDirect(OFFSET + message.length + AFTER);
        for (int i = 0; i < direct.capacity(); i++) {
            direct.put(i, around);
        }
        direct.put(OFFSET, message);
        UnsafeBuffer buffer = new UnsafeBuffer(direct);
        OrderReader reader = new OrderReader();
        boolean answered;
        try {
            answered = reader.read(buffer, OFFSET, message.length);
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + ": read threw " + e, e);
        }
        NewOrderSingleDecoder order = reader.order();
        if (!answered) {
            int reason = reader.rejectReason();
            assertTrue(reason >= 0 && reason <= 17 || reason == 99, what + ": SessionRejectReason " + reason);
            assertNotNull(reader.rejection(), what + ": a Reject without a Text");
            return List.of("rejected", reader.rejectedTag(), reason, reader.rejection(), order.header().msgSeqNum());
        }
        assertTrue(order.validate() && order.hasPrice() && order.hasOrderQty(), what + ": answered an order it should not");
        AsciiSequenceView clOrdId = order.clOrdID(new AsciiSequenceView());
        AsciiSequenceView symbol = order.symbol(new AsciiSequenceView());
        for (AsciiSequenceView view : List.of(clOrdId, symbol)) {
            assertTrue(view.offset() >= OFFSET && view.offset() + view.length() <= OFFSET + message.length,
                    what + ": a value outside the message, at " + view.offset() + " length " + view.length());
        }
        return List.of("answered", clOrdId.toString(), symbol.toString(), order.side(), order.orderQty().toString(),
                order.price().toString(), order.header().msgSeqNum());
    }
}
