package dev.wirebench.harness.rig;

import java.io.IOException;
import java.util.Locale;

/**
 * A sweep to the knee: fixed rates, rising, until one is not held (under {@link RigResult#HELD} of it achieved)
 * or its run fails (a target past its knee may stop answering in time); that rate is where the sweep stops.
 */
public final class Sweep {

    /** The rates of a sweep, requests per second. */
    public static final long[] RATES = {1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000};

    /** Measures one rate. */
    @FunctionalInterface
    public interface Step {
        RigResult run(long rate) throws IOException;
    }

    /**
     * Where a sweep ended.
     *
     * @param held      the highest rate held, or -1 when none was
     * @param notHeld   the first rate not held, or -1 when every rate held
     * @param why       what showed it: the achieved rate, or the failure
     */
    public record Knee(long held, long notHeld, String why) {
        @Override
        public String toString() {
            return (held < 0 ? "none of the rates held" : "held " + held + "/s")
                    + (notHeld < 0 ? ", every rate up to " + RATES[RATES.length - 1] + "/s" : ", not " + notHeld + "/s")
                    + (why.isEmpty() ? "" : " (" + why + ")");
        }
    }

    private Sweep() {
    }

    /** Runs {@code rates} in order until the knee. */
    public static Knee run(long[] rates, Step step) throws IOException {
        long held = -1;
        for (long rate : rates) {
            String why;
            try {
                RigResult r = step.run(rate);
                if (r.failure() == null && !r.rateMissed()) {
                    held = rate;
                    continue;
                }
                why = r.failure() != null ? r.failure() : String.format(Locale.ROOT, "achieved %.0f/s", r.achievedRate());
            } catch (IOException stalled) {
                why = stalled.getMessage();
            }
            return new Knee(held, rate, why);
        }
        return new Knee(held, -1, "");
    }
}
