package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the schema cannot carry is refused on encode with a message naming the field; what it can, round-trips. */
class SbeLimitsTest {

    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 20);

    @Test
    void roundTripsAStringOfExactlyTheVarDataMaximum() {
        Order order = order("x".repeat(SbeCodec.MAX_STRING_BYTES));
        SbeOrderCodec codec = new SbeOrderCodec();
        int n = codec.encode(order, buffer);
        assertEquals(order, codec.decode(buffer.flip(), n));
    }

    @Test
    void rejectsAStringLongerThanAVarDataFieldWithIllegalArgumentException() {
        SbeOrderCodec codec = new SbeOrderCodec();
        IllegalArgumentException ascii = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(order("x".repeat(SbeCodec.MAX_STRING_BYTES + 1)), buffer));
        assertTrue(ascii.getMessage().startsWith("clOrdId needs more than the 65534 UTF-8 bytes"), ascii.getMessage());
        // fewer chars than the limit, more bytes: two each
        IllegalArgumentException unicode = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(order("é".repeat(40_000)), buffer));
        assertTrue(unicode.getMessage().startsWith("clOrdId needs more than"), unicode.getMessage());
        assertEquals(0, buffer.position());
    }

    @Test
    void rejectsAListLongerThanAGroupWithIllegalArgumentException() {
        User user = new User(1L, "u", "e", 1, true, 1L, Collections.nCopies(SbeCodec.MAX_GROUP_ENTRIES + 1, "r"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SbeUserCodec().encode(user, buffer));
        assertEquals("roles has 65535 entries; an SBE group holds at most 65534", e.getMessage());
    }

    @Test
    void rejectsARepeatedMapKeyWithCodecException() {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("ka", "v");
        metadata.put("kb", "v");
        InfrastructureExecution x = new InfrastructureExecution("e", "p", "q", ExecutionStatus.RUNNING,
                TriggerType.API, 1L, 2L, 3L, List.of(), List.of(), List.of(), metadata, Map.of(), false, false,
                false, "");
        SbeInfrastructureExecutionCodec codec = new SbeInfrastructureExecutionCodec();
        int n = codec.encode(x, buffer);
        byte[] bytes = new byte[n];
        buffer.flip().get(bytes);
        // the second key's bytes: uint16 length 2, "kb"; make it "ka"
        int at = indexOf(bytes, new byte[] {2, 0, 'k', 'b'});
        bytes[at + 3] = 'a';
        CodecException e = assertThrows(CodecException.class, () -> codec.decode(ByteBuffer.wrap(bytes), n));
        assertTrue(e.getMessage().endsWith("metadata repeats the key 'ka'"), e.getMessage());
    }

    private static Order order(String clOrdId) {
        return new Order(clOrdId, "A", "S", Side.BUY, 1L, OrdType.LIMIT, 1.5, TimeInForce.DAY, 1L);
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
        throw new AssertionError("pattern not found");
    }
}
