package dev.wirebench.harness.fault;

import dev.wirebench.harness.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The faults a run injects on the link between client and server, as {@code --faults} spells them:
 * {@code loss=1%,delay=5ms,jitter=2ms,flap=500ms/60s,restart=120s}, or {@code goal} for issue 21's goal
 * (1% loss, 5 ms ± 2 ms each way, a 500 ms link flap every minute).
 *
 * @param lossPercent  share of IP packets dropped in each direction, 0 to 100 in steps of 0.01
 * @param delay        how long each chunk of a TCP stream is held, each way
 * @param jitter       the delay varies uniformly by up to this either side; order is kept
 * @param flapFor      how long the link is down at each flap; zero: no flaps
 * @param flapEvery    the time from one flap's start to the next
 * @param restartEvery the time between server restarts; zero: none
 */
public record Faults(double lossPercent, Duration delay, Duration jitter, Duration flapFor, Duration flapEvery,
                     Duration restartEvery) {

    /** Issue 21's goal: 1% loss, 5 ms ± 2 ms delay and a 500 ms link flap every minute. */
    public static final Faults GOAL = new Faults(1, Duration.ofMillis(5), Duration.ofMillis(2), Duration.ofMillis(500),
            Duration.ofMinutes(1), Duration.ZERO);
    private static final String SYNTAX = "--faults takes goal, or any of loss=P%,delay=T,jitter=T,flap=T/T,restart=T"
            + " comma-separated (loss=1%,delay=5ms,jitter=2ms,flap=500ms/60s)";

    public Faults {
        if (!(lossPercent >= 0 && lossPercent <= 100)) {
            throw new IllegalArgumentException("--faults: loss is 0% to 100%, not " + lossPercent + "%");
        }
        if (jitter.compareTo(delay) > 0) {
            throw new IllegalArgumentException("--faults: jitter " + millis(jitter) + " is above the delay "
                    + millis(delay) + "; a chunk cannot leave before it came");
        }
        if (flapFor.isZero() != flapEvery.isZero() || (!flapFor.isZero() && flapFor.compareTo(flapEvery) >= 0)) {
            throw new IllegalArgumentException("--faults: flap=DOWN/EVERY needs DOWN below EVERY, both above 0, not "
                    + millis(flapFor) + "/" + millis(flapEvery));
        }
    }

    /**
     * Parses a {@code --faults} value.
     *
     * @throws IllegalArgumentException in one line naming the part that is wrong
     */
    public static Faults parse(String value) {
        String v = value.trim();
        if (v.equals("goal")) {
            return GOAL;
        }
        double loss = 0;
        Duration delay = Duration.ZERO;
        Duration jitter = Duration.ZERO;
        Duration flapFor = Duration.ZERO;
        Duration flapEvery = Duration.ZERO;
        Duration restart = Duration.ZERO;
        if (v.isEmpty()) {
            throw new IllegalArgumentException(SYNTAX + ", not ''");
        }
        for (String part : v.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(SYNTAX + ", not '" + value + "'");
            }
            String key = part.substring(0, eq).trim();
            String arg = part.substring(eq + 1).trim();
            switch (key) {
                case "loss" -> loss = percent(arg);
                case "delay" -> delay = Durations.parse("--faults delay", arg);
                case "jitter" -> jitter = Durations.parse("--faults jitter", arg);
                case "restart" -> restart = Durations.parse("--faults restart", arg);
                case "flap" -> {
                    String[] times = arg.split("/", -1);
                    if (times.length != 2) {
                        throw new IllegalArgumentException("--faults flap takes DOWN/EVERY (500ms/60s), not '" + arg + "'");
                    }
                    flapFor = Durations.parse("--faults flap", times[0]);
                    flapEvery = Durations.parse("--faults flap", times[1]);
                }
                default -> throw new IllegalArgumentException(SYNTAX + "; '" + key + "' is none of them");
            }
        }
        return new Faults(loss, delay, jitter, flapFor, flapEvery, restart);
    }

    private static double percent(String arg) {
        String number = arg.endsWith("%") ? arg.substring(0, arg.length() - 1) : arg;
        try {
            double p = Double.parseDouble(number);
            // nft draws from 0 to 9999: a hundredth of a percent is the finest share it can drop
            if (p >= 0 && p <= 100 && Math.abs(p * 100 - Math.rint(p * 100)) < 1e-9) {
                return p;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new IllegalArgumentException("--faults loss takes 0% to 100% in steps of 0.01%, not '" + arg + "'");
    }

    /** Whether the link is ever taken down. */
    public boolean flaps() {
        return !flapFor.isZero();
    }

    /** Whether the server is restarted on a schedule. */
    public boolean restarts() {
        return !restartEvery.isZero();
    }

    /** Whether a relay holds the stream (a delay asked for). */
    public boolean delays() {
        return !delay.isZero();
    }

    /** Loss as nft's draw: drop when a random number below 10,000 is below this. */
    int lossPerTenThousand() {
        return (int) Math.round(lossPercent * 100);
    }

    /** One line for the report: {@code 1% loss, 5 ms ± 2 ms each way, link down 500 ms every 60 s}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(String.format(Locale.ROOT, "%s%% IP packet loss each way", trim(lossPercent)));
        parts.add(delays() ? millis(delay) + (jitter.isZero() ? "" : " ± " + millis(jitter)) + " delay each way"
                : "no added delay");
        parts.add(flaps() ? "link down " + millis(flapFor) + " every " + Durations.seconds(flapEvery) : "no link flaps");
        parts.add(restarts() ? "server restarted every " + Durations.seconds(restartEvery) : "no server restarts");
        return String.join(", ", parts);
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static String millis(Duration d) {
        double ms = d.toNanos() / 1e6;
        return trim(ms) + " ms";
    }
}
