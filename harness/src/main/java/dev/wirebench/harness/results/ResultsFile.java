package dev.wirebench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wirebench.harness.AtomicFiles;
import dev.wirebench.harness.JsonFiles;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.stats.Estimate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@value #FILE_NAME}: a {@link RunResults} as JSON, the schema named and versioned in the file itself
 * ({@code "schema": "wirebench-results", "version": 1}). Each measure carries its estimate and interval for
 * readers that want the numbers as shown, and its samples, from which this reader recomputes them: the
 * samples are the truth. The README documents every field.
 */
public final class ResultsFile {

    public static final String FILE_NAME = "results.json";
    public static final String SCHEMA = "wirebench-results";
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsFile() {
    }

    /** Writes {@code results} into {@code folder}, replacing any earlier file whole. */
    public static Path write(Path folder, RunResults results) {
        try {
            byte[] bytes = (JSON.writeValueAsString(tree(results)) + "\n").getBytes(StandardCharsets.UTF_8);
            return AtomicFiles.write(folder.resolve(FILE_NAME), bytes);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("results cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    static ObjectNode tree(RunResults r) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("version", VERSION);
        root.put("suite", r.suite());
        root.put("title", r.title());
        root.put("started", r.started());
        root.set("environment", JSON.valueToTree(r.environment()));
        root.set("settings", JSON.valueToTree(r.settings()));
        root.set("failures", JSON.valueToTree(r.failures()));
        ArrayNode measures = root.putArray("measures");
        for (Measure m : r.measures()) {
            ObjectNode node = measures.addObject();
            node.set("case", JSON.valueToTree(m.dims()));
            node.put("metric", m.metric());
            node.put("unit", m.unit());
            node.put("better", m.better().id());
            node.put("sample", m.sample().id());
            Estimate e = m.estimate();
            node.put("estimate", e.median());
            node.put("low", e.low());
            node.put("high", e.high());
            node.put("confidence", e.confidence());
            ArrayNode samples = node.putArray("samples");
            m.samples().forEach(samples::add);
            if (!m.rounds().isEmpty()) {
                ArrayNode rounds = node.putArray("rounds");
                m.rounds().forEach(rounds::add);
            }
        }
        ArrayNode histograms = root.putArray("histograms");
        for (RecordedHistogram h : r.histograms()) {
            ObjectNode node = histograms.addObject();
            node.set("case", JSON.valueToTree(h.dims()));
            node.put("name", h.name());
            node.put("unit", h.unit());
            node.put("hdr", h.encoded());
        }
        return root;
    }

    /** Whether the folder holds a results file. */
    public static boolean isIn(Path folder) {
        return Files.isRegularFile(folder.resolve(FILE_NAME));
    }

    /**
     * The results of a run folder, or of a results file named directly.
     *
     * @throws ResultsException saying in one line why the file cannot be read: missing, not JSON, another
     *                          schema, a version this reader does not know, or a field missing or wrong
     */
    public static RunResults read(Path fileOrFolder) {
        Path file = Files.isDirectory(fileOrFolder) ? fileOrFolder.resolve(FILE_NAME) : fileOrFolder;
        JsonNode root = JsonFiles.read(file, false);
        if (root == null || !root.isObject() || !SCHEMA.equals(root.path("schema").asText(null))) {
            throw new ResultsException(file + " is not a wirebench results file (no \"schema\": \"" + SCHEMA + "\")");
        }
        int version = root.path("version").asInt(-1);
        if (version != VERSION) {
            throw new ResultsException(file + " is version " + root.path("version") + " of the results file; this "
                    + "wirebench reads version " + VERSION);
        }
        try {
            return parse(root);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new ResultsException(file + ": " + e.getMessage(), e);
        }
    }

    private static RunResults parse(JsonNode root) {
        List<Measure> measures = new ArrayList<>();
        JsonNode list = array(root, "measures");
        for (int i = 0; i < list.size(); i++) {
            JsonNode node = list.get(i);
            try {
                List<Double> samples = new ArrayList<>();
                for (JsonNode s : array(node, "samples")) {
                    if (!s.isNumber()) {
                        throw new IllegalArgumentException("a sample is not a number: " + s);
                    }
                    samples.add(s.asDouble());
                }
                List<Integer> rounds = new ArrayList<>();
                if (node.has("rounds")) {
                    for (JsonNode r : array(node, "rounds")) {
                        if (!r.canConvertToInt() || r.asInt() < 1) {
                            throw new IllegalArgumentException("a round is not a whole number from 1: " + r);
                        }
                        rounds.add(r.asInt());
                    }
                }
                measures.add(new Measure(dims(node), text(node, "metric"), text(node, "unit"),
                        Better.of(text(node, "better")), Sample.of(text(node, "sample")), samples, rounds));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("measure " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        List<RecordedHistogram> histograms = new ArrayList<>();
        JsonNode hs = root.has("histograms") ? array(root, "histograms") : JSON.createArrayNode();
        for (int i = 0; i < hs.size(); i++) {
            JsonNode node = hs.get(i);
            try {
                histograms.add(new RecordedHistogram(dims(node), text(node, "name"), text(node, "unit"),
                        RecordedHistogram.decode(text(node, "hdr"))));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("histogram " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        Map<String, String> settings = new LinkedHashMap<>();
        root.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
        List<String> failures = new ArrayList<>();
        root.path("failures").forEach(f -> failures.add(f.asText()));
        @SuppressWarnings("unchecked")
        Map<String, Object> environment = root.path("environment").isObject()
                ? JSON.convertValue(root.get("environment"), Map.class) : Map.of();
        return new RunResults(text(root, "suite"), text(root, "title"), text(root, "started"), environment, settings,
                failures, measures, histograms);
    }

    private static Map<String, String> dims(JsonNode node) {
        JsonNode c = node.get("case");
        if (c == null || !c.isObject()) {
            throw new IllegalArgumentException("no \"case\" object");
        }
        Map<String, String> dims = new LinkedHashMap<>();
        c.fields().forEachRemaining(e -> dims.put(e.getKey(), e.getValue().asText()));
        return dims;
    }

    private static JsonNode array(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException("no \"" + field + "\" array");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("no \"" + field + "\" text");
        }
        return value.asText();
    }
}
