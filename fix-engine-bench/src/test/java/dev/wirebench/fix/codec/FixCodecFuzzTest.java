package dev.wirebench.fix.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The FIX codecs, {@code fix-quickfixj/order} and {@code fix-philadelphia/order}, both of which claim
 * {@link Conformance#HOSTILE_INPUT}, on any bytes: the conformance kit's hostile-input contract
 * ({@code HostileInputContract}) with inputs a fuzzer grows instead of seeded corruptions. Seeds: every
 * {@code Samples} order fixture as each codec encodes it, each engine's NewOrderSingle as captured on the wire,
 * and garbled ones ({@code FixCodecFuzzTestInputs/}).
 */
class FixCodecFuzzTest {

    /** The kit's offset of a message in its buffer: not 0, so that a codec reading from 0 is caught. */
    private static final int OFFSET = 13;

    private static final MessageCodec<Order> QUICKFIXJ = new QuickFixJOrderCodec();
    private static final MessageCodec<Order> PHILADELPHIA = new PhiladelphiaOrderCodec();

    /** The QuickFIX/J codec holds to {@link #decodeAndTraverseEndInAnOrderOrCodecException}. */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void quickFixJDecodesAnOrderOrThrowsCodecException(byte[] bytes) {
        decodeAndTraverseEndInAnOrderOrCodecException(QUICKFIXJ, bytes);
    }

    /** The Philadelphia codec holds to {@link #decodeAndTraverseEndInAnOrderOrCodecException}. */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void philadelphiaDecodesAnOrderOrThrowsCodecException(byte[] bytes) {
        decodeAndTraverseEndInAnOrderOrCodecException(PHILADELPHIA, bytes);
    }

    /**
     * The property: the bytes, in a heap and in a direct buffer of exactly their size past {@link #OFFSET} (so a read
     * past them fails), decode to an {@code Order} or throw a {@code CodecException} saying why, and traverse
     * returns or throws one, never anything else (an {@code Error} included); neither moves the position or the
     * limit. When decode returns an order, traverse returns that order's checksum (unless a string was not UTF-8,
     * which decode reads as U+FFFD and traverse need not check), and the codec writes the order again as bytes that
     * decode to an equal order.
     */
    private static void decodeAndTraverseEndInAnOrderOrCodecException(MessageCodec<Order> codec, byte[] bytes) {
        String what = codec.name() + ", bytes " + HexFormat.of().formatHex(bytes);
        assertTrue(codec.conformance().includes(Conformance.HOSTILE_INPUT), codec.name() + " no longer claims hostile input");
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(OFFSET + bytes.length) : ByteBuffer.allocate(OFFSET + bytes.length);
            src.put(OFFSET, bytes).position(OFFSET);
            Order order = null;
            try {
                order = codec.decode(src, bytes.length);
                assertTrue(order != null, what + ": decode returned null");
            } catch (CodecException rejected) {
                assertTrue(rejected.getMessage() != null && !rejected.getMessage().isBlank(), what + ": a CodecException must say why");
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": decode threw " + e, e);
            }
            assertEquals(OFFSET, src.position(), what + ": decode moved the position");
            assertEquals(src.capacity(), src.limit(), what + ": decode moved the limit");
            try {
                long checksum = codec.traverse(src, bytes.length);
                // traverse need not check UTF-8 (MessageCodec): decode makes bytes that are not of U+FFFD, traverse
                // hashes them as they are
                if (order != null && !replacedMalformedUtf8(order)) {
                    assertEquals(codec.messageType().checksum(order), checksum, what + ": traverse disagrees with decode");
                }
            } catch (CodecException rejected) {
                assertTrue(order == null, what + ": traverse rejected what decode read as " + order + ": " + rejected.getMessage());
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": traverse threw " + e, e);
            }
            assertEquals(OFFSET, src.position(), what + ": traverse moved the position");
            assertEquals(src.capacity(), src.limit(), what + ": traverse moved the limit");
            if (order != null) {
                assertEquals(order, encodedAndDecoded(codec, order), what + ": the order written again reads differently");
            }
        }
    }

    private static boolean replacedMalformedUtf8(Order order) {
        return (order.clOrdId() + order.account() + order.symbol()).indexOf('\uFFFD') >= 0;
    }

    private static Order encodedAndDecoded(MessageCodec<Order> codec, Order order) {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        int length = codec.encode(order, buffer);
        buffer.flip();
        return codec.decode(buffer, length);
    }
}
