package dev.wirebench.smpp.jmh;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.client.SmppClientException;
import dev.wirebench.smpp.client.SubmitListener;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * submit_sm through our Netty {@link Esme} to our Netty {@link Smsc} on loopback, in this JVM, both
 * started once per trial on a free port of 127.0.0.1; the SMSC answers at once, without receipts.
 * <ul>
 *   <li>{@code submitSmSync}: window 1, one thread: send, wait for the submit_sm_resp, send the next.</li>
 *   <li>{@code submitSmAsync}: one session with a window of {@code window} requests in flight, fed by 4
 *       threads; an operation sends one submit_sm and blocks only while the window is full.</li>
 * </ul>
 * Both in operations per second, an operation being one submit_sm answered with ESME_ROK. The four
 * async threads share one session rather than having one each, so that {@code window} is what is in
 * flight in all (64 is 64, not 4 × 64) and the result sits beside {@code submitSmSync}'s one session:
 * the difference is the window alone. (The {@code smpp} subcommand sweeps windows over several sessions.)
 *
 * <p>No failure is ever counted as throughput: an error status, a generic_nack or a timeout makes the
 * next operation (or the iteration's end) throw, and JMH reports the benchmark failed. At each
 * iteration's end the requests still in flight (at most the window) are drained, so none is answered
 * into the next iteration; they were sent within the iteration and are answered after its clock stops,
 * an overcount of at most {@code window} operations per iteration.
 *
 * <p>Run it with {@code java -jar benchmarks.jar ThroughputBenchmark} ({@code -p window=1,8,64,512}
 * for more windows).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ThroughputBenchmark {

    private static final String SYSTEM_ID = "bench";
    private static final String PASSWORD = "bench";
    private static final SubmitSm SUBMIT = SmppSamples.SUBMIT_SM;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    /** An SMSC and one bound ESME session on loopback. */
    abstract static class Loopback {
        Smsc smsc;
        Esme esme;

        void start(int window) throws IOException, InterruptedException {
            // no idle timeout and no keep-alive: neither may fire between iterations and take a round trip
            smsc = Smsc.start(SmscConfig.of(Map.of(SYSTEM_ID, PASSWORD)).withIdleTimeout(Duration.ZERO));
            esme = Esme.connect(EsmeConfig.of(smsc.port(), SYSTEM_ID, PASSWORD).withWindow(window)
                    .withRequestTimeout(REQUEST_TIMEOUT).withEnquireLinkInterval(Duration.ZERO));
        }

        void stop() {
            if (esme != null) {
                esme.close();
            }
            if (smsc != null) {
                smsc.close();
            }
        }
    }

    /** Window 1. */
    @State(Scope.Benchmark)
    public static class SyncSession extends Loopback {

        @Setup(Level.Trial)
        public void setUp() throws IOException, InterruptedException {
            start(1);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            stop();
        }
    }

    /** One session with {@code window} in flight, shared by the benchmark's threads; hears every answer. */
    @State(Scope.Benchmark)
    public static class AsyncSession extends Loopback implements SubmitListener {

        /** submit_sm in flight at most on the one session. */
        @Param({"64"})
        public int window;

        private final LongAdder failures = new LongAdder();
        private final AtomicReference<String> firstFailure = new AtomicReference<>();
        private volatile boolean failed;

        @Setup(Level.Trial)
        public void setUp() throws IOException, InterruptedException {
            start(window);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            stop();
        }

        @Override
        public void onComplete(SubmitSmResp response, Throwable error, long sentNanos) {
            // on the session's event loop: count and remember, the benchmark's threads throw
            if (error != null || response.commandStatus() != CommandStatus.ESME_ROK) {
                failures.increment();
                firstFailure.compareAndSet(null, error != null ? String.valueOf(error)
                        : "submit_sm_resp " + CommandStatus.name(response.commandStatus()));
                failed = true;
            }
        }

        void throwIfFailed() {
            if (failed) {
                throw new IllegalStateException(failures.sum() + " submit_sm failed (the first: " + firstFailure.get()
                        + "); a rate including them would be wrong, so there is none");
            }
        }

        /** Waits for every request of the iteration to be answered, then fails the iteration if any failed. */
        @TearDown(Level.Iteration)
        public void drain() throws InterruptedException {
            // a request is answered or failed within 1.1 request timeouts: wait a little longer than that
            long deadline = System.nanoTime() + REQUEST_TIMEOUT.toNanos() * 2;
            while (esme.stats().inFlight() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            long left = esme.stats().inFlight();
            if (left > 0) {
                throw new IllegalStateException(left + " submit_sm still in flight " + 2 * REQUEST_TIMEOUT.toMillis()
                        + " ms after the iteration ended");
            }
            throwIfFailed();
        }
    }

    @Benchmark
    public SubmitSmResp submitSmSync(SyncSession s) throws SmppClientException, InterruptedException {
        // a timeout or generic_nack throws from submitSync; an error status is a response, so checked here
        SubmitSmResp resp = s.esme.submitSync(SUBMIT);
        if (resp.commandStatus() != CommandStatus.ESME_ROK) {
            throw new IllegalStateException("submit_sm_resp " + CommandStatus.name(resp.commandStatus()));
        }
        return resp;
    }

    @Benchmark
    @Threads(4)
    public void submitSmAsync(AsyncSession s) throws InterruptedException {
        // a volatile read per call: a failure stops the trial at once instead of at the iteration's end
        s.throwIfFailed();
        s.esme.submit(SUBMIT, s);
    }
}
