package dev.wirebench.harness.fault;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduled faults of a run on a thread of their own: the link down for {@link Faults#flapFor()} every
 * {@link Faults#flapEvery()}, the server restarted every {@link Faults#restartEvery()}, the first of each one
 * period after the start. Each event is kept, with when it happened and how long it took, for the report.
 */
public final class FaultSchedule implements AutoCloseable {

    /** Stops the server and starts it again on the same address; returns when it listens. */
    @FunctionalInterface
    public interface Restart {
        void restart() throws IOException;
    }

    /**
     * One scheduled fault.
     *
     * @param at     seconds after the schedule started
     * @param what   {@code link down 500 ms}, {@code server restart}
     * @param millis how long it took: the link was down, the server was away
     */
    public record Event(double at, String what, double millis) {
    }

    private final Faults faults;
    private final FaultLink link;
    private final Restart restart;
    private final PrintStream log;
    private final List<Event> events = new ArrayList<>();
    private final Thread thread;
    private final long start = System.nanoTime();
    private volatile boolean stopped;
    private volatile String failure;

    private FaultSchedule(Faults faults, FaultLink link, Restart restart, PrintStream log) {
        this.faults = faults;
        this.link = link;
        this.restart = restart;
        this.log = log;
        this.thread = new Thread(this::run, "fault-schedule");
        thread.setDaemon(true);
    }

    /**
     * Starts the schedule now.
     *
     * @param restart how to restart the server; null when the faults ask for no restarts
     */
    public static FaultSchedule start(Faults faults, FaultLink link, Restart restart, PrintStream log) {
        if (faults.restarts() && restart == null) {
            throw new IllegalArgumentException("the faults restart the server but nothing says how");
        }
        FaultSchedule schedule = new FaultSchedule(faults, link, restart, log);
        schedule.thread.start();
        return schedule;
    }

    private void run() {
        long flapEvery = faults.flapEvery().toNanos();
        long restartEvery = faults.restartEvery().toNanos();
        long nextFlap = faults.flaps() ? start + flapEvery : Long.MAX_VALUE;
        long nextRestart = faults.restarts() ? start + restartEvery : Long.MAX_VALUE;
        try {
            while (!stopped && (nextFlap != Long.MAX_VALUE || nextRestart != Long.MAX_VALUE)) {
                long next = Math.min(nextFlap, nextRestart);
                if (!waitUntil(next)) {
                    return;
                }
                if (next == nextFlap) {
                    flap();
                    nextFlap = following(nextFlap, flapEvery);
                } else {
                    restart();
                    nextRestart = following(nextRestart, restartEvery);
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = "the fault schedule failed: " + e.getMessage();
            log.println("  " + failure);
        }
    }

    /**
     * The next time on the schedule after {@code last} that is still ahead: a restart that took longer than the
     * period (a cold JVM on a busy machine) skips the times it overran, so the server is never restarted again
     * the moment it is back.
     */
    private static long following(long last, long every) {
        long next = last + every;
        long now = System.nanoTime();
        while (next - now <= 0) {
            next += every;
        }
        return next;
    }

    private void flap() throws IOException {
        long down = System.nanoTime();
        link.down();
        try {
            waitUntil(down + faults.flapFor().toNanos());
        } finally {
            link.up();
        }
        note(down, "link down " + Faults.millis(faults.flapFor()), System.nanoTime() - down);
    }

    private void restart() throws IOException {
        long began = System.nanoTime();
        restart.restart();
        note(began, "server restart", System.nanoTime() - began);
    }

    private void note(long began, String what, long nanos) {
        Event e = new Event((began - start) / 1e9, what, nanos / 1e6);
        synchronized (events) {
            events.add(e);
        }
        log.printf(Locale.ROOT, "  fault at %.1f s: %s (%.0f ms)%n", e.at(), what, e.millis());
    }

    /** Parks until {@code deadline}; false when stopped first. */
    private boolean waitUntil(long deadline) {
        for (long wait = deadline - System.nanoTime(); wait > 0 && !stopped; wait = deadline - System.nanoTime()) {
            LockSupport.parkNanos(this, Math.min(wait, 100_000_000L));
        }
        return !stopped;
    }

    /** The faults made so far, in order. */
    public List<Event> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    /** Why the schedule stopped early, or null. */
    public String failure() {
        return failure;
    }

    /** Stops the schedule, bringing the link back up if a flap was under way. */
    @Override
    public void close() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
