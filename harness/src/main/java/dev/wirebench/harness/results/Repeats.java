package dev.wirebench.harness.results;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/**
 * What the suites that repeat a whole measurement share (fix, smpp, pg): the order of each round, and the
 * measures that per-repeat results become. Repeats are given in the order of their rounds, the i-th from round i
 * (a case that failed skips its later rounds, so this holds), and each sample keeps its round, so that two cases
 * pair by round; a suite whose repeats are not rounds (pg's read passes) drops them with {@link #unpaired}. A percentile is estimated as the median over repeats of each
 * repeat's own percentile, so its interval says how far a fresh run would move it; the merged histogram of
 * every repeat is kept beside it for the full distribution.
 */
public final class Repeats {

    /** The percentiles every latency measure reports. */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

    private Repeats() {
    }

    /** Round {@code round}'s order of {@code cases}: shuffled from the run's seed, so a run can be repeated in order. */
    public static <T> List<T> order(List<T> cases, long seed, int round) {
        List<T> shuffled = new ArrayList<>(cases);
        Collections.shuffle(shuffled, new Random(seed * 31 + round));
        return shuffled;
    }

    /** {@code p50}, {@code p99.9}: the name a percentile's measure takes after its histogram's. */
    public static String percentileName(double percentile) {
        return percentile == Math.rint(percentile) ? "p" + (long) percentile : "p" + percentile;
    }

    /**
     * The percentiles of a latency recorded once per repeat, in microseconds, and the histogram of them all.
     * One recording is one sample: estimated, never judged.
     *
     * @param name    the histogram's name, e.g. {@code fill}: the measures are {@code fill p50}...
     * @param repeats one histogram of nanoseconds per repeat; empty ones (nothing answered) are left out
     */
    public static void latency(Map<String, String> dims, String name, List<Histogram> repeats, List<Measure> measures,
                               List<RecordedHistogram> histograms) {
        latency(dims, name, repeats, false, measures, histograms);
    }

    /**
     * As {@link #latency(Map, String, List, List, List)}, in nanoseconds when {@code nanos}: for times of a
     * single call, where a microsecond is the whole range.
     */
    public static void latency(Map<String, String> dims, String name, List<Histogram> repeats, boolean nanos,
                               List<Measure> measures, List<RecordedHistogram> histograms) {
        List<Histogram> recorded = new ArrayList<>();
        List<Integer> rounds = new ArrayList<>();
        for (int i = 0; i < repeats.size(); i++) {
            if (repeats.get(i).getTotalCount() > 0) {
                recorded.add(repeats.get(i));
                rounds.add(i + 1);
            }
        }
        if (recorded.isEmpty()) {
            return;
        }
        for (double percentile : PERCENTILES) {
            List<Double> samples = recorded.stream().map(h -> h.getValueAtPercentile(percentile) / (nanos ? 1.0 : 1000.0))
                    .toList();
            measures.add(new Measure(dims, name + " " + percentileName(percentile), nanos ? "ns" : "µs", Better.LOWER,
                    Sample.REPEAT, samples, rounds));
        }
        Histogram all = recorded.get(0).copy();
        recorded.subList(1, recorded.size()).forEach(all::add);
        histograms.add(new RecordedHistogram(dims, name, "ns", all));
    }

    /** The measures from {@code from} on, without their rounds: repeats that were not interleaved with other cases. */
    public static void unpaired(List<Measure> measures, int from) {
        for (int i = from; i < measures.size(); i++) {
            Measure m = measures.get(i);
            measures.set(i, new Measure(m.dims(), m.metric(), m.unit(), m.better(), m.sample(), m.samples()));
        }
    }

    /** One value per repeat as a measure; NaN values (a repeat that had none) are left out. */
    public static <R> void each(Map<String, String> dims, String metric, String unit, Better better, List<R> repeats,
                                ToDoubleFunction<R> value, List<Measure> measures) {
        List<Double> samples = new ArrayList<>();
        List<Integer> rounds = new ArrayList<>();
        for (int i = 0; i < repeats.size(); i++) {
            double v = value.applyAsDouble(repeats.get(i));
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                samples.add(v);
                rounds.add(i + 1);
            }
        }
        if (!samples.isEmpty()) {
            measures.add(new Measure(dims, metric, unit, better, Sample.REPEAT, samples, rounds));
        }
    }
}
