package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.history.HistoryWriter;
import dev.wirebench.harness.LatencyRecorder;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One engine's client side against a running server: orders for the warm-up and then the measured
 * window, the round trip of each to its fill (and to its ack) recorded from its stamp.
 *
 * <p>Every order's stamp is the {@link System#nanoTime()} it was meant to leave at: in closed loop the
 * moment it is sent, in open loop its slot in the schedule. Each report carries the stamp back in its
 * ClOrdID, so the receiving thread times it without a table of orders in flight, and a stall in the
 * engine is charged to every order scheduled behind it. Only orders whose stamp falls in the measured
 * window are recorded; the warm-up's are answered and dropped.
 */
public final class PingPongRun implements ReportListener {

    /** How long without a single report before the run is declared stalled. */
    static final Duration STALL = Duration.ofSeconds(10);
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** The schedule, fixed when the first order goes; published to the receiving thread through a volatile. */
    private record Window(long start, long measureStart, long measureEnd) {
    }

    /**
     * What one engine's run measured. Histograms are in nanoseconds; {@code senderLag} is how late the
     * open-loop sender sent each measured order after its intended time (empty in closed loop): the
     * part of every round trip that is the load generator's own wake-up. -1 where the JVM cannot tell.
     */
    public record Result(String engine, Load load, Histogram fills, Histogram acks, Histogram senderLag, long overflow,
                         long orders, double achievedRate, long gcCount, long gcMillis, long allocatedBytesPerOrder) {
    }

    private final Load load;
    private final Duration warmup;
    private final Duration duration;
    private final HistoryWriter history;
    private volatile Window window;

    // the receiving thread's own: recorded there, read by the caller once every order is answered
    private final LatencyRecorder fills = new LatencyRecorder();
    private final LatencyRecorder acks = new LatencyRecorder();
    private long measuredFills;
    private long lastMeasuredFill;
    private final StringBuilder receivedText = new StringBuilder(256);

    // the open-loop sender's own
    private final StringBuilder sentText = new StringBuilder(256);
    private final LatencyRecorder senderLag = new LatencyRecorder();
    /** Keeps the sender thread alive until the window's counters are read, so its allocation counts. */
    private final java.util.concurrent.CountDownLatch measured = new java.util.concurrent.CountDownLatch(1);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private volatile boolean sendingDone;
    private volatile String failure;
    private volatile FixClient client;

    private PingPongRun(Load load, Duration warmup, Duration duration, HistoryWriter history) {
        this.load = load;
        this.warmup = warmup;
        this.duration = duration;
        this.history = history;
    }

    /**
     * Connects, runs the warm-up and the measured window, waits for every order's fill, and closes.
     *
     * @param history where every message goes as {@code <nanotime>;<FIX>}, or null
     * @throws IOException when the client cannot connect or log on, the session ends, or the engine stalls
     */
    public static Result run(FixEngine engine, InetSocketAddress server, Load load, Duration warmup, Duration duration,
                             Duration logonTimeout, HistoryWriter history, PrintStream progress) throws IOException {
        PingPongRun run = new PingPongRun(load, warmup, duration, history);
        try (FixClient client = engine.connect(server, logonTimeout, run)) {
            run.client = client;
            // the first order's stamp starts the schedule, so a history file's first line plus the
            // warm-up is exactly where the measured window begins
            long start = System.nanoTime();
            run.window = new Window(start, start + warmup.toNanos(), start + warmup.toNanos() + duration.toNanos());
            Thread sender = null;
            if (load.closed()) {
                run.send(start, start);
            } else {
                sender = new Thread(run::sendOnSchedule, "fix-open-loop-sender");
                sender.setDaemon(true);
                sender.start();
            }
            JvmMeter before;
            JvmMeter after;
            try {
                before = run.awaitMeasureStart();
                run.awaitAllAnswered(engine.name(), progress);
                after = JvmMeter.now();
            } finally {
                run.measured.countDown();
            }
            if (sender != null) {
                join(sender);
            }
            return run.result(engine.name(), before, after);
        }
    }

    private static void join(Thread thread) throws IOException {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the open-loop sender ended", e);
        }
    }

    private void send(long stamp, long sendNanos) {
        try {
            if (history == null) {
                client.sendOrder(stamp);
                sent.incrementAndGet();
            } else {
                // the order's text is the client's "last order": in closed loop the first order goes from
                // this thread and the next from the receiving thread as soon as the fill arrives, which could
                // replace the last order (and reuse sentText) before this thread filed it, leaving the file
                // without the first order and analyse's warm-up counted from a later one. The lock makes
                // sending and filing one step; only senders take it (never the receiving thread's filing of
                // reports), so a sender blocked in write cannot hold up the reads that would free it. In open
                // loop the one sender takes it uncontended; without --history nobody does
                synchronized (sentText) {
                    client.sendOrder(stamp);
                    sent.incrementAndGet();
                    // the receiving thread may file this order's reports first; fix analyse allows for that
                    sentText.setLength(0);
                    client.appendLastOrder(sentText);
                    history.write(sendNanos, sentText);
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = "sending order " + (sent.get() + 1) + " failed: " + e.getMessage();
            sendingDone = true;
        }
    }

    /** Open loop: each order at its slot; late ones go at once, still stamped with their slot. */
    private void sendOnSchedule() {
        Window w = window;
        long interval = load.intervalNanos();
        for (long i = 0; failure == null; i++) {
            long intended = w.start() + i * interval;
            if (intended >= w.measureEnd()) {
                break;
            }
            long wait;
            // parked, the sender wakes some 50-60 µs late (the kernel's timer slack), and that lag is part of
            // every round trip: it is recorded and reported beside them. Spinning out the last stretch instead
            // was tried: it took the lag to ~0.1 µs but, on two cores, stole enough CPU from the engines to push
            // their p99 from ~0.15 ms to 1-2 ms, a worse distortion than a constant, visible lag
            while ((wait = intended - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            long now = System.nanoTime();
            if (intended - w.measureStart() >= 0) {
                senderLag.record(now - intended);
            }
            send(intended, now);
        }
        sendingDone = true;
        try {
            measured.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onReport(char execType, long stamp, FixText message) {
        long now = System.nanoTime();
        if (history != null) {
            receivedText.setLength(0);
            message.appendTo(receivedText);
            history.write(now, receivedText);
        }
        Window w = window;
        boolean measured = stamp - w.measureStart() >= 0 && stamp - w.measureEnd() < 0;
        if (execType == PingPong.EXEC_TYPE_NEW) {
            if (measured) {
                acks.record(now - stamp);
            }
            return;
        }
        if (measured) {
            fills.record(now - stamp);
            measuredFills++;
            lastMeasuredFill = now;
        }
        answered.incrementAndGet();
        if (load.closed()) {
            long next = System.nanoTime();
            if (next - w.measureEnd() < 0 && failure == null) {
                send(next, next);
            } else {
                sendingDone = true;
            }
        }
    }

    @Override
    public void onDisconnect(String why) {
        failure = "the session ended: " + why;
    }

    /** Sleeps until the measured window opens, and reads the JVM's counters then. */
    private JvmMeter awaitMeasureStart() throws IOException {
        long wait;
        while ((wait = window.measureStart() - System.nanoTime()) > 0 && failure == null) {
            LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)));
        }
        if (failure != null) {
            throw new IOException(failure);
        }
        return JvmMeter.now();
    }

    /** Waits until sending is over and every order sent has its fill, printing progress. */
    private void awaitAllAnswered(String engine, PrintStream progress) throws IOException {
        long lastAnswered = -1;
        long lastChange = System.nanoTime();
        long nextProgress = System.nanoTime() + PROGRESS_EVERY_NANOS;
        while (!(sendingDone && answered.get() == sent.get())) {
            if (failure != null) {
                throw new IOException(failure);
            }
            long now = System.nanoTime();
            long count = answered.get();
            if (count != lastAnswered) {
                lastAnswered = count;
                lastChange = now;
            } else if (now - lastChange > STALL.toNanos()) {
                throw new IOException("no ExecutionReport for " + STALL.toSeconds() + " s with " + (sent.get() - count)
                        + " order(s) unanswered (" + count + " answered): the " + engine + " server stalled");
            }
            if (now - nextProgress >= 0) {
                Window w = window;
                double elapsed = (now - w.start()) / 1e9;
                double total = (w.measureEnd() - w.start()) / 1e9;
                progress.printf("  %s: %.0f of %.0f s, %d orders answered%s%n", engine, Math.min(elapsed, total), total,
                        count, now - w.measureStart() < 0 ? " (warming up)" : "");
                nextProgress = now + PROGRESS_EVERY_NANOS;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    private Result result(String engine, JvmMeter before, JvmMeter after) {
        Window w = window;
        // closed loop: the window is what was asked for; open loop: until the last measured fill, so an
        // engine that fell behind the schedule shows a rate below the one asked for
        long nanos = load.closed() ? w.measureEnd() - w.measureStart()
                : Math.max(w.measureEnd(), lastMeasuredFill) - w.measureStart();
        double rate = measuredFills / (nanos / 1e9);
        long bytes = after.allocatedBytesSince(before);
        long perOrder = bytes < 0 || measuredFills == 0 ? -1 : bytes / measuredFills;
        return new Result(engine, load, fills.snapshot(), acks.snapshot(), senderLag.snapshot(), fills.overflowCount(),
                measuredFills, rate, after.gcCountSince(before), after.gcMillisSince(before), perOrder);
    }
}
