package dev.wirebench.codec.kit;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The allocation half of a codec's tier, for codecs that claim zero: encode (and, unless
 * {@link #traverseAllocatesNothing()} says otherwise, traverse) allocate nothing once warm.
 * A deterministic count of the bytes this thread allocated over many calls (HotSpot's per-thread
 * counter), not a timing test; less than one byte per call passes, which leaves room for the odd
 * JIT bookkeeping object and none for a per-call allocation.
 *
 * <p>Every codec of the provider is checked on each of {@link #fixtures()} in three buffer layouts:
 * a heap buffer whose array ends at the limit, a heap buffer at an offset with room past its limit,
 * and a direct buffer at an offset. Use: {@code class FooAllocationTest extends ZeroAllocationContract
 * { protected CodecProvider provider() { return new FooCodecProvider(); } }}.
 */
public abstract class ZeroAllocationContract {

    private static final int WARMUP = 50_000;
    private static final int MEASURED = 10_000;
    private static final int CAPACITY = 1 << 16;
    private static final int OFFSET = 7;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** The codecs under test; called once per case, so each case has fresh codecs. */
    protected abstract CodecProvider provider();

    /** Whether traverse must allocate nothing too (it reads in place); false where the format cannot. */
    protected boolean traverseAllocatesNothing() {
        return true;
    }

    /** The fixtures measured, by name: the reference and the non-ASCII one by default. */
    protected List<String> fixtures() {
        return List.of("reference", "unicode");
    }

    @TestFactory
    Stream<DynamicTest> encodeAllocatesNothing() {
        return cases("encode", (codec, message, checksum, buffer, size) -> {
            if (codec.encode(message, buffer) != size) {
                fail(codec.name() + ": encoded size changed");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> traverseAllocatesNothingWhenItReadsInPlace() {
        if (!traverseAllocatesNothing()) {
            return Stream.empty();
        }
        return cases("traverse", (codec, message, checksum, buffer, size) -> {
            // the checksum is checked so that the JIT cannot drop the work being measured
            if (codec.traverse(buffer, size) != checksum) {
                fail(codec.name() + ": traverse checksum changed");
            }
        });
    }

    /** One call of the operation measured, on a buffer positioned at the message; checks its result against the size or checksum. */
    @FunctionalInterface
    private interface Call {
        void run(MessageCodec<Object> codec, Object message, long checksum, ByteBuffer buffer, int size);
    }

    private Stream<DynamicTest> cases(String operation, Call call) {
        List<DynamicTest> tests = new ArrayList<>();
        int count = provider().codecs().size();
        for (int i = 0; i < count; i++) {
            int index = i;
            for (String fixture : fixtures()) {
                layout(tests, operation, index, fixture, "heap", 0, ByteBuffer::allocate, CAPACITY, call);
                layout(tests, operation, index, fixture, "heap at an offset, room past the limit", OFFSET,
                        ByteBuffer::allocate, CAPACITY / 2, call);
                layout(tests, operation, index, fixture, "direct at an offset", OFFSET, ByteBuffer::allocateDirect,
                        CAPACITY, call);
            }
        }
        return tests.stream();
    }

    private void layout(List<DynamicTest> tests, String operation, int index, String fixture, String layout, int start,
                        Function<Integer, ByteBuffer> allocate, int limit, Call call) {
        String name = provider().codecs().get(index).name() + " " + operation + " " + fixture + ", " + layout;
        tests.add(DynamicTest.dynamicTest(name, () -> {
            @SuppressWarnings("unchecked")
            MessageCodec<Object> codec = (MessageCodec<Object>) provider().codecs().get(index);
            Object message = fixture(codec, fixture);
            ByteBuffer buffer = allocate.apply(CAPACITY).limit(limit);
            int size = codec.encode(message, buffer.position(start));
            buffer.limit(start + size);
            // computed once: Checksum.of itself may allocate (map iteration), which is not the codec's doing
            long checksum = codec.messageType().checksum(message);
            assertEquals(checksum, codec.traverse(buffer.position(start), size));
            for (int i = 0; i < WARMUP; i++) {
                call.run(codec, message, checksum, buffer.limit(limit).position(start), size);
            }
            long before = allocated();
            for (int i = 0; i < MEASURED; i++) {
                call.run(codec, message, checksum, buffer.limit(limit).position(start), size);
            }
            long bytes = allocated() - before;
            double perCall = (double) bytes / MEASURED;
            System.out.printf("%s: %d bytes over %d calls (%.3f B/call)%n", name, bytes, MEASURED, perCall);
            assertTrue(perCall < 1.0, name + " allocated " + bytes + " bytes in " + MEASURED + " calls (" + perCall
                    + " per call); it must allocate nothing");
        }));
    }

    private static Object fixture(MessageCodec<?> codec, String name) {
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            if (sample.name().equals(name)) {
                return sample.message();
            }
        }
        throw new IllegalArgumentException("no fixture '" + name + "' for " + codec.messageType().id());
    }

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
