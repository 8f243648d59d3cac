package dev.wirebench.harness.results;

import dev.wirebench.harness.stats.Estimate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One metric of one case: what ran (the case's dimensions, e.g. {@code format=sbe message=order
 * operation=encode buffer=heap}), what was measured (name, unit, which way is better), and the samples it
 * rests on, from which the estimate (median with its 95% interval) follows.
 *
 * @param dims    the case's dimensions in the order a reader sees them; two measures are the same case when
 *                their dimensions are equal as sets
 * @param metric  e.g. {@code time}, {@code allocation}, {@code fill p99}, {@code rows/s}
 * @param unit    e.g. {@code ns/op}, {@code B/op}, {@code µs}, {@code submit_sm/s}
 * @param better  which way is an improvement
 * @param sample  what one sample is
 * @param samples one value per fork, repeat, or the single exact value; NaN values are not allowed
 * @param rounds  the round each sample was taken in, where the run interleaved its cases in rounds (so that two
 *                cases' samples pair by round and drift common to a round cancels from their ratio); else empty
 */
public record Measure(Map<String, String> dims, String metric, String unit, Better better, Sample sample,
                      List<Double> samples, List<Integer> rounds) {

    public Measure {
        dims = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dims));
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(better, "better");
        Objects.requireNonNull(sample, "sample");
        samples = List.copyOf(samples);
        if (samples.stream().anyMatch(v -> v.isNaN() || v.isInfinite())) {
            throw new IllegalArgumentException(metric + " of " + dims + ": a sample is not a number: " + samples);
        }
        if (sample == Sample.EXACT && samples.size() > 1) {
            throw new IllegalArgumentException(metric + " of " + dims + ": an exact value has one sample, not " + samples.size());
        }
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
        if (!rounds.isEmpty() && rounds.size() != samples.size()) {
            throw new IllegalArgumentException(metric + " of " + dims + ": " + rounds.size() + " rounds for " + samples.size()
                    + " samples");
        }
    }

    /** A measure whose samples were not taken in rounds. */
    public Measure(Map<String, String> dims, String metric, String unit, Better better, Sample sample,
                   List<Double> samples) {
        this(dims, metric, unit, better, sample, samples, List.of());
    }

    /**
     * The ratios of this measure's samples to {@code base}'s taken in the same round, or empty when either was not
     * taken in rounds (or a base sample is 0).
     */
    public List<Double> ratiosByRound(Measure base) {
        if (rounds.isEmpty() || base.rounds.isEmpty()) {
            return List.of();
        }
        Map<Integer, Double> byRound = new java.util.HashMap<>();
        for (int i = 0; i < base.samples.size(); i++) {
            byRound.put(base.rounds.get(i), base.samples.get(i));
        }
        List<Double> ratios = new java.util.ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            Double b = byRound.get(rounds.get(i));
            if (b != null && b != 0) {
                ratios.add(samples.get(i) / b);
            }
        }
        return ratios;
    }

    /** An exact value: a size, a count. */
    public static Measure exact(Map<String, String> dims, String metric, String unit, Better better, double value) {
        return new Measure(dims, metric, unit, better, Sample.EXACT, List.of(value));
    }

    /** The median of the samples with its 95% interval (the range, with its lower coverage, below six samples). */
    public Estimate estimate() {
        return Estimate.of(samples);
    }

    /** What identifies this measure across runs: the dimensions in name order, then the metric. */
    public String key() {
        return new TreeMap<>(dims).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")) + " | " + metric;
    }

    /** The case as a reader names it: {@code format=sbe message=order operation=encode}. */
    public String caseLabel() {
        return dims.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
