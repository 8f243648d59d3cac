package dev.wirebench.benchmarks;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.report.Layout;
import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Figure;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.JmhMeasures;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.stats.Estimate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A JMH run folder's {@code results.json}, {@code summary.md} and PNG charts, built from its {@code jmh.json}
 * (plus {@code env.json}, {@code rounds.json} and {@code sizes.json} when the run left them) through the one
 * result model: the same function serves the end of a run and {@code report}, so both give the same tables.
 *
 * <p>This is where the codec suite's layout lives: a headline table per message (and buffer) with the formats as
 * rows and encode, decode and traverse as columns, {@code raw} the baseline; then every case of every benchmark
 * class, ranked on the parameter it compares ({@link #MEMBER_PARAMS}).
 */
final class RunReport {

    static final String SUMMARY_FILE = "summary.md";
    /** Codec name to the encoded size of its reference message, recorded when the run starts. */
    static final String SIZES_FILE = "sizes.json";
    static final String BASELINE = "raw";
    /** The operations of the headline tables and the charts: round trip is encode plus decode, and would only repeat them. */
    private static final List<String> HEADLINE = List.of("encode", "decode", "traverse");
    /** The operations NativeBenchmark measures in native form, as {@code encodeNative} and {@code decodeNative}. */
    private static final List<String> NATIVE = List.of("encode", "decode");
    private static final String NATIVE_SUFFIX = "Native";
    /**
     * The parameters that name what a suite ranks (the member of a group); every other parameter separates
     * groups. A new suite names its compared parameter one of these to be ranked the same way.
     */
    static final List<String> MEMBER_PARAMS = List.of("library", "engine", "format", "implementation", "threads");
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReport() {
    }

    /** What {@code write} produced: the summary and the charts, in the folder. */
    record Written(Path summary, List<Path> charts) {
    }

    /**
     * Rebuilds results.json, summary.md and the charts of the run folder from its jmh.json.
     *
     * @param codecs the registry, for sizes when the run recorded none (an older run, or a JSON from elsewhere)
     * @throws ResultsException when the folder's jmh.json cannot be read
     */
    static Written write(RunFolder folder, Codecs codecs) {
        RunResults results = JmhRun.of(folder.path(), Map.of());
        List<String> notes = new ArrayList<>();
        if (results.environment().isEmpty()) {
            notes.add("Environment: not recorded (no " + Main.ENV_FILE + " beside this JSON)");
        }
        RoundLog rounds = RoundLog.read(folder.path());
        if (rounds != null) {
            notes.addAll(rounds.notes());
        }
        if (results.measures().stream().allMatch(m -> m.samples().size() < 2)) {
            notes.add("One fork per case: no interval and no ranking can be drawn from one fork; run in rounds "
                    + "(--quick, --preset nightly or --rounds R) for those");
        }
        List<String> measured = JmhRun.codecs(results);
        if (!measured.isEmpty()) {
            Map<String, Long> sizes = readSizes(folder.resolve(SIZES_FILE));
            if (sizes == null) {
                sizes = SizesCommand.referenceSizes(codecs, measured.stream().filter(codecs.names()::contains).toList());
                notes.add("Size B: the encoded reference message, computed by this build (the run recorded no "
                        + SIZES_FILE + ")");
            } else {
                notes.add("Size B: the encoded reference message, as the run recorded it in " + SIZES_FILE);
            }
            results = JmhRun.withSizes(results, sizes);
            String conformance = conformance(codecs, measured);
            if (!conformance.isEmpty()) {
                notes.add(conformance);
            }
        }
        ResultsFile.write(folder.path(), results);
        List<Figure> figures = new ArrayList<>();
        List<Path> charts = new ArrayList<>();
        drawCodecCharts(folder, results, figures, charts);
        List<String> variants = new ArrayList<>(rounds == null ? List.of() : rounds.variants().keySet());
        Path summary = folder.writeText(SUMMARY_FILE, SummaryMarkdown.markdown(results, layout(results, notes, variants,
                figures)));
        return new Written(summary, charts);
    }

    /**
     * Which contracts of the conformance kit each measured format passes, as this build's registry declares them:
     * {@code measurement} formats are measured as their library stands, and promise nothing about bytes they did not
     * write; {@code hostile-input} ones also survive any bytes. "" when the registry knows none of the formats.
     */
    static String conformance(Codecs codecs, List<String> measured) {
        Map<String, Set<String>> byLevel = new TreeMap<>();
        Set<String> formats = new LinkedHashSet<>();
        for (String name : measured) {
            String format = name.substring(0, name.indexOf('/'));
            if (codecs.names().contains(name) && formats.add(format)) {
                byLevel.computeIfAbsent(codecs.conformance(name).label(), l -> new TreeSet<>()).add(format);
            }
        }
        if (byLevel.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        byLevel.forEach((level, names) -> parts.add(level + ": " + String.join(", ", names)));
        return "Conformance kit passed (this build's codecs): " + String.join("; ", parts) + ". A measurement-only "
                + "format is timed as its library stands, with no guard against bytes it did not write; a +guarded "
                + "variant times the guards that make it survive them";
    }

    /** The summary's layout: the headline tables of the codec suite, the variants' verdicts, every case by class. */
    static Layout layout(RunResults results, List<String> notes, List<String> variants, List<Figure> figures) {
        List<Section> sections = new ArrayList<>();
        Section headline = headline(results);
        if (headline != null) {
            sections.add(headline);
        }
        Section mapping = mapping(results);
        if (mapping != null) {
            sections.add(mapping);
        }
        String variantTable = PairedCosts.variants(results, variants);
        if (!variantTable.isEmpty()) {
            sections.add(Section.text("Variants against " + variants(results, variants).get(0), variantTable));
        }
        String guards = PairedCosts.guards(results);
        if (!guards.isEmpty()) {
            sections.add(Section.text("What the guards cost: each +guarded format against its plain format", guards));
        }
        Set<String> classes = new LinkedHashSet<>();
        results.measures().forEach(m -> {
            if (m.dims().containsKey("benchmark")) {
                classes.add(m.dims().get("benchmark"));
            }
        });
        classes.forEach(c -> sections.add(everyCase(results, c, headline != null && c.equals(JmhRun.CODEC_BENCHMARK))));
        return new Layout(notes, sections, figures);
    }

    /** The variants in their order: as the round log lists them, then any other a case names. */
    static List<String> variants(RunResults results, List<String> listed) {
        Set<String> variants = new LinkedHashSet<>(listed);
        results.measures().forEach(m -> {
            if (m.dims().containsKey(Variant.PARAM)) {
                variants.add(m.dims().get(Variant.PARAM));
            }
        });
        return List.copyOf(variants);
    }

    /**
     * Per message and every dimension but format and operation (buffer, variant): the formats as rows, per operation
     * the median time, the cost over raw's with its interval and the rank, then allocation and size. Null without a
     * codec case of those operations.
     */
    private static Section headline(RunResults results) {
        List<Measure> times = results.measures().stream().filter(m -> JmhRun.isCodec(m) && m.metric().equals("time")
                && HEADLINE.contains(m.dims().get("operation"))).toList();
        if (times.isEmpty()) {
            return null;
        }
        List<String> operations = HEADLINE.stream().filter(op -> times.stream()
                .anyMatch(m -> m.dims().get("operation").equals(op))).toList();
        Set<String> split = new LinkedHashSet<>(List.of("message"));
        times.forEach(m -> split.addAll(m.dims().keySet()));
        split.removeAll(List.of("benchmark", "format", "operation"));
        List<Column> columns = new ArrayList<>();
        columns.add(Column.estimate("Size B", "size").on("format", "message"));
        List<Column> allocation = new ArrayList<>();
        for (String op : operations) {
            Map<String, String> at = Map.of("operation", op);
            columns.add(Column.median(op + " {unit}", "time").at(at));
            columns.add(Column.ratio("× " + BASELINE + " [95% CI]", "time", "format", BASELINE).at(at));
            columns.add(Column.rank("rank", "time", "format", BASELINE).at(at));
            allocation.add(Column.median("", "allocation").at(at));
        }
        columns.add(Column.joined("B/op " + String.join(" / ", operations), allocation));
        return Section.of("Formats by message", Map.of("benchmark", JmhRun.CODEC_BENCHMARK), List.of("format"), columns)
                .splitBy(split.toArray(String[]::new)).rankedOrder()
                .before("Per operation: the median time of the forks; × " + BASELINE + " is the cost over " + BASELINE
                        + "'s, the median of the per-round ratios with its 95% interval; formats whose intervals overlap "
                        + "share a rank (=2). Rows in order of their ranks. B/op is the gc profiler's allocation per "
                        + "operation (near-exact). Every case with its own interval is in the appendix below.");
    }

    /**
     * Per message (and buffer): each format that has a native model ({@link NativeBenchmark}) as a row, its encode and
     * decode from and to the record beside the same from and to its own object, and the mapping's share of the
     * record's time, paired by round. Null when no native case was measured.
     */
    private static Section mapping(RunResults results) {
        List<Measure> codec = results.measures().stream().filter(JmhRun::isCodec).toList();
        if (codec.stream().noneMatch(m -> m.dims().get("operation").endsWith(NATIVE_SUFFIX))) {
            return null;
        }
        Set<String> dims = new LinkedHashSet<>();
        codec.forEach(m -> dims.addAll(m.dims().keySet()));
        Set<String> split = new LinkedHashSet<>(List.of("message"));
        split.addAll(dims);
        split.removeAll(List.of("benchmark", "format", "operation"));
        // the record's figures are matched on every dimension but give no row: only formats with a native form are listed
        String[] exact = dims.toArray(String[]::new);
        List<Column> columns = new ArrayList<>();
        List<Column> allocation = new ArrayList<>();
        for (String op : NATIVE) {
            String nativeOp = op + NATIVE_SUFFIX;
            columns.add(Column.median(op + " record {unit}", "time").at(Map.of("operation", op)).on(exact));
            columns.add(Column.median(op + " native {unit}", "time").at(Map.of("operation", nativeOp)));
            columns.add(Column.share("mapping's share [95% CI]", "time", "operation", op).at(Map.of("operation", nativeOp)));
            allocation.add(Column.median("", "allocation").at(Map.of("operation", op)).on(exact));
            allocation.add(Column.median("", "allocation").at(Map.of("operation", nativeOp)));
        }
        columns.add(Column.joined("B/op encode record / native / decode record / native", allocation));
        return Section.of("What mapping to the records costs", Map.of("benchmark", JmhRun.CODEC_BENCHMARK),
                        List.of("format"), columns).splitBy(split.toArray(String[]::new))
                .before("The formats whose library has an object model of its own (generated classes): encode from the "
                        + "record, as the tables above measure it, beside encode from the library's object built in "
                        + "set-up; decode to the record beside decode to the library's object. The mapping's share is "
                        + "the part of the record's time the native form does not spend, 1 - native ÷ record, the median "
                        + "of the per-round values with its 95% interval. Every other format has only the record's "
                        + "figures: its library works on the records themselves (jdk, kryo, fory, jackson), or its codec "
                        + "writes and reads the bytes from and to the record directly (raw, sbe, flatbuffers, capnp, "
                        + "msgpack).");
    }

    /**
     * Every case of one benchmark class, a row each: its score's median with the 95% interval of its forks, the
     * forks, allocation, the class's own counters, and a rank among the cases that differ only in the compared
     * parameter (for the codec suite: the format, on its cost over raw's, with size and that cost shown too).
     */
    private static Section everyCase(RunResults results, String benchmark, boolean appendix) {
        List<Measure> mine = results.measures().stream().filter(m -> benchmark.equals(m.dims().get("benchmark"))).toList();
        Set<String> dims = new LinkedHashSet<>();
        mine.forEach(m -> dims.addAll(m.dims().keySet()));
        dims.remove("benchmark");
        String member = MEMBER_PARAMS.stream().filter(dims::contains).findFirst().orElse(null);
        List<String> rows = new ArrayList<>(dims);
        if (member != null) {
            // the compared parameter last: the rows of one group read as a list of its members
            rows.remove(member);
            rows.add(member);
        }
        boolean codec = benchmark.equals(JmhRun.CODEC_BENCHMARK) && "format".equals(member);
        List<String> scores = mine.stream().map(Measure::metric).filter(JmhMeasures::isScore).distinct().toList();
        List<String> counters = new TreeSet<>(mine.stream().map(Measure::metric)
                .filter(m -> !JmhMeasures.isScore(m) && !m.equals("allocation")).toList()).stream().toList();
        List<Column> columns = new ArrayList<>();
        for (String score : scores) {
            columns.add(Column.estimate(capitalised(score) + " {unit}", score));
        }
        if (!scores.isEmpty()) {
            columns.add(Column.samples("Forks", scores.get(0)));
        }
        columns.add(Column.median("Alloc B/op", "allocation"));
        counters.forEach(c -> columns.add(Column.median(c, c)));
        if (codec) {
            columns.add(Column.estimate("Size B", "size").on("format", "message"));
        }
        for (String score : scores) {
            String of = scores.size() > 1 ? " " + score : "";
            if (codec) {
                columns.add(Column.ratio("× " + BASELINE + of, score, "format", BASELINE));
            }
            if (member != null) {
                columns.add(Column.rank("Rank" + of, score, member, codec ? BASELINE : null));
            }
        }
        String ranked = member == null ? "" : " Ranked best first among the cases that differ only in " + member
                + (codec ? ", on the cost over " + BASELINE + "'s (× " + BASELINE + ": the median of the per-round ratios"
                + " with its 95% interval, above 1 costs more)" : "") + "; cases whose intervals overlap share a rank (=2).";
        return Section.of(appendix ? benchmark + ": every case" : benchmark, Map.of("benchmark", benchmark), rows, columns)
                .rankedOrder().before("Per case: the median of its forks (each fork: the median of its iterations) with a "
                        + "95% interval from order statistics, starred where fewer than six forks give less than 95%."
                        + ranked);
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * Per message (and buffer): time per operation per format, log scale with error bars; allocation per
     * operation per format; and one chart of encoded sizes per format.
     */
    private static void drawCodecCharts(RunFolder folder, RunResults results, List<Figure> figures, List<Path> charts) {
        // message -> the other dimensions' values (buffer) -> the codec suite's times and allocations
        Map<String, Map<List<String>, List<Measure>>> panels = new TreeMap<>();
        for (Measure m : results.measures()) {
            if (JmhRun.isCodec(m) && (m.metric().equals("time") || m.metric().equals("allocation"))) {
                List<String> rest = new ArrayList<>();
                m.dims().forEach((k, v) -> {
                    if (!List.of("benchmark", "format", "message", "operation").contains(k)) {
                        rest.add(v);
                    }
                });
                panels.computeIfAbsent(m.dims().get("message"), k -> new LinkedHashMap<>())
                        .computeIfAbsent(rest, k -> new ArrayList<>()).add(m);
            }
        }
        panels.forEach((message, byRest) -> byRest.forEach((rest, members) -> {
            if (members.stream().noneMatch(m -> m.metric().equals("time"))) {
                return;
            }
            String suffix = rest.isEmpty() ? "" : "-" + String.join("-", rest);
            String where = rest.isEmpty() ? "" : " (" + String.join(" · ", rest) + ")";
            List<String> formats = formatsByTime(members, "decode");
            String unit = members.stream().filter(m -> m.metric().equals("time")).findFirst().orElseThrow().unit();
            List<BarSeries> time = new ArrayList<>();
            List<BarSeries> alloc = new ArrayList<>();
            for (String operation : HEADLINE) {
                List<Double> values = new ArrayList<>();
                List<Double> errors = new ArrayList<>();
                List<Double> bytes = new ArrayList<>();
                for (String format : formats) {
                    Measure t = find(members, format, operation, "time");
                    Estimate e = t == null ? null : t.estimate();
                    values.add(e == null ? Double.NaN : e.median());
                    // the bar's whisker reaches the farther end of the 95% interval; one fork has none
                    errors.add(e == null || e.n() < 2 ? Double.NaN : Math.max(e.median() - e.low(), e.high() - e.median()));
                    Measure a = find(members, format, operation, "allocation");
                    bytes.add(a == null ? Double.NaN : Math.max(0, a.estimate().median()));
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
        drawSizes(folder, results, figures, charts);
    }

    /** One chart of every measured codec's encoded size, a series per message, formats by their total. */
    private static void drawSizes(RunFolder folder, RunResults results, List<Figure> figures, List<Path> charts) {
        Set<String> measured = new LinkedHashSet<>(JmhRun.codecs(results));
        Map<String, Map<String, Double>> byFormat = new LinkedHashMap<>();
        TreeSet<String> messages = new TreeSet<>();
        for (Measure m : results.measures()) {
            String format = m.dims().get("format");
            String message = m.dims().get("message");
            if (m.metric().equals("size") && measured.contains(format + "/" + message)) {
                byFormat.computeIfAbsent(format, f -> new TreeMap<>()).put(message, m.estimate().median());
                messages.add(message);
            }
        }
        if (messages.isEmpty()) {
            return;
        }
        List<String> formats = byFormat.keySet().stream().sorted(java.util.Comparator.comparingDouble(
                f -> byFormat.get(f).values().stream().mapToDouble(Double::doubleValue).sum())).toList();
        List<BarSeries> series = new ArrayList<>();
        for (String message : messages) {
            series.add(new BarSeries(message, formats.stream().map(f -> byFormat.get(f).getOrDefault(message, Double.NaN))
                    .toList(), null));
        }
        String title = "Encoded size of each message's reference sample, smaller is better";
        charts.add(Charts.writePng(new BarChart(title, "format (ordered by total size)", "bytes (log scale)", formats,
                series, true, false), folder.resolve("sizes.png")));
        figures.add(new Figure(title, "sizes.png"));
    }

    /** The formats of a panel, fastest first at {@code operation} (formats without it last, by name). */
    private static List<String> formatsByTime(List<Measure> members, String operation) {
        Map<String, Double> time = new TreeMap<>();
        for (Measure m : members) {
            time.putIfAbsent(m.dims().get("format"), Double.POSITIVE_INFINITY);
            double median = m.estimate().median();
            if (m.metric().equals("time") && m.dims().get("operation").equals(operation) && !Double.isNaN(median)) {
                time.put(m.dims().get("format"), median);
            }
        }
        return time.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).toList();
    }

    private static Measure find(List<Measure> members, String format, String operation, String metric) {
        for (Measure m : members) {
            if (m.metric().equals(metric) && m.dims().get("format").equals(format)
                    && m.dims().get("operation").equals(operation)) {
                return m;
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

    private static String firstLine(Exception e) {
        return String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
    }
}
