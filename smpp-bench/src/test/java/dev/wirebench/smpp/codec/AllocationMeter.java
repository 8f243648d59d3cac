package dev.wirebench.smpp.codec;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated per call of an operation, from HotSpot's count of the bytes this thread allocated
 * around {@value #MEASURED} calls, after {@value #WARMUP} to let the JIT compile it: a deterministic
 * count, not a timing. Under one byte per call leaves room for the odd JIT bookkeeping object and none
 * for an allocation per call. The same method as codec-api's {@code ZeroAllocationContract}.
 */
final class AllocationMeter {

    static final int WARMUP = 50_000;
    static final int MEASURED = 10_000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /** Bytes this thread allocated per call of {@code call}, once warm. */
    static double bytesPerCall(Runnable call) {
        for (int i = 0; i < WARMUP; i++) {
            call.run();
        }
        long before = allocated();
        for (int i = 0; i < MEASURED; i++) {
            call.run();
        }
        return (double) (allocated() - before) / MEASURED;
    }

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
