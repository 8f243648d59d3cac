package dev.wirebench.harness;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the fuzz targets of the result-file readers share (besides the conformance kit's {@code FuzzingRun}): a bound
 * on what one read of a small file may allocate, and the one-line rule for the exception a bad file gets.
 */
public final class ReaderFuzzing {

    /**
     * The most one read of a fuzzer's file (a few KB) may allocate. The files' own structures are small: 64 MiB means
     * a length or size in the file was believed before the file could back it.
     */
    static final long ALLOCATION_LIMIT = 64L << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ReaderFuzzing() {
    }

    /**
     * What {@code read} returns, failing when it allocated more than {@link #ALLOCATION_LIMIT}; measured once more
     * before it fails, as the first read down a new path loads classes in this thread.
     */
    public static <T> T bounded(String what, Supplier<T> read) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        T result = read.get();
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (allocated > ALLOCATION_LIMIT) {
            before = THREADS.getCurrentThreadAllocatedBytes();
            read.get();
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            if (allocated > ALLOCATION_LIMIT) {
                fail(what + " allocated " + (allocated >> 20) + " MiB: a size in the file was believed before the file"
                        + " could back it");
            }
        }
        return result;
    }

    /** The rule for a file that cannot be read: one line for the user, naming the file. */
    public static void assertOneLineNaming(RuntimeException refusal, Path file) {
        String message = refusal.getMessage();
        assertNotNull(message, refusal + ": a refusal must say why");
        assertTrue(message.indexOf('\n') < 0 && message.indexOf('\r') < 0,
                "a refusal is one line, not: " + message);
        assertTrue(message.contains(file.toString()), "a refusal names the file (" + file + "), not: " + message);
    }
}
