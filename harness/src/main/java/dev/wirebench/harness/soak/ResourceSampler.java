package dev.wirebench.harness.soak;

import dev.wirebench.harness.JvmResources;
import dev.wirebench.harness.rig.WindowListener;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Samples a server JVM's resources, and this JVM's, on a thread of its own every interval from the moment it
 * starts, appending each sample to a CSV at once, so a soak stopped part way keeps what it sampled. A sample reads
 * the server through {@code server} (for a {@link dev.wirebench.harness.ServerProcess}, its answer on its input and
 * the OS's figures of its process), so a server that has stopped answering still shows its RSS and threads.
 */
public final class ResourceSampler implements AutoCloseable {

    /** The CSV's header: minutes from the start, then the server's figures and this JVM's. */
    public static final String HEADER = "minutes," + columns("server") + "," + columns("client");

    /**
     * One sample.
     *
     * @param minutes since the sampler started
     * @param server  the server JVM's figures
     * @param client  this JVM's (the load generator's)
     */
    public record Sample(double minutes, JvmResources server, JvmResources client) {

        /** The sample as a line of the CSV. */
        String csv() {
            return String.format(Locale.ROOT, "%.4f,%s,%s", minutes, csv(server), csv(client));
        }

        private static String csv(JvmResources r) {
            return r.heapAfterGc() + "," + r.gcs() + "," + r.forcedGcs() + "," + r.heapUsed() + "," + r.javaThreads() + "," + r.rss() + ","
                    + r.osThreads();
        }
    }

    private final Supplier<JvmResources> server;
    private final Duration every;
    private final Path csv;
    private final PrintStream progress;
    private final List<Sample> samples = new ArrayList<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private Thread thread;

    /**
     * @param server   reads the server's figures (a bounded wait: a sample must not hang the soak)
     * @param csv      the file each sample is appended to, its header first
     * @param progress gets a line per sample
     */
    public ResourceSampler(Supplier<JvmResources> server, Duration every, Path csv, PrintStream progress) {
        this.server = server;
        this.every = every;
        this.csv = csv;
        this.progress = progress;
    }

    private static String columns(String who) {
        return String.join(",", List.of(who + "_heap_after_gc_bytes", who + "_gcs", who + "_forced_gcs", who + "_heap_used_bytes",
                who + "_java_threads", who + "_rss_bytes", who + "_os_threads"));
    }

    /** Takes the first sample now and one every interval after, until {@link #stop()}. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        append(HEADER, StandardOpenOption.TRUNCATE_EXISTING);
        long start = System.nanoTime();
        thread = new Thread(() -> sampleUntilStopped(start), "soak-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** {@code log}, and the sampling started as the measured time begins, so the samples' minutes are the rig's. */
    public WindowListener startingWith(WindowListener log) {
        return new WindowListener() {
            @Override
            public void measuring(long epochMillis) {
                start();
                log.measuring(epochMillis);
            }

            @Override
            public void window(int index, long startNanos, long endNanos, List<Histogram> latency) {
                log.window(index, startNanos, endNanos, latency);
            }
        };
    }

    private void sampleUntilStopped(long start) {
        long intervalNanos = every.toNanos();
        for (long k = 0; ; k++) {
            long due = start + k * intervalNanos;
            try {
                // waits for the due time or the stop, whichever comes first
                if (stop.await(Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            Sample s = new Sample((System.nanoTime() - start) / 60e9, server.get(), JvmResources.self());
            synchronized (samples) {
                samples.add(s);
            }
            append(s.csv(), StandardOpenOption.APPEND);
            progress.printf(Locale.ROOT, "  sample at %.1f min: server heap after GC %s, RSS %s, %d threads%n",
                    s.minutes(), megabytes(s.server().heapAfterGc()), megabytes(s.server().rss()), s.server().threads());
        }
    }

    static String megabytes(long bytes) {
        return bytes < 0 ? "unknown" : String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    private void append(String line, StandardOpenOption how) {
        try {
            Files.writeString(csv, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, how,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + csv + ": " + e.getMessage(), e);
        }
    }

    /** Stops sampling (a sample under way is finished) and returns every sample taken. */
    public List<Sample> stop() {
        stop.countDown();
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            try {
                // bounded: a sample waits at most its server's timeout
                t.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return samples();
    }

    /** The samples so far. */
    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
