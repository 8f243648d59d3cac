package dev.wirebench.harness.rig;

import dev.wirebench.harness.Durations;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How one measurement runs, apart from the load: N sessions × W in flight each, a warm-up and then the measured
 * time cut into windows (each window's histograms go to the interval log), the way the rig's threads wait, and
 * how long it waits for sessions and for silence.
 *
 * @param sessions       sessions opened to the server
 * @param inFlight       requests each session may have in flight: in closed loop it keeps exactly this many;
 *                       at a fixed rate the sender waits (late, which is charged) while a session has this many
 * @param window         the length of one interval of the interval log
 * @param connectTimeout how long the sessions may take to log on or bind
 * @param stall          how long without a single completion, with requests in flight, before the run is failed
 */
public record RigPlan(int sessions, int inFlight, Duration warmup, Duration duration, Duration window, Idle idle,
                      Duration connectTimeout, Duration stall) {

    /** With no limit asked for at a fixed rate: a session may have this many requests in flight. */
    public static final int UNLIMITED = Integer.MAX_VALUE;
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(1);
    public static final Duration DEFAULT_STALL = Duration.ofSeconds(10);

    public RigPlan {
        if (sessions < 1 || inFlight < 1) {
            throw new IllegalArgumentException("sessions and in-flight must be at least 1, were " + sessions + " and " + inFlight);
        }
        if (duration.isZero() || duration.isNegative() || warmup.isNegative() || window.isZero() || window.isNegative()) {
            throw new IllegalArgumentException("the measured time and the window must be above 0 and the warm-up at least 0");
        }
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(stall, "stall");
    }

    /** One session, its window, the default window and stall. */
    public static RigPlan of(int sessions, int inFlight, Duration warmup, Duration duration, Idle idle,
                             Duration connectTimeout) {
        return new RigPlan(sessions, inFlight, warmup, duration, DEFAULT_WINDOW, idle, connectTimeout, DEFAULT_STALL);
    }

    public RigPlan withWindow(Duration window) {
        return new RigPlan(sessions, inFlight, warmup, duration, window, idle, connectTimeout, stall);
    }

    public RigPlan withStall(Duration stall) {
        return new RigPlan(sessions, inFlight, warmup, duration, window, idle, connectTimeout, stall);
    }

    /**
     * What an interval log says of how {@code suite}'s {@code target} ran at {@code load}, as {@code merge} compares
     * it; a suite adds what else changes its numbers.
     */
    public Map<String, String> config(String suite, String target, Load load) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("suite", suite);
        config.put("target", target);
        config.put("load", load.toString());
        config.put("sessions", Integer.toString(sessions));
        config.put("in-flight", inFlight == UNLIMITED ? "no limit" : Integer.toString(inFlight));
        config.put("idle", idle.name().toLowerCase(Locale.ROOT));
        config.put("warmup", Durations.seconds(warmup));
        config.put("duration", Durations.seconds(duration));
        config.put("interval", Durations.seconds(window));
        return config;
    }

    /** Windows in the measured time: its length over the window's, rounded up. */
    public int windows() {
        return (int) Math.max(1, (duration.toNanos() + window.toNanos() - 1) / window.toNanos());
    }
}
