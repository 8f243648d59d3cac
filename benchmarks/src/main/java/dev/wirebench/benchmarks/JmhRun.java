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
import java.util.Comparator;
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
    /** The codec suite's benchmark class, as a measure's {@code benchmark} dimension names it. */
    static final String CODEC_BENCHMARK = CodecBenchmark.class.getSimpleName();
    /** The codec suite's operations, in the order its tables show them; the native ones are NativeBenchmark's. */
    static final List<String> OPERATIONS = List.of("encode", "encodeNative", "decode", "decodeNative", "traverse",
            "roundTrip");

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
        // the codec suite's cases by message, then operation in the order the suite defines them (JMH sorts by name),
        // then format: a run in rounds merges its cases in the order their forks first ran
        List<Measure> codec = new ArrayList<>(measures.stream().filter(JmhRun::isCodec).toList());
        codec.sort(Comparator.comparing((Measure m) -> m.dims().get("message"))
                .thenComparingInt(m -> operationIndex(m.dims().get("operation")))
                .thenComparing(m -> m.dims().get("format")));
        measures.removeIf(JmhRun::isCodec);
        measures.addAll(0, codec);
        Map<String, String> settings = new LinkedHashMap<>();
        List<String> jmh = JmhJson.readSettings(fileOrFolder);
        for (int i = 0; i < jmh.size(); i++) {
            settings.put(jmh.size() == 1 ? "Settings" : "Settings " + (i + 1), jmh.get(i));
        }
        List<String> failures = List.of();
        if (rounds != null) {
            settings.put("Rounds", String.format(Locale.ROOT, "%d, each running every case as one fork in its own "
                    + "shuffled order (seed %d; the order is in %s)", rounds.rounds(), rounds.seed(), RoundLog.FILE_NAME));
            rounds.variants().forEach((name, how) -> settings.put("Variant " + name, how));
            failures = rounds.failures();
        }
        return withSizes(RunResults.of(folder, JmhMeasures.SUITE, TITLE, settings, failures, measures, List.of()), sizes);
    }

    /** The results with each codec's encoded reference size as an exact measure ({@code format}, {@code message}). */
    static RunResults withSizes(RunResults results, Map<String, Long> sizes) {
        List<Measure> measures = new ArrayList<>(results.measures());
        sizes.forEach((codec, bytes) -> {
            int slash = codec.indexOf('/');
            if (slash > 0) {
                Map<String, String> dims = new LinkedHashMap<>();
                dims.put("format", codec.substring(0, slash));
                dims.put("message", codec.substring(slash + 1));
                measures.add(Measure.exact(dims, "size", "B", Better.LOWER, bytes));
            }
        });
        return new RunResults(results.suite(), results.title(), results.started(), results.environment(),
                results.settings(), results.failures(), measures, results.histograms());
    }

    /** Whether a measure is a case of the codec suite: a format on a message. */
    static boolean isCodec(Measure m) {
        return CODEC_BENCHMARK.equals(m.dims().get("benchmark")) && m.dims().containsKey("format")
                && m.dims().containsKey("message");
    }

    /** The codecs ({@code format/message}) the results measured. */
    static List<String> codecs(RunResults results) {
        return results.measures().stream().filter(JmhRun::isCodec)
                .map(m -> m.dims().get("format") + "/" + m.dims().get("message")).distinct().toList();
    }

    static int operationIndex(String operation) {
        int i = OPERATIONS.indexOf(operation);
        return i < 0 ? OPERATIONS.size() : i;
    }

    /**
     * A codec case by its parts (format, message, operation, buffer...); any other benchmark as JMH names it. A case of
     * NativeBenchmark is a case of the codec suite whose operation is {@code encodeNative} or {@code decodeNative}.
     */
    static Map<String, String> dims(JmhResult r) {
        String owner = r.benchmark().substring(0, r.benchmark().lastIndexOf('.'));
        String param = owner.equals(CodecBenchmark.class.getName()) ? JmhOptions.CODEC_PARAM
                : owner.equals(NativeBenchmark.class.getName()) ? JmhOptions.NATIVE_PARAM : null;
        String codec = param == null ? null : r.params().get(param);
        if (codec == null || codec.indexOf('/') <= 0) {
            return JmhMeasures.defaultDims(r);
        }
        int slash = codec.indexOf('/');
        Map<String, String> dims = new LinkedHashMap<>();
        dims.put("benchmark", CODEC_BENCHMARK);
        dims.put("format", codec.substring(0, slash));
        dims.put("message", codec.substring(slash + 1));
        dims.put("operation", r.benchmark().substring(r.benchmark().lastIndexOf('.') + 1));
        r.params().forEach((name, value) -> {
            if (!name.equals(param)) {
                dims.put(name, value);
            }
        });
        return dims;
    }
}
