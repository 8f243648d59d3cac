package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Why the Thrift codecs claim {@code measurement} and not {@code hostile-input}, pinned: libthrift 0.17's
 * generated readers throw an {@code Error} on each of these inputs, and nothing short of a guard on the measured
 * path (a pre-scan of the bytes) or a JVM-wide setting would stop it. The kit's own truncations and 10,000 seeded
 * corruptions do pass; these inputs are built, not found.
 *
 * <p>If a test here fails, libthrift has learned to refuse the input: try {@code HostileInputContract} again
 * and update the README and {@link ThriftCodecProvider}.
 */
class HostileInputLimitsTest {

    static List<MessageCodec<?>> codecs() {
        return new ThriftCodecProvider().codecs();
    }

    @Test
    void everyCodecClaimsMeasurementOnly() {
        for (MessageCodec<?> codec : codecs()) {
            assertEquals(Conformance.MEASUREMENT, codec.conformance(), codec.name());
        }
    }

    /**
     * A list of structs declaring 2^31 - 1 elements: field 5 ({@code MarketDataThrift.entries}) as a list
     * ({@code 59}), a list header of 15 or more structs ({@code FC}), the count as a varint. The compact protocol
     * checks a count against the bytes left times the smallest encoding of an element, which it takes as 0 for a
     * struct; the generated reader then asks for {@code new ArrayList<>(2147483647)}. (The JVM refuses an array
     * that long outright; a count of 2^27, {@code 59 FC 80 80 80 40}, does fill a 512 MB heap.) The same for
     * {@code InfrastructureExecutionThrift.approvals}, field 10.
     */
    @Test
    void aHugeCountOfStructsIsAnOutOfMemoryError() {
        MessageCodec<?> marketData = codecs().get(0);
        byte[] entries = HexFormat.of().parseHex("59FCFFFFFFFF07");
        assertThrows(OutOfMemoryError.class, () -> marketData.decode(ByteBuffer.wrap(entries), entries.length));
        assertThrows(OutOfMemoryError.class, () -> marketData.traverse(ByteBuffer.wrap(entries), entries.length));

        MessageCodec<?> infra = codecs().get(3);
        byte[] approvals = HexFormat.of().parseHex("A9FCFFFFFFFF07");
        assertThrows(OutOfMemoryError.class, () -> infra.decode(ByteBuffer.wrap(approvals), approvals.length));
    }

    /**
     * The same count of strings is refused: a string takes at least one byte, so the transport's check of the
     * count against the bytes left fails ({@code UserThrift.roles}, field 7, a list of 15 or more strings).
     */
    @Test
    void aHugeCountOfStringsIsRefused() {
        MessageCodec<?> user = codecs().get(1);
        byte[] roles = HexFormat.of().parseHex("79F8FFFFFFFF07");
        assertThrows(dev.wirebench.codec.CodecException.class, () -> user.decode(ByteBuffer.wrap(roles), roles.length));
    }

    /**
     * A field of a known id with another type, or of an unknown id, is skipped by {@code TProtocolUtil.skip}, which
     * recurses into a struct with no depth bound by default ({@code TProtocolUtil.setMaxSkipDepth} changes it for the
     * whole JVM). {@code 1C} is field 1 as a struct, and in a struct skipped again field 1 as a struct: a megabyte of
     * it recurses until the stack is gone. Every message has a field 1 of another type.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void deeplyNestedSkippedStructsAreAStackOverflowError(MessageCodec<?> codec) {
        byte[] nested = new byte[1 << 20];
        Arrays.fill(nested, (byte) 0x1C);
        assertThrows(StackOverflowError.class, () -> codec.decode(ByteBuffer.wrap(nested), nested.length));
        assertThrows(StackOverflowError.class, () -> codec.traverse(ByteBuffer.wrap(nested), nested.length));
        // and the codec is fine afterwards: a short nesting is an ordinary truncation
        byte[] shallow = Arrays.copyOf(nested, 100);
        assertTrue(assertThrows(dev.wirebench.codec.CodecException.class,
                () -> codec.decode(ByteBuffer.wrap(shallow), shallow.length)).getMessage().contains("ends"));
    }
}
