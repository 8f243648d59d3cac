package dev.wirebench.smpp.jmh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import dev.wirebench.smpp.client.SmppClientException;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SubmitSmResp;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ThroughputBenchmark runs through JMH's own Runner, in this JVM, with tiny iterations. */
class ThroughputBenchmarkTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void syncAndAsyncSubmitsAreAnsweredAndCounted() throws RunnerException {
        Options options = new OptionsBuilder()
                .include(ThroughputBenchmark.class.getName() + "\\.")
                .forks(0)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(2)
                .measurementTime(TimeValue.milliseconds(300))
                // a failed submit throws: with this the test fails instead of missing a result
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Map<String, RunResult> byMethod = new HashMap<>();
        for (RunResult result : results) {
            String benchmark = result.getParams().getBenchmark();
            byMethod.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), result);
        }
        assertEquals(2, byMethod.size(), byMethod.keySet().toString());
        RunResult sync = byMethod.get("submitSmSync");
        RunResult async = byMethod.get("submitSmAsync");
        assertNotNull(sync);
        assertNotNull(async);
        assertEquals(4, async.getParams().getThreads());
        assertEquals("64", async.getParams().getParam("window"));
        // a loopback round trip is well under 10 ms even on a loaded machine: 100/s is a floor, not a goal
        assertTrue(sync.getPrimaryResult().getScore() > 100, "sync " + sync.getPrimaryResult().getScore() + " ops/s");
        assertTrue(async.getPrimaryResult().getScore() > 100, "async " + async.getPrimaryResult().getScore() + " ops/s");
        assertEquals("ops/s", sync.getPrimaryResult().getScoreUnit());
    }

    @Test
    void aFailedAsyncSubmitStopsTheNextOperationInsteadOfCountingAsThroughput() {
        ThroughputBenchmark.AsyncSession session = new ThroughputBenchmark.AsyncSession();
        session.onComplete(new SubmitSmResp(CommandStatus.ESME_ROK, 1, "1"), null, 0);
        session.throwIfFailed();
        session.onComplete(new SubmitSmResp(CommandStatus.ESME_RTHROTTLED, 2, ""), null, 0);
        session.onComplete(null, new SmppClientException("no submit_sm_resp within 5000 ms"), 0);
        IllegalStateException e = assertThrows(IllegalStateException.class, session::throwIfFailed);
        assertEquals("2 submit_sm failed (the first: submit_sm_resp ESME_RTHROTTLED); a rate including them would be"
                + " wrong, so there is none", e.getMessage());
    }
}
