package dev.wirebench.smpp.jmh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MemoryBenchmark runs through JMH's own Runner in this JVM, 1,000 sessions per trial, one warm-up and
 * two measured iterations (so the mean over iterations is checked, not one iteration's share).
 */
class MemoryBenchmarkTest {

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void thousandPlatformSessionsCostAThreadEachAndVirtualOnesOnlyOnJdk21() throws RunnerException {
        Options options = new OptionsBuilder()
                .include(MemoryBenchmark.class.getName() + "\\.")
                .param("sessions", "1000")
                .forks(0)
                .warmupIterations(1)
                .measurementIterations(2)
                // the virtual trial fails in setup on JDK 17: the platform trial must still run
                .shouldFailOnError(false)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Map<String, RunResult> byThreads = new HashMap<>();
        for (RunResult result : results) {
            byThreads.put(result.getParams().getParam("threads"), result);
        }
        RunResult platform = byThreads.get(SessionThreads.PLATFORM);
        assertNotNull(platform, "no result for platform threads");
        assertTrue(platform.getPrimaryResult().getScore() > 0, "opening 1,000 sessions took no time");
        double threads = secondary(platform, "nativeThreadsPerSession");
        // a reader thread each, give or take the odd JVM thread coming or going
        assertTrue(threads > 0.95 && threads < 1.05, "platform: " + threads + " native threads per session");
        // a Socket, its streams and buffers, a Thread object, the session: a few hundred bytes at the least
        double heap = secondary(platform, "heapBytesPerSession");
        assertTrue(heap > 200 && heap < 64 * 1024, "platform: " + heap + " heap bytes per session");
        // at least the thread's stack pages it touched and its kernel side; the stack's reserve is not resident
        double rss = secondary(platform, "rssBytesPerSession");
        assertTrue(rss > 4096, "platform: " + rss + " RSS bytes per session");

        RunResult virtual = byThreads.get(SessionThreads.VIRTUAL);
        if (SessionThreads.virtualAvailable()) {
            assertNotNull(virtual, "no result for virtual threads on JDK " + Runtime.version().feature());
            double carriers = secondary(virtual, "nativeThreadsPerSession");
            assertTrue(carriers < 0.05, "virtual: " + carriers + " native threads per session");
            // a parked virtual thread keeps its stack on the heap
            double virtualHeap = secondary(virtual, "heapBytesPerSession");
            assertTrue(virtualHeap > 200 && virtualHeap < 64 * 1024, "virtual: " + virtualHeap + " heap bytes per session");
            double virtualRss = secondary(virtual, "rssBytesPerSession");
            // no native stack, no kernel thread: what a virtual session adds to the process is far less
            assertTrue(virtualRss < rss / 2, "virtual: " + virtualRss + " RSS bytes per session, platform " + rss);
        } else {
            assertFalse(byThreads.containsKey(SessionThreads.VIRTUAL), "virtual threads measured on JDK 17");
            assertEquals(1, results.size());
        }
    }

    private static double secondary(RunResult result, String name) {
        Result<?> value = result.getSecondaryResults().get(name);
        assertNotNull(value, name + " missing from " + result.getSecondaryResults().keySet());
        return value.getScore();
    }
}
