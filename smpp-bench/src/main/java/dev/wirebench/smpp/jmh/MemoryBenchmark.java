package dev.wirebench.smpp.jmh;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.smpp.client.BlockingEsme;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * What an open SMPP session costs a client written the simple way, one blocking socket and one thread
 * per session ({@link BlockingEsme}), with platform threads and with virtual threads. The measured
 * operation opens {@code sessions} sessions (connect, bind_transceiver, a reader thread started and
 * blocked reading) and proves every reader alive with an enquire_link it must answer; its time is the
 * primary result. Around it, with the sessions open and the heap collected, the secondary results
 * ({@code @AuxCounters}, in JMH's JSON beside the score):
 * <ul>
 *   <li>{@code heapBytesPerSession}: used heap after GC, open minus before, over the sessions (a parked
 *       virtual thread's stack lives here);</li>
 *   <li>{@code rssBytesPerSession}: {@code VmRSS} from {@code /proc/self/status}, likewise (a platform
 *       thread's stack lives here);</li>
 *   <li>{@code nativeThreadsPerSession}: the {@code Threads} line, likewise: about 1 for platform, about
 *       0 for virtual threads, whose carriers are shared.</li>
 * </ul>
 * Without {@code /proc/self/status} (not Linux) the last two are NaN. The SMSC runs in a JVM of its
 * own ({@link SmscProcess}), so its side of each session is not counted. Virtual threads need JDK 21+:
 * on JDK 17 the virtual trials stop in setup with the one line "virtual threads not available on JDK 17
 * (need 21+)" and report nothing, and the platform trials run.
 *
 * <p>JMH sums an EVENTS counter over the measurement iterations, so each iteration reports its value
 * divided by their number: the score is the mean over iterations, one iteration's line a share of it.
 *
 * <p>Run it with {@code java -jar benchmarks.jar MemoryBenchmark} ({@code --no-prof}: the stack
 * profiler's thread dumps of a thousand threads slow the opening).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class MemoryBenchmark {

    /** Every wait of a session (connect, bind, the enquire_link's answer, unbind) is bounded by this. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The SMSC, the kind of thread, and the sessions open during one iteration. */
    @State(Scope.Benchmark)
    public static class Sessions {

        @Param({"10", "100", "1000"})
        public int sessions;

        /** {@code platform} or {@code virtual} (JDK 21+) threads for the sessions' readers. */
        @Param({SessionThreads.PLATFORM, SessionThreads.VIRTUAL})
        public String threads;

        ThreadFactory factory;
        ServerProcess smsc;
        int port;
        final List<BlockingEsme> open = new ArrayList<>();

        @Setup(Level.Trial)
        public void startSmsc() throws IOException {
            // before the SMSC starts: on JDK 17 a virtual trial ends here, with its one line and no numbers
            factory = SessionThreads.factory(threads, "esme-reader-");
            smsc = SmscProcess.start();
            port = smsc.address().getPort();
        }

        @TearDown(Level.Trial)
        public void stopSmsc() {
            closeAll();
            if (smsc != null) {
                smsc.close();
            }
        }

        void closeAll() {
            // unbind all first, so their answers come back together rather than one round trip after another
            for (BlockingEsme esme : open) {
                esme.unbind();
            }
            for (BlockingEsme esme : open) {
                esme.close();
            }
            for (BlockingEsme esme : open) {
                if (esme.isReading()) {
                    throw new IllegalStateException("a session's reader did not end within " + TIMEOUT.toMillis() + " ms of close");
                }
            }
            open.clear();
        }
    }

    /**
     * The secondary results: every public field is one, in JMH's JSON as
     * {@code "secondaryMetrics"} of the benchmark.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Footprint {

        public double heapBytesPerSession;
        public double rssBytesPerSession;
        public double nativeThreadsPerSession;

        private long heapBefore;
        private ProcessStatus statusBefore;

        @Setup(Level.Iteration)
        public void before() throws InterruptedException {
            heapBytesPerSession = 0;
            rssBytesPerSession = 0;
            nativeThreadsPerSession = 0;
            heapBefore = heapAfterGc();
            statusBefore = ProcessStatus.settled();
        }

        /** Measures with the sessions open, then closes them; JMH reads the fields after this. */
        @TearDown(Level.Iteration)
        public void after(Sessions s, BenchmarkParams benchmark, IterationParams iteration) throws InterruptedException {
            try {
                long heap = heapAfterGc();
                ProcessStatus status = ProcessStatus.settled();
                int n = s.open.size();
                // JMH sums EVENTS over measurement iterations: a share of each keeps the score a mean
                double share = iteration.getType() == IterationType.MEASUREMENT
                        ? 1.0 / benchmark.getMeasurement().getCount() : 1.0;
                heapBytesPerSession = share * (heap - heapBefore) / n;
                rssBytesPerSession = share * (status.rssBytes() - statusBefore.rssBytes()) / n;
                nativeThreadsPerSession = share * (status.threads() - statusBefore.threads()) / n;
            } finally {
                s.closeAll();
            }
        }

        private static long heapAfterGc() {
            // a few collections: one may leave what finalization or reference processing frees for the next
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
    }

    @Benchmark
    public int openSessions(Sessions s, Footprint f) throws IOException, InterruptedException {
        for (int i = 0; i < s.sessions; i++) {
            BlockingEsme esme = BlockingEsme.connect("127.0.0.1", s.port, SmscProcess.SYSTEM_ID,
                    SmscProcess.PASSWORD, TIMEOUT);
            s.open.add(esme);
            esme.startReader(s.factory);
        }
        // a session counts once its reader has read something: a thread that never got to run weighs less
        for (BlockingEsme esme : s.open) {
            esme.enquireLink();
        }
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        for (BlockingEsme esme : s.open) {
            while (esme.enquireLinksAnswered() == 0) {
                if (System.nanoTime() > deadline || !esme.isReading()) {
                    throw new IllegalStateException("a session's reader did not see its enquire_link_resp within "
                            + TIMEOUT.toMillis() + " ms");
                }
                Thread.sleep(1);
            }
        }
        return s.open.size();
    }
}
