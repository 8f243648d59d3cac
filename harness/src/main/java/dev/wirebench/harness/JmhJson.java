package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads JMH's own JSON result format ({@code -rf json}), as written by any JMH 1.x: an array of
 * benchmarks, each with {@code benchmark}, {@code mode}, optional {@code params},
 * {@code primaryMetric} and {@code secondaryMetrics}. Fields this reader does not use are ignored,
 * so files from older runs read as well.
 */
public final class JmhJson {

    /** The file a run folder keeps JMH's JSON in. */
    public static final String FILE_NAME = "jmh.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhJson() {
    }

    /**
     * The benchmarks of a JMH JSON file, or of the {@value #FILE_NAME} in a run folder.
     *
     * @throws ResultsException saying in one line why the file cannot be read
     */
    public static List<JmhResult> read(Path fileOrRunFolder) {
        Path file = Files.isDirectory(fileOrRunFolder) ? fileOrRunFolder.resolve(FILE_NAME) : fileOrRunFolder;
        JsonNode root = JsonFiles.read(file, file != fileOrRunFolder);
        if (root == null || !root.isArray()) {
            throw new ResultsException(file + " is not JMH's JSON: expected an array of benchmarks (write it with -rf json)");
        }
        List<JmhResult> results = new ArrayList<>(root.size());
        for (int i = 0; i < root.size(); i++) {
            results.add(result(root.get(i), file, i));
        }
        return results;
    }

    /**
     * How the benchmarks of a JMH JSON file were run, one line per distinct setting, e.g.
     * {@code "JMH 1.37: 1 fork, 1 thread, warm-up 2 × 500 ms, measurement 3 × 500 ms"}.
     *
     * @throws ResultsException as {@link #read}
     */
    public static List<String> readSettings(Path fileOrRunFolder) {
        read(fileOrRunFolder);
        Path file = Files.isDirectory(fileOrRunFolder) ? fileOrRunFolder.resolve(FILE_NAME) : fileOrRunFolder;
        java.util.Set<String> settings = new java.util.LinkedHashSet<>();
        try {
            for (JsonNode node : JSON.readTree(file.toFile())) {
                settings.add(settings(node));
            }
        } catch (IOException e) {
            throw new ResultsException(file + " cannot be read: " + e.getMessage(), e);
        }
        return List.copyOf(settings);
    }

    private static String settings(JsonNode node) {
        int forks = node.path("forks").asInt(-1);
        int threads = node.path("threads").asInt(-1);
        return "JMH " + node.path("jmhVersion").asText("?") + ": "
                + forks + (forks == 1 ? " fork, " : " forks, ")
                + threads + (threads == 1 ? " thread, " : " threads, ")
                + "warm-up " + node.path("warmupIterations").asText("?") + " × " + node.path("warmupTime").asText("?")
                + ", measurement " + node.path("measurementIterations").asText("?") + " × "
                + node.path("measurementTime").asText("?");
    }

    private static JmhResult result(JsonNode node, Path file, int index) {
        String where = file + " is not JMH's JSON: benchmark #" + (index + 1);
        if (!node.isObject() || !node.path("benchmark").isTextual() || !node.path("mode").isTextual()
                || !node.path("primaryMetric").isObject()) {
            throw new ResultsException(where + " lacks benchmark, mode or primaryMetric");
        }
        Map<String, String> params = new TreeMap<>();
        node.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
        Map<String, Metric> secondary = new HashMap<>();
        node.path("secondaryMetrics").properties().forEach(e -> secondary.put(e.getKey(), metric(e.getValue(), where)));
        return new JmhResult(node.get("benchmark").asText(), node.get("mode").asText(), new TreeMap<>(params),
                metric(node.get("primaryMetric"), where), secondary);
    }

    private static Metric metric(JsonNode node, String where) {
        JsonNode score = node.path("score");
        if (!score.isNumber() && !"NaN".equals(score.asText(null))) {
            throw new ResultsException(where + " has a metric without a numeric score");
        }
        return new Metric(number(score), number(node.path("scoreError")), node.path("scoreUnit").asText(""),
                forks(node.path("rawData")));
    }

    /** One sample per fork: the median of its iterations ({@code rawData} holds a row of them per fork). */
    private static List<Double> forks(JsonNode rawData) {
        List<Double> forks = new ArrayList<>();
        for (JsonNode fork : rawData) {
            List<Double> iterations = new ArrayList<>();
            fork.forEach(i -> iterations.add(number(i)));
            double[] sorted = iterations.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v))
                    .sorted().toArray();
            int n = sorted.length;
            forks.add(n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
        }
        return forks;
    }

    /** JMH writes NaN as the string "NaN" (JSON has no NaN). */
    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }
}
