package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.JmhMeasures;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RunResults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A JMH run in the one result model: every benchmark's time (or throughput) and allocation per fork, the
 * codec suite's cases named by format, message, operation and buffer rather than by {@code codec=sbe/order},
 * and each codec's encoded reference size as an exact measure. Serves the end of a run, {@code report}, and
 * {@code compare} or {@code history} of a folder written before results.json existed.
 */
final class JmhRun {

    static final String TITLE = "JMH benchmarks";

    private JmhRun() {
    }

    /**
     * The results of a JMH run folder (or of a JMH JSON file, with whatever lies beside it).
     *
     * @param sizes codec name to its encoded reference size, empty for none
     * @throws dev.wirebench.harness.ResultsException when the JMH JSON cannot be read
     */
    static RunResults of(Path fileOrFolder, Map<String, Long> sizes) {
        Path folder = Files.isDirectory(fileOrFolder) ? fileOrFolder : fileOrFolder.toAbsolutePath().getParent();
        List<JmhResult> results = JmhJson.read(fileOrFolder);
        RoundLog rounds = RoundLog.read(fileOrFolder);
        List<Measure> measures = new ArrayList<>(JmhMeasures.of(results, JmhRun::dims, rounds));
        sizes.forEach((codec, bytes) -> {
            int slash = codec.indexOf('/');
            if (slash > 0) {
                Map<String, String> dims = new LinkedHashMap<>();
                dims.put("format", codec.substring(0, slash));
                dims.put("message", codec.substring(slash + 1));
                measures.add(Measure.exact(dims, "size", "B", Better.LOWER, bytes));
            }
        });
        Map<String, String> settings = new LinkedHashMap<>();
        List<String> jmh = JmhJson.readSettings(fileOrFolder);
        for (int i = 0; i < jmh.size(); i++) {
            settings.put(jmh.size() == 1 ? "Settings" : "Settings " + (i + 1), jmh.get(i));
        }
        List<String> failures = List.of();
        if (rounds != null) {
            settings.put("Rounds", String.format(Locale.ROOT, "%d, each running every case as one fork in its own "
                    + "shuffled order (seed %d)", rounds.rounds(), rounds.seed()));
            rounds.variants().forEach((name, how) -> settings.put("Variant " + name, how));
            failures = rounds.failures();
        }
        return RunResults.of(folder, JmhMeasures.SUITE, TITLE, settings, failures, measures, List.of());
    }

    /** A codec case by its parts (format, message, operation, buffer...); any other benchmark as JMH names it. */
    static Map<String, String> dims(JmhResult r) {
        if (!RunReport.isCodecResult(r)) {
            return JmhMeasures.defaultDims(r);
        }
        RunReport.CodecRow row = RunReport.CodecRow.of(r);
        Map<String, String> dims = new LinkedHashMap<>();
        dims.put("benchmark", "CodecBenchmark");
        dims.put("format", row.format());
        dims.put("message", row.message());
        dims.put("operation", row.operation());
        r.params().forEach((name, value) -> {
            if (!name.equals(JmhOptions.CODEC_PARAM)) {
                dims.put(name, value);
            }
        });
        return dims;
    }
}
