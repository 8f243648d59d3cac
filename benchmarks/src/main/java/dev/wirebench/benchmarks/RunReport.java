package dev.wirebench.benchmarks;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Metric;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.Summary;
import dev.wirebench.harness.Summary.Entry;
import dev.wirebench.harness.Summary.Figure;
import dev.wirebench.harness.Summary.Table;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.stats.Estimate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A run folder's {@code summary.md}, {@code results.json} and PNG charts, built from its {@code jmh.json}
 * alone (plus {@code env.json} and {@code sizes.json} when the run left them): the same function serves the
 * end of a run and {@code report}, so both give the same tables.
 *
 * <p>This is where the codec suite's meaning lives: {@code codec=format/message} splits into the
 * ranking group (message, operation, buffer) and the member (format), {@code raw} is the baseline,
 * and sizes are the encoded reference message. Other suites get a plain table until they bring their own.
 */
final class RunReport {

    static final String SUMMARY_FILE = "summary.md";
    /** Codec name to the encoded size of its reference message, recorded when the run starts. */
    static final String SIZES_FILE = "sizes.json";
    static final String BASELINE = "raw";
    private static final String CODEC_SUITE = CodecBenchmark.class.getName();
    private static final List<String> OPERATIONS = List.of("encode", "decode", "traverse", "roundTrip");
    /** Round trip is encode plus decode: charting it too would only repeat them. */
    private static final List<String> CHARTED = List.of("encode", "decode", "traverse");
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReport() {
    }

    /** What {@code write} produced: the summary and the charts, in the folder. */
    record Written(Path summary, List<Path> charts) {
    }

    /**
     * Rebuilds summary.md and the charts of the run folder from its jmh.json.
     *
     * @param codecs the registry, for sizes when the run recorded none (an older run, or a JSON from elsewhere)
     * @throws ResultsException when the folder's jmh.json cannot be read
     */
    static Written write(RunFolder folder, Codecs codecs) {
        List<JmhResult> results = JmhJson.read(folder.path());
        List<String> settings = JmhJson.readSettings(folder.path());
        List<String> header = new ArrayList<>();
        JsonNode env = readJson(folder.resolve(Main.ENV_FILE));
        if (env != null) {
            header.addAll(Summary.describe(env));
        } else {
            header.add("Environment: not recorded (no " + Main.ENV_FILE + " beside this JSON)");
        }
        settings.forEach(s -> header.add("Settings: " + s));
        RoundLog rounds = RoundLog.read(folder.path());
        if (rounds != null) {
            header.add(String.format(java.util.Locale.ROOT, "Rounds: %d, each running every case as one fork in its own "
                    + "shuffled order (seed %d; the order is in %s)", rounds.rounds(), rounds.seed(), RoundLog.FILE_NAME));
            rounds.variants().forEach((name, how) -> header.add("Variant " + name + ": " + how));
            rounds.notes().forEach(header::add);
            if (!rounds.failures().isEmpty()) {
                header.add(rounds.failures().size() + " forks gave no result (listed in " + RoundLog.FILE_NAME + ")");
            }
        }
        if (results.stream().allMatch(r -> r.primary().forks().size() < 2)) {
            header.add("One fork per case: no interval and no ranking can be drawn from one fork; run in rounds "
                    + "(--quick, --preset nightly or --rounds R) for those");
        }

        Map<String, Long> sizes = readSizes(folder.resolve(SIZES_FILE));
        List<String> codecNames = results.stream().filter(RunReport::isCodecResult)
                .map(r -> r.params().get(JmhOptions.CODEC_PARAM)).distinct().toList();
        if (!codecNames.isEmpty()) {
            if (sizes == null) {
                List<String> known = codecNames.stream().filter(codecs.names()::contains).toList();
                sizes = SizesCommand.referenceSizes(codecs, known);
                header.add("Size B: the encoded reference message, computed by this build (the run recorded no "
                        + SIZES_FILE + ")");
            } else {
                header.add("Size B: the encoded reference message, as the run recorded it in " + SIZES_FILE);
            }
        }
        Map<String, Long> sizeOf = sizes == null ? Map.of() : sizes;

        List<Table> tables = tables(results, sizeOf, rounds);
        List<Figure> figures = new ArrayList<>();
        List<Path> charts = new ArrayList<>();
        drawCodecCharts(folder, results, sizeOf, figures, charts);
        String title = "wirebench run " + folder.path().toAbsolutePath().normalize().getFileName();
        String headline = CodecTables.markdown(results.stream().filter(RunReport::isCodecResult).toList(), sizeOf, rounds)
                + VariantTables.markdown(results, rounds);
        Path summary = folder.writeText(SUMMARY_FILE, Summary.markdown(title, header, headline, tables, figures));
        ResultsFile.write(folder.path(), JmhRun.of(folder.path(), sizeOf));
        return new Written(summary, charts);
    }

    /**
     * The parameters that name what a suite ranks (the member of a group); every other parameter separates
     * groups. A new suite names its compared parameter one of these to be ranked the same way.
     */
    static final List<String> MEMBER_PARAMS = List.of("library", "engine", "format", "implementation", "threads");

    /** One table per benchmark class, in the order the classes first appear. */
    static List<Table> tables(List<JmhResult> results, Map<String, Long> sizes, RoundLog rounds) {
        Map<String, List<JmhResult>> bySuite = new LinkedHashMap<>();
        for (JmhResult r : results) {
            bySuite.computeIfAbsent(suiteOf(r), s -> new ArrayList<>()).add(r);
        }
        List<Table> tables = new ArrayList<>();
        bySuite.forEach((suite, members) -> {
            String simple = suite.substring(suite.lastIndexOf('.') + 1);
            if (suite.equals(CODEC_SUITE) && members.stream().allMatch(RunReport::isCodecResult)) {
                tables.add(new Table(simple + (CodecTables.any(members) ? ": every case" : ""), BASELINE,
                        codecEntries(members, sizes), rounds));
            } else {
                // another suite (FixCodecBenchmark, PduCodecBenchmark, ...): within a method, mode and every parameter
                // but the compared one (library, engine...), the compared one's values rank against each other
                List<Entry> entries = members.stream().map(r -> new Entry(r, group(r), member(r), OptionalLong.empty()))
                        .sorted(Comparator.comparing(Entry::group)).toList();
                tables.add(new Table(simple, null, entries, rounds));
            }
        });
        return tables;
    }

    /** A result's group outside the codec suite: method, mode and every parameter but the compared one. */
    private static String group(JmhResult r) {
        String rest = r.params().entrySet().stream().filter(e -> !MEMBER_PARAMS.contains(e.getKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        return r.benchmark() + " " + r.mode() + (rest.isEmpty() ? "" : " " + rest);
    }

    private static String member(JmhResult r) {
        String member = r.params().entrySet().stream().filter(e -> MEMBER_PARAMS.contains(e.getKey()))
                .map(Map.Entry::getValue).collect(Collectors.joining(" "));
        return member.isEmpty() ? r.label() : member;
    }

    private static List<Entry> codecEntries(List<JmhResult> results, Map<String, Long> sizes) {
        List<Entry> entries = new ArrayList<>();
        for (JmhResult r : results) {
            CodecRow row = CodecRow.of(r);
            Long size = sizes.get(row.codec());
            entries.add(new Entry(r, row.group(), row.format(), size == null ? OptionalLong.empty() : OptionalLong.of(size)));
        }
        // messages in name order, then operations in the order the benchmark defines them, then buffers
        entries.sort(Comparator.comparing((Entry e) -> CodecRow.of(e.result()).message())
                .thenComparing(e -> operationIndex(CodecRow.of(e.result()).operation()))
                .thenComparing(Entry::group));
        return entries;
    }

    private static int operationIndex(String operation) {
        int i = OPERATIONS.indexOf(operation);
        return i < 0 ? OPERATIONS.size() : i;
    }

    private static String suiteOf(JmhResult r) {
        return r.benchmark().substring(0, r.benchmark().lastIndexOf('.'));
    }

    static boolean isCodecResult(JmhResult r) {
        String codec = r.params().get(JmhOptions.CODEC_PARAM);
        return suiteOf(r).equals(CODEC_SUITE) && codec != null && codec.indexOf('/') > 0;
    }

    /** A CodecBenchmark result in the codec suite's terms. */
    record CodecRow(String codec, String format, String message, String operation, String rest) {
        static CodecRow of(JmhResult r) {
            String codec = r.params().get(JmhOptions.CODEC_PARAM);
            int slash = codec.indexOf('/');
            String operation = r.benchmark().substring(r.benchmark().lastIndexOf('.') + 1);
            // every other parameter (buffer, or any a user adds) separates groups too
            String rest = r.params().entrySet().stream().filter(e -> !e.getKey().equals(JmhOptions.CODEC_PARAM))
                    .map(Map.Entry::getValue).collect(Collectors.joining(" · "));
            if (!r.mode().equals("avgt")) {
                rest = rest.isEmpty() ? r.mode() : rest + " · " + r.mode();
            }
            return new CodecRow(codec, codec.substring(0, slash), codec.substring(slash + 1), operation, rest);
        }

        String group() {
            return message + " · " + operation + (rest.isEmpty() ? "" : " · " + rest);
        }
    }

    /**
     * Per message (and buffer): time per operation per format, log scale with error bars; allocation per
     * operation per format; and one chart of encoded sizes per format.
     */
    private static void drawCodecCharts(RunFolder folder, List<JmhResult> results, Map<String, Long> sizes,
                                        List<Figure> figures, List<Path> charts) {
        List<JmhResult> codecResults = results.stream().filter(RunReport::isCodecResult)
                .filter(r -> r.mode().equals("avgt")).toList();
        if (codecResults.isEmpty()) {
            return;
        }
        // message -> rest (buffer) -> results
        Map<String, Map<String, List<JmhResult>>> panels = new TreeMap<>();
        for (JmhResult r : codecResults) {
            CodecRow row = CodecRow.of(r);
            panels.computeIfAbsent(row.message(), m -> new TreeMap<>()).computeIfAbsent(row.rest(), b -> new ArrayList<>()).add(r);
        }
        panels.forEach((message, byRest) -> byRest.forEach((rest, members) -> {
            String suffix = rest.isEmpty() ? "" : "-" + rest.replace(" · ", "-");
            String where = rest.isEmpty() ? "" : " (" + rest + ")";
            List<String> formats = formatsByScore(members, "decode");
            String unit = members.get(0).primary().unit();

            List<BarSeries> time = new ArrayList<>();
            List<BarSeries> alloc = new ArrayList<>();
            for (String operation : CHARTED) {
                List<Double> values = new ArrayList<>();
                List<Double> errors = new ArrayList<>();
                List<Double> bytes = new ArrayList<>();
                for (String format : formats) {
                    JmhResult r = find(members, format, operation);
                    Estimate e = r == null ? null : Estimate.of(r.primary().samples());
                    values.add(e == null ? Double.NaN : e.median());
                    // the bar's whisker reaches the farther end of the 95% interval; one fork has none
                    errors.add(e == null || e.n() < 2 ? Double.NaN : Math.max(e.median() - e.low(), e.high() - e.median()));
                    Metric a = r == null ? null : r.secondary().get(Summary.ALLOC_METRIC);
                    bytes.add(a == null ? Double.NaN : Math.max(0, a.score()));
                }
                if (values.stream().anyMatch(v -> !v.isNaN())) {
                    time.add(new BarSeries(operation, values, errors));
                    alloc.add(new BarSeries(operation, bytes, null));
                }
            }
            String timeFile = "codec-" + message + suffix + ".png";
            String timeTitle = message + where + ": time per operation, lower is better";
            charts.add(Charts.writePng(new BarChart(timeTitle, "format (ordered by decode time)", unit + " (log scale)",
                    formats, time, true, false), folder.resolve(timeFile)));
            figures.add(new Figure(timeTitle, timeFile));
            if (alloc.stream().anyMatch(s -> s.values().stream().anyMatch(v -> !v.isNaN()))) {
                String allocFile = "alloc-" + message + suffix + ".png";
                String allocTitle = message + where + ": allocation per operation";
                charts.add(Charts.writePng(new BarChart(allocTitle, "format (ordered by decode time)", "B/op (gc profiler)",
                        formats, alloc, false, true), folder.resolve(allocFile)));
                figures.add(new Figure(allocTitle, allocFile));
            }
        }));
        if (!sizes.isEmpty()) {
            drawSizes(folder, codecResults, sizes, figures, charts);
        }
    }

    private static void drawSizes(RunFolder folder, List<JmhResult> codecResults, Map<String, Long> sizes,
                                  List<Figure> figures, List<Path> charts) {
        TreeSet<String> messages = new TreeSet<>();
        Map<String, Long> formatTotal = new LinkedHashMap<>();
        for (JmhResult r : codecResults) {
            CodecRow row = CodecRow.of(r);
            Long size = sizes.get(row.codec());
            if (size != null) {
                messages.add(row.message());
                formatTotal.putIfAbsent(row.format(), 0L);
            }
        }
        if (messages.isEmpty()) {
            return;
        }
        for (String format : formatTotal.keySet()) {
            long total = 0;
            for (String message : messages) {
                total += sizes.getOrDefault(format + "/" + message, 0L);
            }
            formatTotal.put(format, total);
        }
        List<String> formats = formatTotal.entrySet().stream().sorted(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).toList();
        List<BarSeries> series = new ArrayList<>();
        for (String message : messages) {
            List<Double> values = new ArrayList<>();
            for (String format : formats) {
                Long size = sizes.get(format + "/" + message);
                values.add(size == null ? Double.NaN : size.doubleValue());
            }
            series.add(new BarSeries(message, values, null));
        }
        String title = "Encoded size of each message's reference sample, smaller is better";
        charts.add(Charts.writePng(new BarChart(title, "format (ordered by total size)", "bytes (log scale)", formats,
                series, true, false), folder.resolve("sizes.png")));
        figures.add(new Figure(title, "sizes.png"));
    }

    /** The formats of a panel, fastest first at {@code operation} (formats without it last, by name). */
    private static List<String> formatsByScore(List<JmhResult> members, String operation) {
        Map<String, Double> score = new TreeMap<>();
        for (JmhResult r : members) {
            CodecRow row = CodecRow.of(r);
            score.putIfAbsent(row.format(), Double.POSITIVE_INFINITY);
            double median = Estimate.of(r.primary().samples()).median();
            if (row.operation().equals(operation) && !Double.isNaN(median)) {
                score.put(row.format(), median);
            }
        }
        return score.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).toList();
    }

    private static JmhResult find(List<JmhResult> members, String format, String operation) {
        for (JmhResult r : members) {
            CodecRow row = CodecRow.of(r);
            if (row.format().equals(format) && row.operation().equals(operation)) {
                return r;
            }
        }
        return null;
    }

    /** Writes the codecs' reference sizes for {@link #write} to read back. */
    static void recordSizes(RunFolder folder, Codecs codecs, List<String> names) {
        folder.writeJson(SIZES_FILE, SizesCommand.referenceSizes(codecs, names));
    }

    /** The sizes a run recorded in {@value #SIZES_FILE}, or null when it recorded none. */
    static Map<String, Long> readSizes(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            SortedMap<String, Long> sizes = JSON.readValue(file.toFile(), new TypeReference<TreeMap<String, Long>>() { });
            return Objects.requireNonNull(sizes);
        } catch (IOException | RuntimeException e) {
            throw new ResultsException(file + " is not a sizes file (" + firstLine(e) + ")", e);
        }
    }

    private static JsonNode readJson(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ResultsException(file + " is not JSON (" + firstLine(e) + ")", e);
        }
    }

    private static String firstLine(Exception e) {
        return String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
    }
}
