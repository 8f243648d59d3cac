package dev.wirebench.smpp.jmh;

import dev.wirebench.smpp.peer.PduCodecPeers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PduCodecBenchmark runs through JMH's own Runner, in this JVM, with tiny iterations and the gc profiler. */
class PduCodecBenchmarkTest {

    private static final List<String> METHODS = List.of("encode", "decode", "traverse", "roundTrip");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyLibraryPduAndMethodReportsAScoreAndOurEncodeAndFlyweightAllocateNothing() throws RunnerException {
        Options options = new OptionsBuilder()
                .include(PduCodecBenchmark.class.getName() + "\\.")
                // in this JVM: 48 forks would take minutes; the numbers do not matter here, only that each runs
                .forks(0)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(50))
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .timeout(TimeValue.seconds(10))
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Map<String, RunResult> byCase = new HashMap<>();
        for (RunResult result : results) {
            BenchmarkParams params = result.getParams();
            String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            byCase.put(method + " " + params.getParam("library") + " " + params.getParam("pdu"), result);
        }
        assertEquals(METHODS.size() * PduCodecPeers.NAMES.size() * PduCodecPeers.PDUS.size(), byCase.size(),
                new TreeSet<>(byCase.keySet()).toString());
        for (String method : METHODS) {
            for (String library : PduCodecPeers.NAMES) {
                for (String pdu : PduCodecPeers.PDUS) {
                    String key = method + " " + library + " " + pdu;
                    RunResult result = byCase.get(key);
                    assertNotNull(result, key);
                    assertTrue(result.getPrimaryResult().getScore() > 0, key + " has no score");
                    Result<?> alloc = result.getSecondaryResults().get("gc.alloc.rate.norm");
                    assertNotNull(alloc, key + " has no gc.alloc.rate.norm");
                    boolean flyweight = method.equals("traverse") && (pdu.equals("submit_sm") || pdu.equals("deliver_sm"));
                    if (library.equals("wirebench") && (method.equals("encode") || flyweight)) {
                        // JMH's own bookkeeping per iteration spread over the calls: far below one byte
                        assertTrue(alloc.getScore() < 1.0, key + " allocates " + alloc.getScore() + " B/op");
                    } else if (pdu.equals("submit_sm")) {
                        // the others allocate strings and arrays of a length known only at run time, which
                        // the JIT cannot take off the heap: a zero here would mean the profiler measured nothing
                        assertTrue(alloc.getScore() > 16, key + " allocates only " + alloc.getScore() + " B/op");
                    }
                }
            }
        }
    }
}
