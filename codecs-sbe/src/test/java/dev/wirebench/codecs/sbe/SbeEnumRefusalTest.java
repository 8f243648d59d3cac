package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
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
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder;
import dev.wirebench.codecs.sbe.generated.MarketDataDecoder;
import dev.wirebench.codecs.sbe.generated.OrderDecoder;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A uint8 enum field holding a number its enum lacks is refused by decode and traverse alike, naming
 * the field, the number and the range: the codecs read the raw byte, never the generated {@code get}.
 */
class SbeEnumRefusalTest {

    private static final Order ORDER = new Order("c", "a", "s", Side.BUY, 1L, OrdType.LIMIT, 1.5, TimeInForce.DAY, 1L);

    @Test
    void refusesAnOrderEnumValueTheRecordDoesNotHave() {
        SbeOrderCodec codec = new SbeOrderCodec();
        byte[] bytes = encode(codec, ORDER);
        assertRefused(codec, with(bytes, SbeCodec.BODY + OrderDecoder.sideEncodingOffset(), 2),
                "side: 2 is not a known value (0..1)");
        assertRefused(codec, with(bytes, SbeCodec.BODY + OrderDecoder.ordTypeEncodingOffset(), 4),
                "ordType: 4 is not a known value (0..3)");
        assertRefused(codec, with(bytes, SbeCodec.BODY + OrderDecoder.timeInForceEncodingOffset(), 0xFF),
                "timeInForce: 255 is not a known value (0..4)");
    }

    @Test
    void refusesAnEnumValueInAGroupEntry() {
        SbeMarketDataCodec codec = new SbeMarketDataCodec();
        byte[] bytes = encode(codec, new MarketData(1L, "s", 2L, 3L,
                List.of(new BookEntry(1L, 2L, Side.SELL, 3, EntryType.TRADE))));
        int entry = SbeCodec.BODY + MarketDataDecoder.BLOCK_LENGTH + MarketDataDecoder.EntriesDecoder.HEADER_SIZE;
        assertRefused(codec, with(bytes, entry + MarketDataDecoder.EntriesDecoder.sideEncodingOffset(), 2),
                "side: 2 is not a known value (0..1)");
        assertRefused(codec, with(bytes, entry + MarketDataDecoder.EntriesDecoder.entryTypeEncodingOffset(), 4),
                "entryType: 4 is not a known value (0..3)");
    }

    @Test
    void refusesAnExecutionStatusTheRecordDoesNotHave() {
        SbeInfrastructureExecutionCodec codec = new SbeInfrastructureExecutionCodec();
        byte[] bytes = encode(codec, new InfrastructureExecution("e", "p", "q", ExecutionStatus.RUNNING,
                TriggerType.API, 1L, 2L, 3L, List.of(), List.of(), List.of(), Map.of(), Map.of(), false, false,
                false, ""));
        assertRefused(codec, with(bytes, SbeCodec.BODY + InfrastructureExecutionDecoder.statusEncodingOffset(), 6),
                "status: 6 is not a known value (0..5)");
    }

    private static <T> byte[] encode(MessageCodec<T> codec, T message) {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        byte[] bytes = new byte[codec.encode(message, buffer)];
        buffer.flip().get(bytes);
        assertEquals(message, codec.decode(ByteBuffer.wrap(bytes), bytes.length), "the unaltered bytes decode");
        return bytes;
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        byte[] altered = bytes.clone();
        altered[at] = (byte) value;
        return altered;
    }

    private static void assertRefused(MessageCodec<?> codec, byte[] bytes, String what) {
        String expected = codec.name() + ": malformed input: " + what;
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        for (ByteBuffer src : List.of(ByteBuffer.wrap(bytes), direct)) {
            assertEquals(expected,
                    assertThrows(CodecException.class, () -> codec.decode(src, bytes.length)).getMessage());
            assertEquals(expected,
                    assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length)).getMessage());
            assertEquals(0, src.position());
        }
    }
}
