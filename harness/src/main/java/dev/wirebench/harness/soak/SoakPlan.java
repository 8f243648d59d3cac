package dev.wirebench.harness.soak;

import dev.wirebench.harness.Durations;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.time.Duration;

/**
 * A soak as the command line asks for one: {@code --soak T} measures one run of T at a fixed rate (given with
 * {@code --rate}, else {@link Soak#SHARE_OF_KNEE} of the knee a sweep finds first) against a server JVM whose
 * resources are sampled every {@code --sample-every}. The options are declared here once for every command that
 * soaks a server.
 *
 * @param duration    the measured time of the soak
 * @param sampleEvery the time between two samples of the server's resources
 */
public record SoakPlan(Duration duration, Duration sampleEvery) {

    public static final Duration DEFAULT_SAMPLE_EVERY = Duration.ofMinutes(1);

    /** @throws IllegalArgumentException with a one-line reason */
    public SoakPlan {
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("--soak takes a time above 0, such as 30m");
        }
        if (sampleEvery.isZero() || sampleEvery.isNegative()) {
            throw new IllegalArgumentException("--sample-every takes a time above 0, such as 1m");
        }
        if (sampleEvery.compareTo(duration) > 0) {
            throw new IllegalArgumentException("--sample-every " + Durations.seconds(sampleEvery) + " is longer than the --soak "
                    + Durations.seconds(duration) + ": no trend from one sample");
        }
    }

    /** Declares {@code --soak} and {@code --sample-every}; {@code what} names the server, as in "the SMSC's". */
    public static void declare(OptionParser parser, String what) {
        parser.accepts("soak", "one run of T at a fixed rate, --rate N or else " + Math.round(Soak.SHARE_OF_KNEE * 100)
                + "% of the knee a sweep finds first, sampling " + what + " JVM (heap after GC, RSS, threads) and this"
                + " one every --sample-every: the run folder gets each sample and every resource's growth and slope")
                .withRequiredArg().describedAs("T");
        parser.accepts("sample-every", "the time between two samples of a --soak (default 1m)").withRequiredArg()
                .describedAs("T");
    }

    /**
     * The soak asked for, or null when {@code --soak} is not given.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static SoakPlan from(OptionSet set) {
        if (!set.has("soak")) {
            if (set.has("sample-every")) {
                throw new IllegalArgumentException("--sample-every is for --soak T");
            }
            return null;
        }
        Duration every = set.has("sample-every")
                ? Durations.parse("--sample-every", (String) set.valueOf("sample-every")) : DEFAULT_SAMPLE_EVERY;
        return new SoakPlan(Durations.parse("--soak", (String) set.valueOf("soak")), every);
    }

    /** The minutes of the start (and of the end) whose samples make a resource's first (and last) level. */
    public double baselineMinutes() {
        return Trend.baseline(duration.toNanos() / 60e9);
    }
}
