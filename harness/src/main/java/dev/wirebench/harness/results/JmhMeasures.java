package dev.wirebench.harness.results;

import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Metric;
import dev.wirebench.harness.RoundLog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * JMH's results in the one model: per benchmark its score ({@code time} or {@code throughput}, JMH's unit,
 * one sample per fork) and the gc profiler's allocation ({@code allocation}, B/op, one sample per fork,
 * rounded to whole bytes: the profiler's normalisation leaves a few thousandths of a byte where nothing was
 * allocated, which is not a change anyone should be told of), and the suite's own counters
 * ({@code @AuxCounters}: a secondary result whose name has no dot, as a Java field's has none and every profiler's
 * has one, the stack profiler's aside) under their own names, one sample per fork; a counter in a rate ({@code /s})
 * is better higher, any other (bytes, threads per session) lower.
 */
public final class JmhMeasures {

    /** The suite name of a JMH run folder. */
    public static final String SUITE = "jmh";
    /** The secondary metric the gc profiler reports allocation per operation in. */
    public static final String ALLOC_METRIC = "gc.alloc.rate.norm";

    private JmhMeasures() {
    }

    /** Every benchmark's measures, its case named by {@link #defaultDims}. */
    public static List<Measure> of(List<JmhResult> results) {
        return of(results, JmhMeasures::defaultDims);
    }

    /** Every benchmark's measures, their forks not paired by round. */
    public static List<Measure> of(List<JmhResult> results, Function<JmhResult, Map<String, String>> dims) {
        return of(results, dims, null);
    }

    /**
     * Every benchmark's measures.
     *
     * @param dims   names a benchmark's case: its dimensions in reading order
     * @param rounds the run's round log, which gives each fork its round; null for a run not in rounds
     */
    public static List<Measure> of(List<JmhResult> results, Function<JmhResult, Map<String, String>> dims,
                                   RoundLog rounds) {
        List<Measure> measures = new ArrayList<>();
        for (JmhResult r : results) {
            Map<String, String> caseDims = dims.apply(r);
            List<Integer> forkRounds = rounds == null ? null : rounds.forkRounds().get(r.key());
            List<Double> scores = forks(r.primary());
            if (!scores.isEmpty()) {
                measures.add(new Measure(caseDims, metricOf(r.mode()), r.primary().unit(),
                        r.lowerIsBetter() ? Better.LOWER : Better.HIGHER, Sample.FORK, scores,
                        roundsOf(r.primary(), scores, forkRounds)));
            }
            Metric alloc = r.secondary().get(ALLOC_METRIC);
            if (alloc != null) {
                List<Double> bytes = forks(alloc).stream().map(v -> (double) Math.round(v)).toList();
                if (!bytes.isEmpty()) {
                    measures.add(new Measure(caseDims, "allocation", "B/op", Better.LOWER, Sample.FORK, bytes,
                            roundsOf(alloc, bytes, forkRounds)));
                }
            }
            new java.util.TreeMap<>(r.secondary()).forEach((name, counter) -> {
                List<Double> values = forks(counter).stream().filter(v -> !v.isNaN()).toList();
                if (isCounter(name) && !values.isEmpty()) {
                    measures.add(new Measure(caseDims, name, counter.unit(),
                            counter.unit().endsWith("/s") ? Better.HIGHER : Better.LOWER, Sample.FORK, values,
                            roundsOf(counter, values, forkRounds)));
                }
            });
        }
        return measures;
    }

    /** Whether a secondary result is the suite's own counter rather than a profiler's. */
    public static boolean isCounter(String name) {
        return name.indexOf('.') < 0 && !name.equals("stack");
    }

    /** The rounds of the forks, where every fork gave a sample and the round log has one round per fork; else none. */
    private static List<Integer> roundsOf(Metric metric, List<Double> samples, List<Integer> forkRounds) {
        return forkRounds != null && metric.forks().size() == forkRounds.size() && samples.size() == forkRounds.size()
                ? forkRounds : List.of();
    }

    /** {@code benchmark=CodecBenchmark operation=encode} and then every parameter, in name order. */
    public static Map<String, String> defaultDims(JmhResult r) {
        Map<String, String> dims = new LinkedHashMap<>();
        String method = r.benchmark();
        int dot = method.lastIndexOf('.');
        String owner = method.substring(0, dot);
        dims.put("benchmark", owner.substring(owner.lastIndexOf('.') + 1));
        dims.put("operation", method.substring(dot + 1));
        dims.putAll(r.params());
        return dims;
    }

    /** Whether {@code metric} is a benchmark's score (time or throughput), not its allocation or a counter. */
    public static boolean isScore(String metric) {
        return metric.equals("throughput") || metric.equals("time") || metric.startsWith("time (");
    }

    /** {@code time} for the modes that measure time per operation, {@code throughput} for thrpt. */
    static String metricOf(String mode) {
        return switch (mode) {
            case "thrpt" -> "throughput";
            case "sample" -> "time (sampled)";
            case "ss" -> "time (single shot)";
            default -> "time";
        };
    }

    private static List<Double> forks(Metric metric) {
        List<Double> samples = new ArrayList<>();
        for (double v : metric.samples()) {
            if (!Double.isInfinite(v)) {
                samples.add(v);
            }
        }
        return samples;
    }
}
