package dev.wirebench.pg;

import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.TextTable;
import dev.wirebench.harness.report.Layout;
import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.Repeats;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a {@code pg} run measured, filed as it is measured, and written as {@code results.json}, {@code summary.md}
 * (drawn from it), {@code .hgrm} files and PNG charts into the run folder; a run that fails part-way writes what it has,
 * with the failure on top.
 */
final class PgReport {

    static final String SUMMARY = "summary.md";
    /** The usual TOAST_TUPLE_THRESHOLD: a row above it gets its large values compressed, then moved out of line. */
    static final int TOAST_THRESHOLD = 2032;

    /**
     * One way of loading one format at one row count, timed {@code runs.size()} times, each a fresh load.
     *
     * @param runs nanoseconds of each run, in the order they ran
     */
    record Insert(int rows, Format format, Inserts method, List<Long> runs) {
        Insert {
            runs = List.copyOf(runs);
        }

        /** The median run. */
        long nanos() {
            List<Long> sorted = runs.stream().sorted().toList();
            int n = sorted.size();
            return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        }

        /** Rows per second of the median run. */
        double rowsPerSecond() {
            return rows / (nanos() / 1e9);
        }

        /** Rows per second of the slowest and the fastest run. */
        double[] rowsPerSecondRange() {
            long slowest = runs.stream().mapToLong(Long::longValue).max().orElseThrow();
            long fastest = runs.stream().mapToLong(Long::longValue).min().orElseThrow();
            return new double[]{rows / (slowest / 1e9), rows / (fastest / 1e9)};
        }
    }

    /**
     * @param pass  the mean of the passes
     * @param each every timed pass, in the order they ran
     */
    record Read(int rows, Format format, Reads.Pass pass, List<Reads.Pass> each) {
        Read {
            each = List.copyOf(each);
        }
    }

    record Size(int rows, Format format, Payloads.SizeStats client, long clientOverThreshold, Store.TableSize server) {
    }

    private final RunFolder folder;
    private final PgOptions options;
    private final Map<String, Object> setup = new LinkedHashMap<>();
    private final Map<Format, Histogram> serialisation = new EnumMap<>(Format.class);
    private final List<Insert> inserts = new ArrayList<>();
    private final List<Read> reads = new ArrayList<>();
    private final List<Size> sizes = new ArrayList<>();
    private final List<Query.Result> queries = new ArrayList<>();
    private QpsImpact.Impact impact;
    private String failure;

    PgReport(RunFolder folder, PgOptions options) {
        this.folder = folder;
        this.options = options;
    }

    void setup(String key, Object value) {
        setup.put(key, value);
    }

    void serialisation(Format format, Histogram nanos) {
        serialisation.put(format, nanos);
    }

    void insert(Insert insert) {
        inserts.add(insert);
    }

    void read(Read read) {
        reads.add(read);
    }

    void size(Size size) {
        sizes.add(size);
    }

    void query(Query.Result result) {
        queries.add(result);
    }

    void impact(QpsImpact.Impact impact) {
        this.impact = impact;
    }

    void failed(String why) {
        this.failure = why;
    }

    /** The read at the most rows, whose deserialisation percentiles the report and the QPS table use. */
    Map<Format, Read> lastReads() {
        Map<Format, Read> last = new EnumMap<>(Format.class);
        for (Read read : reads) {
            Read seen = last.get(read.format());
            if (seen == null || read.rows() >= seen.rows()) {
                last.put(read.format(), read);
            }
        }
        return last;
    }

    TextTable impactTable() {
        TextTable table = new TextTable(1, "QPS", "BYTEA cores", "JSONB cores", "Extra cores for JSON");
        if (impact != null) {
            for (QpsImpact.Row row : impact.rows()) {
                table.add(String.format(Locale.ROOT, "%,d", row.qps()), cores(row.binaryCores()), cores(row.jsonCores()),
                        cores(row.extraCores()));
            }
        }
        return table;
    }

    private static String cores(double cores) {
        return String.format(Locale.ROOT, "%.4f", cores);
    }

    private static String kib(long bytes) {
        return SummaryMarkdown.number(bytes / 1024.0);
    }

    /** The tables as the console shows them at the end. */
    String text() {
        return SummaryMarkdown.text(results(), layout(List.of()));
    }

    /** How summary.md lays the results out; the QPS table and the plans are derived, so they are text. */
    private Layout layout(List<String> figures) {
        List<Section> sections = new ArrayList<>();
        sections.add(Section.of("Inserts", Map.of("operation", "insert"), List.of("rows", "method", "format"), List.of(
                Column.estimate("Time (s)", "time"), Column.estimate("Rows/s", "rows/s"),
                Column.ratio("× batch", "rows/s", "method", Inserts.BATCH.label()),
                Column.rank("Rank", "rows/s", "method", Inserts.BATCH.label()))));
        List<Column> latency = new ArrayList<>();
        latency.add(Column.histogram("Count", "time", "count", 1));
        for (double p : Repeats.PERCENTILES) {
            latency.add(Column.estimate(Repeats.percentileName(p) + " (µs)", "time " + Repeats.percentileName(p)));
        }
        latency.add(Column.histogram("Max (µs)", "time", "max", 1000));
        sections.add(Section.of("Serialisation and deserialisation per message", Map.of(), List.of("operation", "rows", "format"),
                latency));
        sections.add(Section.of("Reads", Map.of("operation", "read"), List.of("rows", "format"), List.of(
                Column.estimate("Fetch (ms)", "fetch"), Column.estimate("Deserialise (ms)", "deserialise"),
                Column.estimate("Fetch + deserialise (ms)", "fetch + deserialise"), Column.estimate("Read rows/s", "rows/s"),
                Column.estimate("Deserialise share (%)", "deserialise share"))));
        sections.add(Section.of("Sizes", Map.of("operation", "store"), List.of("rows", "format"), List.of(
                Column.estimate("Client mean (B)", "client mean"), Column.estimate("Client min (B)", "client min"),
                Column.estimate("Client max (B)", "client max"), Column.estimate("Over " + TOAST_THRESHOLD + " B", "client over threshold"),
                Column.estimate("pg_column_size mean (B)", "pg_column_size mean"),
                Column.estimate("Compressed rows", "compressed rows"), Column.estimate("Out-of-line rows", "out-of-line rows"),
                Column.estimate("Heap (KiB)", "heap"), Column.estimate("TOAST (KiB)", "toast"),
                Column.estimate("Index (KiB)", "index"), Column.estimate("Total (KiB)", "total"),
                Column.estimate("Total per row (B)", "total per row")))
                .after("A row larger than about " + TOAST_THRESHOLD + " B has its large values compressed and, if still too"
                        + " large, moved out of line into the TOAST table: \"Over " + TOAST_THRESHOLD + " B\" counts the client"
                        + " payloads above it, \"Compressed\" and \"Out-of-line\" what the server did (left out below PG 14"
                        + " and 17, which cannot tell)."));
        StringBuilder plans = new StringBuilder("Every way decodes the rows it gets, as the application would; each time is the"
                + " median of the timed runs (one untimed run first) with its 95% interval. Whether the GIN index is used is"
                + " the planner's choice: for a question that matches many rows it reads the table anyway. Plans:\n");
        for (Query.Result q : queries) {
            for (Query.Way way : q.ways()) {
                plans.append(String.format(Locale.ROOT, "\n- %d rows, %s, %s: %s", q.rows(), way.question(), way.name(),
                        way.plan()));
            }
        }
        for (Query.Result q : queries) {
            plans.append(String.format(Locale.ROOT, "\n\nAt %d rows the GIN index took %s ms to build and holds %s KiB.",
                    q.rows(), SummaryMarkdown.number(q.indexBuildMillis()), kib(q.indexBytes())));
        }
        sections.add(Section.of("Queries: JSONB containment (`payload @> document`) vs reading and decoding every BYTEA row",
                Map.of("operation", "query"), List.of("rows", "question", "way"), List.of(
                        Column.estimate("Matched", "matched"), Column.estimate("Time (ms)", "time")))
                .after(plans.toString()));
        if (impact != null) {
            sections.add(Section.text("QPS impact: cores busy deserialising one row per query",
                    impactTable().toMarkdown() + "\n**Verdict:** " + impact.verdict()));
        }
        return new Layout(List.of("Inserts are timed from the first statement to the commit, with the payloads encoded"
                        + " beforehand, each a fresh load of an empty table, " + options.repeats() + " times over (the rounds"
                        + " interleave methods and formats); each cell is the median run with its 95% interval. Serialisation"
                        + " is timed apart, per message. Reads time the driver (query, `next()`, `getBytes`: bytes only) apart"
                        + " from deserialisation (the codec's decode into the record), per row, over " + options.repeats()
                        + " passes after an untimed one; every row read back is checked against the checksum of the message"
                        + " written."),
                sections, figures.stream().map(f -> new Layout.Figure(f, f)).toList());
    }

    /**
     * Every measure of the run. Inserts: each run's time and rows/s (a fresh load, the runs interleaved in
     * rounds). Reads: each pass's times, rows/s and deserialisation percentiles. Queries: each run's time.
     * Sizes: exact (the same rows compress alike). Serialisation percentiles are one recording, so one sample.
     */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        for (Insert insert : inserts) {
            Map<String, String> dims = dims("operation", "insert", "rows", Integer.toString(insert.rows()), "method",
                    insert.method().label(), "format", id(insert.format()));
            Repeats.each(dims, "time", "s", Better.LOWER, insert.runs(), nanos -> nanos / 1e9, measures);
            Repeats.each(dims, "rows/s", "rows/s", Better.HIGHER, insert.runs(), nanos -> insert.rows() / (nanos / 1e9),
                    measures);
        }
        // the inserts ran in rounds; the rest repeats one case at a time, so its samples pair by nothing
        int unpaired = measures.size();
        serialisation.forEach((format, h) -> Repeats.latency(dims("operation", "serialise", "format", id(format)),
                "time", List.of(h), measures, histograms));
        for (Read read : reads) {
            Map<String, String> dims = dims("operation", "read", "rows", Integer.toString(read.rows()), "format",
                    id(read.format()));
            Repeats.each(dims, "fetch", "ms", Better.LOWER, read.each(), p -> p.fetchNanos() / 1e6, measures);
            Repeats.each(dims, "deserialise", "ms", Better.LOWER, read.each(), p -> p.deserialisationNanos() / 1e6, measures);
            Repeats.each(dims, "fetch + deserialise", "ms", Better.LOWER, read.each(),
                    p -> (p.fetchNanos() + p.deserialisationNanos()) / 1e6, measures);
            Repeats.each(dims, "rows/s", "rows/s", Better.HIGHER, read.each(), Reads.Pass::rowsPerSecond, measures);
            Repeats.each(dims, "deserialise share", "%", Better.LOWER, read.each(),
                    p -> 100 * p.deserialisationNanos() / (p.fetchNanos() + p.deserialisationNanos()), measures);
            Repeats.latency(dims("operation", "deserialise", "rows", Integer.toString(read.rows()), "format", id(read.format())),
                    "time", read.each().stream().map(Reads.Pass::deserialisation).toList(), measures, histograms);
        }
        for (Size size : sizes) {
            Map<String, String> dims = dims("operation", "store", "rows", Integer.toString(size.rows()), "format",
                    id(size.format()));
            Store.TableSize s = size.server();
            exact(measures, dims, "client mean", "B", size.client().mean());
            exact(measures, dims, "client min", "B", size.client().min());
            exact(measures, dims, "client max", "B", size.client().max());
            exact(measures, dims, "client over threshold", "rows", size.clientOverThreshold());
            exact(measures, dims, "pg_column_size mean", "B", s.columnMean());
            if (s.compressedRows() >= 0) {
                exact(measures, dims, "compressed rows", "rows", s.compressedRows());
            }
            if (s.outOfLineRows() >= 0) {
                exact(measures, dims, "out-of-line rows", "rows", s.outOfLineRows());
            }
            exact(measures, dims, "heap", "KiB", s.heapBytes() / 1024.0);
            exact(measures, dims, "toast", "KiB", s.toastBytes() / 1024.0);
            exact(measures, dims, "index", "KiB", s.indexBytes() / 1024.0);
            exact(measures, dims, "total", "KiB", s.totalBytes() / 1024.0);
            exact(measures, dims, "total per row", "B", s.totalBytes() / (double) Math.max(1, s.rows()));
        }
        for (Query.Result q : queries) {
            for (Query.Way way : q.ways()) {
                Map<String, String> dims = dims("operation", "query", "rows", Integer.toString(q.rows()), "question",
                        way.question(), "way", way.name());
                Repeats.each(dims, "time", "ms", Better.LOWER, way.runsMillis(), Double::doubleValue, measures);
                exact(measures, dims, "matched", "rows", way.matched());
            }
        }
        Repeats.unpaired(measures, unpaired);
        Map<String, String> settings = new LinkedHashMap<>();
        setup.forEach((key, value) -> settings.put(key, String.valueOf(value)));
        settings.put("Repeats", options.repeats() + " runs of each insert (in rounds), read pass and query");
        return RunResults.of(folder.path(), "pg", "PostgreSQL: protobuf as BYTEA vs protobuf-JSON as JSONB", settings,
                failure == null ? List.of() : List.of(failure), measures, histograms);
    }

    private static void exact(List<Measure> measures, Map<String, String> dims, String metric, String unit, double value) {
        measures.add(Measure.exact(dims, metric, unit, Better.LOWER, value));
    }

    /** Writes every file from what is known now. */
    void write() {
        List<String> figures = new ArrayList<>();
        serialisation.forEach((format, h) -> Hgrm.write(folder, "serialise-" + format.name().toLowerCase(Locale.ROOT)
                + ".hgrm", h, TimeUnit.MICROSECONDS));
        lastReads().forEach((format, read) -> Hgrm.write(folder, "deserialise-" + format.name().toLowerCase(Locale.ROOT)
                + ".hgrm", read.pass().deserialisation(), TimeUnit.MICROSECONDS));
        chart(figures, "pg-inserts.png", insertChart());
        chart(figures, "pg-reads.png", readChart());
        chart(figures, "pg-sizes.png", sizeChart());
        List<PercentileLine> lines = new ArrayList<>();
        serialisation.forEach((format, h) -> lines.add(new PercentileLine("serialise " + format.label(), h)));
        lastReads().forEach((format, read) -> lines.add(new PercentileLine("deserialise " + format.label(),
                read.pass().deserialisation())));
        if (!lines.isEmpty()) {
            Charts.writePng(new PercentilePlot("InfrastructureExecution: (de)serialisation latency by percentile", lines,
                    TimeUnit.MICROSECONDS), folder.resolve("pg-latency.png"));
            figures.add("pg-latency.png");
        }
        RunResults model = results();
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout(figures)));
    }

    /** A format as results.json names it: {@code binary}, {@code json}. */
    private static String id(Format format) {
        return format.name().toLowerCase(Locale.ROOT);
    }

    /** Dimensions from name, value pairs, in that order. */
    private static Map<String, String> dims(String... pairs) {
        Map<String, String> dims = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            dims.put(pairs[i], pairs[i + 1]);
        }
        return dims;
    }

    private void chart(List<String> figures, String name, BarChart chart) {
        if (chart != null) {
            Charts.writePng(chart, folder.resolve(name));
            figures.add(name);
        }
    }

    private BarChart insertChart() {
        if (inserts.isEmpty()) {
            return null;
        }
        List<String> categories = new ArrayList<>();
        for (Insert insert : inserts) {
            String category = insert.method().label() + " @ " + insert.rows();
            if (!categories.contains(category)) {
                categories.add(category);
            }
        }
        List<BarSeries> series = new ArrayList<>();
        for (Format format : Format.values()) {
            List<Double> values = new ArrayList<>();
            for (String category : categories) {
                values.add(inserts.stream().filter(i -> i.format() == format
                                && category.equals(i.method().label() + " @ " + i.rows()))
                        .mapToDouble(Insert::rowsPerSecond).findFirst().orElse(Double.NaN));
            }
            series.add(new BarSeries(format.label(), values));
        }
        return new BarChart("Insert throughput by method (method @ rows)", "method @ rows", "rows/s", categories, series,
                false, true);
    }

    private BarChart readChart() {
        if (reads.isEmpty()) {
            return null;
        }
        List<String> categories = new ArrayList<>();
        List<Double> fetch = new ArrayList<>();
        List<Double> deserialise = new ArrayList<>();
        for (Read read : reads) {
            categories.add(read.format().label() + " @ " + read.rows());
            fetch.add(read.pass().fetchNanos() / 1e6);
            deserialise.add(read.pass().deserialisationNanos() / 1e6);
        }
        return new BarChart("Reading every row back: database fetch vs deserialisation", "format @ rows", "ms",
                categories, List.of(new BarSeries("fetch (driver, bytes only)", fetch),
                new BarSeries("deserialise (codec decode)", deserialise)), false, true);
    }

    private BarChart sizeChart() {
        if (sizes.isEmpty()) {
            return null;
        }
        int rows = sizes.stream().mapToInt(Size::rows).max().orElseThrow();
        List<String> categories = List.of("client payload (mean)", "pg_column_size (mean)", "on disk per row (total)");
        List<BarSeries> series = new ArrayList<>();
        for (Size size : sizes) {
            if (size.rows() == rows) {
                Store.TableSize s = size.server();
                series.add(new BarSeries(size.format().label(), List.of(size.client().mean(), s.columnMean(),
                        s.totalBytes() / (double) Math.max(1, s.rows()))));
            }
        }
        return new BarChart("Bytes per row at " + rows + " rows", "", "bytes", categories, series, false, true);
    }

}
