package dev.wirebench.harness.soak;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.Sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A soak: one long run at a fixed rate below the knee against a server JVM, that JVM's resources (and the load
 * generator's) sampled all along, so that a resource that grows under steady load shows and is named. The rate is
 * {@link #SHARE_OF_KNEE} of the knee a sweep finds first in the same run (the knee of this machine now), or one
 * given; the result says which.
 */
public final class Soak {

    /** The share of the knee a soak runs at: loaded, with room left, so the server keeps up and nothing queues. */
    public static final double SHARE_OF_KNEE = 0.8;
    /** How long a sample waits for the server's answer before its heap and Java threads are unknown. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);
    /** The file the samples go to, in the run folder. */
    public static final String SAMPLES = "soak-samples.csv";

    /**
     * The rate of a soak and where it came from.
     *
     * @param perSecond requests per second
     * @param how       one line: {@code given with --rate}, or the knee of the sweep and the share taken of it
     */
    public record Rate(long perSecond, String how) {
    }

    /** Measures the soak, its measured time begun through {@code sampler}'s {@link ResourceSampler#startingWith}. */
    @FunctionalInterface
    public interface Measure {
        RigResult run(ResourceSampler sampler) throws IOException;
    }

    /**
     * What a soak gave.
     *
     * @param rate    what it ran at, and why
     * @param rig     the rig's result of the soak itself (latency, requests, marks)
     * @param samples the resources sampled in its measured time
     */
    public record Result(Rate rate, RigResult rig, List<ResourceSampler.Sample> samples) {
        public Result {
            samples = List.copyOf(samples);
        }
    }

    private Soak() {
    }

    /**
     * The rate to soak at: {@code given} when it is a fixed rate, else {@link #SHARE_OF_KNEE} of the highest rate
     * a {@link Sweep} through {@code step} held.
     *
     * @throws IOException when the sweep held no rate at all: there is nothing to take a share of
     */
    public static Rate rate(Load given, Sweep.Step step, PrintStream out) throws IOException {
        if (!given.closed()) {
            return new Rate(given.ratePerSecond(), "given with --rate");
        }
        out.println("Sweeping to the knee first: the soak runs at " + Math.round(SHARE_OF_KNEE * 100)
                + "% of the highest rate held");
        Sweep.Knee knee = Sweep.run(Sweep.RATES, step);
        if (knee.held() < 0) {
            throw new IOException("the sweep before the soak held no rate (" + knee + "): give one with --rate N");
        }
        long rate = Math.max(1, Math.round(knee.held() * SHARE_OF_KNEE));
        return new Rate(rate, Math.round(SHARE_OF_KNEE * 100) + "% of the knee a sweep found in this run, before the soak"
                + " and against a server JVM of its own: " + knee);
    }

    /**
     * Runs {@code measure} against {@code server}, sampling it every {@code plan.sampleEvery()} from the start of
     * the measured time into {@code csv}, and stops the sampling when the measurement is over.
     */
    public static Result run(SoakPlan plan, Rate rate, ServerProcess server, Path csv, Measure measure, PrintStream out)
            throws IOException {
        try (ResourceSampler sampler = new ResourceSampler(() -> server.resources(ANSWER_TIMEOUT), plan.sampleEvery(),
                csv, out)) {
            RigResult result = measure.run(sampler);
            return new Result(rate, result, sampler.stop());
        }
    }
}
