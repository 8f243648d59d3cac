package dev.wirebench.harness.rig;

import dev.wirebench.harness.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The one load rig: N sessions of a {@link LoadTarget}, each with up to W requests in flight, in closed loop or
 * at a fixed rate, a warm-up and then the measured time in windows; every request stamped inside the measured
 * time is timed from its stamp to each of its responses.
 *
 * <p>Every stamp is the {@link System#nanoTime()} the request was meant to leave at: in closed loop the moment it
 * is sent (from the callback that completed the one before), at a fixed rate its slot in the schedule, so a stall
 * is charged to every request scheduled behind it. At a fixed rate one sender thread serves the sessions in turn
 * and waits for a place when a session has W in flight; how late it sent each request is recorded apart as the
 * sender's lag.
 *
 * <p>A run that loses its server, or hears nothing for {@link RigPlan#stall()} with requests in flight, ends
 * there: the result keeps what was measured and says what happened when.
 */
public final class Rig {

    /** The histograms' range: a latency above it is recorded as it and counted as overflow. */
    static final long HIGHEST_NANOS = TimeUnit.MINUTES.toNanos(10);
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final LoadTarget target;
    private final Load load;
    private final RigPlan plan;
    private final Recorder[] recorders;
    private final AtomicLong overflow = new AtomicLong();
    private final List<Session> sessions = new ArrayList<>();
    private final LatencyRecorder senderLag = new LatencyRecorder(HIGHEST_NANOS);
    /** Keeps the sender alive until the measured time's counters are read, so its allocation counts. */
    private final CountDownLatch counted = new CountDownLatch(1);

    // the schedule, fixed before the first request goes
    private volatile long start;
    private volatile long measureStart;
    private volatile long measureEnd;
    private volatile boolean stopping;
    private volatile long lastProgress;
    private volatile String failure;
    private volatile boolean senderDone;

    private Rig(LoadTarget target, Load load, RigPlan plan) {
        this.target = target;
        this.load = load;
        this.plan = plan;
        if (load.closed() && plan.inFlight() == RigPlan.UNLIMITED) {
            throw new IllegalArgumentException("closed loop needs a number of requests in flight per session");
        }
        List<String> responses = target.responses();
        if (responses.isEmpty()) {
            throw new IllegalArgumentException(target.name() + " names no response to time");
        }
        recorders = new Recorder[responses.size()];
        for (int i = 0; i < recorders.length; i++) {
            recorders[i] = new Recorder(HIGHEST_NANOS, 3);
        }
    }

    /**
     * Opens the sessions, runs the warm-up and the measured time, waits for every measured request to complete,
     * and closes the sessions.
     *
     * @param windows  hears each window of the measured time (the interval log)
     * @param progress gets a line every few seconds
     * @throws IOException when the sessions cannot be opened; anything later ends in the result's failure
     */
    public static RigResult run(LoadTarget target, InetSocketAddress server, Load load, RigPlan plan,
                                WindowListener windows, PrintStream progress) throws IOException {
        return new Rig(target, load, plan).run(server, windows, progress);
    }

    private RigResult run(InetSocketAddress server, WindowListener windows, PrintStream progress) throws IOException {
        Idle idle = plan.idle();
        int inFlight = plan.inFlight();
        List<Responses> receivers = new ArrayList<>();
        for (int i = 0; i < plan.sessions(); i++) {
            Session s = new Session(this, recorders.length, inFlight, idle);
            sessions.add(s);
            receivers.add(s);
        }
        List<Transceiver> transceivers = target.connect(server, receivers, plan.connectTimeout());
        if (transceivers.size() != sessions.size()) {
            transceivers.forEach(Transceiver::close);
            throw new IllegalStateException(target.name() + " opened " + transceivers.size() + " sessions, not "
                    + sessions.size());
        }
        for (int i = 0; i < sessions.size(); i++) {
            sessions.get(i).transceiver = transceivers.get(i);
        }
        Thread sender = null;
        try {
            long now = System.nanoTime();
            start = now;
            measureStart = now + plan.warmup().toNanos();
            measureEnd = measureStart + plan.duration().toNanos();
            lastProgress = now;
            if (load.closed()) {
                // all meant to leave at the start: a history's first order is then where the warm-up is counted from
                for (Session s : sessions) {
                    for (int i = 0; i < inFlight && s.inFlight.tryTake() && failure == null; i++) {
                        s.send(now);
                    }
                }
            } else {
                sender = new Thread(this::sendOnSchedule, "rig-sender");
                sender.setDaemon(true);
                sender.start();
            }
            return measure(sender, windows, progress);
        } finally {
            counted.countDown();
            stopping = true;
            if (sender != null) {
                join(sender);
            }
            transceivers.forEach(Transceiver::close);
        }
    }

    /** The window loop, then the drain; returns the result with whatever ended it. */
    private RigResult measure(Thread sender, WindowListener windows, PrintStream progress) {
        String name = target.name();
        int count = plan.windows();
        long windowNanos = plan.window().toNanos();
        // each recorder hands back its own interval histogram, recycled from the one before
        Histogram[] window = new Histogram[recorders.length];
        Histogram[] total = histograms();
        List<Long> perWindow = new ArrayList<>();
        JvmMeter before = null;
        long nextProgress = start + PROGRESS_EVERY_NANOS;
        long lastCompleted = 0;
        while (failure == null) {
            long now = System.nanoTime();
            if (before == null && now - measureStart >= 0) {
                before = JvmMeter.now();
                windows.measuring(System.currentTimeMillis() - (System.nanoTime() - measureStart) / 1_000_000);
            }
            int index = perWindow.size();
            long windowEnd = measureStart + (index + 1) * windowNanos;
            boolean lastWindow = index == count - 1;
            if (before != null && index < count && !lastWindow && now - windowEnd >= 0) {
                perWindow.add(closeWindow(index, windowEnd - windowNanos, windowEnd, window, total, windows));
                continue;
            }
            if (now - measureEnd >= 0) {
                stopping = true;
                if (drained(sender) || stalled(now)) {
                    break;
                }
            } else if (stalled(now)) {
                break;
            }
            if (now - nextProgress >= 0) {
                long completed = completed();
                progress.printf(Locale.ROOT, "  %s: %.0f of %.0f s, %,.0f requests/s%s%n", name, (now - start) / 1e9,
                        (measureEnd - start) / 1e9, (completed - lastCompleted) / (PROGRESS_EVERY_NANOS / 1e9),
                        now - measureStart < 0 ? " (warming up)" : now - measureEnd >= 0 ? " (waiting for responses)" : "");
                lastCompleted = completed;
                nextProgress += PROGRESS_EVERY_NANOS;
            }
            LockSupport.parkNanos(TICK_NANOS);
        }
        stopping = true;
        JvmMeter after = JvmMeter.now();
        if (before == null) {
            before = after;
        }
        // the last window holds what came after the measured time to requests sent inside it
        int index = perWindow.size();
        long from = measureStart + index * plan.window().toNanos();
        perWindow.add(closeWindow(index, from, Math.max(System.nanoTime(), from), window, total, windows));
        return result(total, perWindow, before, after);
    }

    private long closeWindow(int index, long from, long to, Histogram[] window, Histogram[] total,
                             WindowListener listener) {
        for (int i = 0; i < recorders.length; i++) {
            window[i] = recorders[i].getIntervalHistogram(window[i]);
            total[i].add(window[i]);
        }
        listener.window(index, from - measureStart, to - measureStart, List.of(window));
        return window[window.length - 1].getTotalCount();
    }

    private Histogram[] histograms() {
        Histogram[] h = new Histogram[recorders.length];
        for (int i = 0; i < h.length; i++) {
            h[i] = new Histogram(HIGHEST_NANOS, 3);
        }
        return h;
    }

    /** Every request sent has completed, and no more will go. */
    private boolean drained(Thread sender) {
        if (sender != null && !senderDone) {
            return false;
        }
        for (Session s : sessions) {
            if (s.completed.get() != s.sent.get()) {
                return false;
            }
        }
        return true;
    }

    private boolean stalled(long now) {
        if (now - lastProgress < plan.stall().toNanos() || inFlight() == 0) {
            return false;
        }
        fail("no response for " + plan.stall().toSeconds() + " s with " + inFlight() + " request(s) in flight: the "
                + target.name() + " server stalled");
        return true;
    }

    private long inFlight() {
        long n = 0;
        for (Session s : sessions) {
            n += s.sent.get() - s.completed.get();
        }
        return n;
    }

    private long completed() {
        long n = 0;
        for (Session s : sessions) {
            n += s.completed.get();
        }
        return n;
    }

    /** At a fixed rate: each request at its slot, the sessions in turn; late ones go at once, still stamped with their slot. */
    private void sendOnSchedule() {
        long interval = load.intervalNanos();
        Idle idle = plan.idle();
        int n = sessions.size();
        try {
            for (long k = 0; failure == null; k++) {
                long intended = start + k * interval;
                if (intended - measureEnd >= 0) {
                    break;
                }
                idle.until(intended);
                Session s = sessions.get((int) (k % n));
                if (!s.inFlight.take(intended + plan.stall().toNanos())) {
                    fail("session " + (k % n) + " kept " + plan.inFlight() + " requests in flight for "
                            + plan.stall().toSeconds() + " s: the " + target.name() + " server stalled");
                    break;
                }
                long now = System.nanoTime();
                if (measured(intended)) {
                    senderLag.record(now - intended);
                }
                s.send(intended);
            }
        } finally {
            senderDone = true;
        }
        try {
            counted.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void join(Thread thread) {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private RigResult result(Histogram[] total, List<Long> perWindow, JvmMeter before, JvmMeter after) {
        long sent = 0;
        long completed = 0;
        long timeouts = 0;
        long errors = 0;
        long last = measureStart;
        for (Session s : sessions) {
            sent += s.measuredSent.get();
            completed += s.measuredCompleted.get();
            timeouts += s.timeouts.get();
            errors += s.errors.get();
            if (s.lastMeasuredCompletion != 0 && s.lastMeasuredCompletion - last > 0) {
                last = s.lastMeasuredCompletion;
            }
        }
        long ended = failure == null ? measureEnd : Math.min(measureEnd, Math.max(measureStart + 1, lastProgress));
        // at a fixed rate until the last measured completion, so a target that fell behind shows a lower rate
        long nanos = load.closed() || failure != null ? ended - measureStart : Math.max(measureEnd, last) - measureStart;
        double rate = completed / (Math.max(1, nanos) / 1e9);
        // the rig's own thread (interval logs, progress, this result) is not what the client under test allocates
        long bytes = after.allocatedBytesSince(before, Thread.currentThread().getId());
        long perRequest = bytes < 0 || completed == 0 ? -1 : bytes / completed;
        return new RigResult(target.name(), load, plan, target.responses(), List.of(total),
                senderLag.snapshot(), perWindow, sent, completed, timeouts,
                errors, overflow.get() + senderLag.overflowCount(), rate, after.gcCountSince(before),
                after.gcMillisSince(before), perRequest, after.coresSince(before), target.counts(), failure);
    }

    // called by the sessions

    /** Whether a request with this stamp is measured. */
    boolean measured(long stamp) {
        return stamp - measureStart >= 0 && stamp - measureEnd < 0;
    }

    /** Records a latency of response {@code kind}, clamped to the range. */
    void record(int kind, long nanos) {
        if (nanos > HIGHEST_NANOS) {
            overflow.incrementAndGet();
            nanos = HIGHEST_NANOS;
        }
        recorders[kind].recordValue(Math.max(0, nanos));
    }

    /** A request completed now. */
    void progress(long now) {
        lastProgress = now;
    }

    /** In closed loop, whether a completion at {@code now} sends the next request. */
    boolean sendsNext(long now) {
        return load.closed() && !stopping && failure == null && now - measureEnd < 0;
    }

    /** Ends the run, keeping the first reason and saying when it came. */
    void fail(String why) {
        if (failure != null) {
            return;
        }
        long now = System.nanoTime();
        String when = now - measureStart < 0
                ? String.format(Locale.ROOT, " (%.1f s into the warm-up)", (now - start) / 1e9)
                : String.format(Locale.ROOT, " (%.1f s into the measured time)", (now - measureStart) / 1e9);
        failure = why + when;
        stopping = true;
    }
}
