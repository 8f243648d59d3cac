package dev.wirebench.harness;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One benchmark of a JMH JSON result file: what ran (method, mode, parameters) and what it measured.
 *
 * @param benchmark the fully qualified benchmark method, e.g. {@code dev.wirebench.benchmarks.CodecBenchmark.encode}
 * @param mode      JMH's mode: {@code avgt}, {@code thrpt}, {@code sample} or {@code ss}
 * @param params    the {@code @Param} values, sorted by name
 * @param primary   the score
 * @param secondary the profilers' metrics by name, e.g. {@code gc.alloc.rate.norm}
 */
public record JmhResult(String benchmark, String mode, SortedMap<String, String> params, Metric primary,
                        Map<String, Metric> secondary) {

    public JmhResult {
        params = new TreeMap<>(params);
        secondary = Map.copyOf(secondary);
    }

    /** What identifies this benchmark across runs: method, mode and parameters. */
    public String key() {
        return key(benchmark, mode, params);
    }

    /** {@link #key()} of a benchmark not read from a file: the fully qualified method, JMH's short mode label, the parameters. */
    public static String key(String benchmark, String mode, Map<String, String> params) {
        return label(benchmark, new TreeMap<>(params)) + " " + mode;
    }

    /** The method's simple name with its parameters: {@code CodecBenchmark.encode buffer=heap codec=sbe/order}. */
    public String label() {
        return label(benchmark, params);
    }

    private static String label(String benchmark, SortedMap<String, String> params) {
        String simple = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
        if (params.isEmpty()) {
            return simple;
        }
        return simple + " " + params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** Whether a smaller score is better: every mode but throughput measures time per operation. */
    public boolean lowerIsBetter() {
        return !mode.equals("thrpt");
    }
}
