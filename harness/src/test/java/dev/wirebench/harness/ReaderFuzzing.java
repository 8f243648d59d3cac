package dev.wirebench.harness;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the fuzz targets of the result-file readers share: the settings a fuzzing run needs, a bound on what one read
 * of a small file may allocate, and the one-line rule for the exception a bad file gets.
 */
public final class ReaderFuzzing {

    /**
     * The most one read of a fuzzer's file (a few KB) may allocate. The files' own structures are small: 64 MiB means
     * a length or size in the file was believed before the file could back it.
     */
    static final long ALLOCATION_LIMIT = 64L << 20;
    /** Twice what a fuzzing test JVM holds (Jazzer and -Xmx512m): past it, native memory was taken and kept. */
    static final int RSS_LIMIT_MB = 2048;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ReaderFuzzing() {
    }

    /**
     * Two settings a fuzzing run needs and JUnit's defaults get wrong, unless the command line set them: JUnit would
     * hold the whole fuzzing run, not each input, to the {@code @Timeout} that Jazzer passes to libFuzzer as the
     * per-input timeout (Jazzer issue 930), and Jazzer's JUnit runner turns libFuzzer's memory limit off. Call it from
     * the fuzz class's static initialiser, which runs before Jazzer reads its configuration; a test run (no
     * {@code JAZZER_FUZZ}) is left as it is.
     */
    public static void configureFuzzingRun() {
        String fuzz = System.getenv("JAZZER_FUZZ") != null ? System.getenv("JAZZER_FUZZ") : System.getProperty("JAZZER_FUZZ");
        if (fuzz == null || !(fuzz.equals("1") || fuzz.equalsIgnoreCase("true") || fuzz.equalsIgnoreCase("yes"))) {
            return;
        }
        if (System.getProperty("junit.jupiter.execution.timeout.mode") == null) {
            System.setProperty("junit.jupiter.execution.timeout.mode", "disabled");
        }
        int next = 0;
        while (System.getProperty("jazzer.internal.arg." + next) != null) {
            if (System.getProperty("jazzer.internal.arg." + next).startsWith("-rss_limit_mb=")) {
                return;
            }
            next++;
        }
        if (next == 0) {
            System.setProperty("jazzer.internal.arg.0", "wirebench-fuzz"); // libFuzzer's argv[0]
            next = 1;
        }
        System.setProperty("jazzer.internal.arg." + next, "-rss_limit_mb=" + RSS_LIMIT_MB);
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
