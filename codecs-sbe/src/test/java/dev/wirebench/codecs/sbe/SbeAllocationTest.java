package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * encode and traverse allocate nothing once warm: a deterministic count of the bytes this thread
 * allocated over many calls (HotSpot's per-thread counter), not a timing test.
 */
class SbeAllocationTest {

    private static final int WARMUP = 50_000;
    private static final int MEASURED = 10_000;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static Stream<Arguments> cases() {
        return Stream.of(
                cases(MessageType.MARKET_DATA, SbeMarketDataCodec::new),
                cases(MessageType.USER, SbeUserCodec::new),
                cases(MessageType.ORDER, SbeOrderCodec::new),
                cases(MessageType.INFRA_EXECUTION, SbeInfrastructureExecutionCodec::new)).flatMap(s -> s);
    }

    private static <T> Stream<Arguments> cases(MessageType<T> type, Supplier<MessageCodec<T>> codec) {
        return Stream.of(
                Arguments.of(Named.of(type.id() + " heap", codec.get()), ByteBuffer.allocate(1 << 16)),
                Arguments.of(Named.of(type.id() + " direct", codec.get()), ByteBuffer.allocateDirect(1 << 16)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    <T> void encodeAllocatesNothing(MessageCodec<T> codec, ByteBuffer buffer) {
        T message = Samples.reference(codec.messageType());
        int size = codec.encode(message, buffer.clear());
        for (int i = 0; i < WARMUP; i++) {
            encode(codec, message, buffer, size);
        }
        long before = allocated();
        for (int i = 0; i < MEASURED; i++) {
            encode(codec, message, buffer, size);
        }
        assertAllocatesNothing(codec.name() + " encode", allocated() - before);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    <T> void traverseAllocatesNothing(MessageCodec<T> codec, ByteBuffer buffer) {
        T message = Samples.reference(codec.messageType());
        int size = codec.encode(message, buffer.clear());
        buffer.flip();
        long checksum = codec.messageType().checksum(message);
        assertEquals(checksum, codec.traverse(buffer, size));
        for (int i = 0; i < WARMUP; i++) {
            traverse(codec, buffer, size, checksum);
        }
        long before = allocated();
        for (int i = 0; i < MEASURED; i++) {
            traverse(codec, buffer, size, checksum);
        }
        assertAllocatesNothing(codec.name() + " traverse", allocated() - before);
    }

    // the results are checked so that the JIT cannot drop the work being measured
    private static <T> void encode(MessageCodec<T> codec, T message, ByteBuffer buffer, int size) {
        if (codec.encode(message, buffer.clear()) != size) {
            fail(codec.name() + ": encoded size changed");
        }
    }

    private static void traverse(MessageCodec<?> codec, ByteBuffer buffer, int size, long checksum) {
        if (codec.traverse(buffer, size) != checksum) {
            fail(codec.name() + ": traverse checksum changed");
        }
    }

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static void assertAllocatesNothing(String what, long bytes) {
        double perCall = (double) bytes / MEASURED;
        System.out.printf("%s: %d bytes over %d calls (%.3f B/call)%n", what, bytes, MEASURED, perCall);
        assertTrue(perCall < 1.0, what + " allocated " + bytes + " bytes in " + MEASURED + " calls (" + perCall
                + " per call); it must allocate nothing");
    }
}
