package dev.wirebench.pg;

import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.Summary;
import dev.wirebench.harness.TextTable;
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
 * What a {@code pg} run measured, filed as it is measured, and written as {@code summary.md}, {@code pg.json},
 * {@code .hgrm} files and PNG charts into the run folder; a run that fails part-way writes what it has,
 * with the failure on top.
 */
final class PgReport {

    static final String SUMMARY = "summary.md";
    static final String JSON = "pg.json";
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

    TextTable insertTable() {
        TextTable table = new TextTable(3, "Rows", "Method", "Format", "Time (s)", "Rows/s", "Rows/s slowest–fastest",
                "× batch");
        for (Insert insert : inserts) {
            double base = inserts.stream()
                    .filter(i -> i.rows() == insert.rows() && i.format() == insert.format() && i.method() == Inserts.BATCH)
                    .mapToDouble(Insert::rowsPerSecond).findFirst().orElse(Double.NaN);
            table.add(Integer.toString(insert.rows()), insert.method().label(), insert.format().label(),
                    Summary.number(insert.nanos() / 1e9), Summary.number(insert.rowsPerSecond()),
                    Summary.number(insert.rowsPerSecondRange()[0]) + "–" + Summary.number(insert.rowsPerSecondRange()[1]),
                    Summary.number(insert.rowsPerSecond() / base));
        }
        return table;
    }

    PercentileTable serialisationTable() {
        PercentileTable table = new PercentileTable(TimeUnit.MICROSECONDS, "p95 (µs)");
        serialisation.forEach((format, h) -> table.add("serialise " + format.label(), h, p95(h)));
        lastReads().forEach((format, read) -> table.add("deserialise " + format.label() + " (" + read.rows() + " rows × "
                + read.pass().passes() + ")",
                read.pass().deserialisation(), p95(read.pass().deserialisation())));
        return table;
    }

    private static String p95(Histogram h) {
        return h.getTotalCount() == 0 ? "–" : Summary.number(h.getValueAtPercentile(95) / 1000.0);
    }

    TextTable readTable() {
        TextTable table = new TextTable(2, "Rows", "Format", "Passes", "Fetch (ms)", "Deserialise (ms)",
                "Fetch + deserialise (ms)", "Read rows/s", "Deserialise share");
        for (Read read : reads) {
            Reads.Pass pass = read.pass();
            double fetch = pass.fetchNanos() / 1e6;
            double deserialise = pass.deserialisationNanos() / 1e6;
            table.add(Integer.toString(read.rows()), read.format().label(), Integer.toString(pass.passes()),
                    Summary.number(fetch), Summary.number(deserialise),
                    Summary.number(fetch + deserialise), Summary.number(pass.rowsPerSecond()),
                    String.format(Locale.ROOT, "%.0f%%", 100 * deserialise / (fetch + deserialise)));
        }
        return table;
    }

    TextTable sizeTable() {
        TextTable table = new TextTable(2, "Rows", "Format", "Client mean (B)", "Client min–max (B)",
                "Over " + TOAST_THRESHOLD + " B", "pg_column_size mean (B)", "Compressed rows", "Out-of-line rows",
                "Heap (KiB)", "TOAST (KiB)", "Index (KiB)", "Total (KiB)", "Total per row (B)");
        for (Size size : sizes) {
            Store.TableSize s = size.server();
            table.add(Integer.toString(size.rows()), size.format().label(), Summary.number(size.client().mean()),
                    size.client().min() + "–" + size.client().max(),
                    share(size.clientOverThreshold(), size.rows()), Summary.number(s.columnMean()),
                    s.compressedRows() < 0 ? "n/a (< PG 14)" : share(s.compressedRows(), s.rows()),
                    s.outOfLineRows() < 0 ? "n/a (< PG 17)" : share(s.outOfLineRows(), s.rows()),
                    kib(s.heapBytes()), kib(s.toastBytes()), kib(s.indexBytes()), kib(s.totalBytes()),
                    Summary.number(s.totalBytes() / (double) Math.max(1, s.rows())));
        }
        return table;
    }

    private static String share(long n, long of) {
        return String.format(Locale.ROOT, "%d (%.0f%%)", n, of == 0 ? 0.0 : 100.0 * n / of);
    }

    private static String kib(long bytes) {
        return Summary.number(bytes / 1024.0);
    }

    TextTable queryTable() {
        TextTable table = new TextTable(4, "Rows", "Question", "Way", "Plan", "Matched", "Median (ms)", "Min (ms)");
        for (Query.Result q : queries) {
            for (Query.Way way : q.ways()) {
                table.add(Integer.toString(q.rows()), way.question(), way.name(), way.plan(), Long.toString(way.matched()),
                        Summary.number(way.medianMillis()), Summary.number(way.minMillis()));
            }
        }
        return table;
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

    /** The tables as the console shows them at the end. */
    String text() {
        StringBuilder text = new StringBuilder();
        if (!inserts.isEmpty()) {
            text.append("\nInserts:\n").append(insertTable().toText());
        }
        if (!serialisation.isEmpty()) {
            text.append("\nSerialisation and deserialisation per message (µs):\n").append(serialisationTable().toText());
        }
        if (!reads.isEmpty()) {
            text.append("\nReads:\n").append(readTable().toText());
        }
        if (!sizes.isEmpty()) {
            text.append("\nSizes:\n").append(sizeTable().toText());
        }
        if (!queries.isEmpty()) {
            text.append("\nQueries (median of the timed runs):\n").append(queryTable().toText());
        }
        if (impact != null) {
            text.append("\nQPS impact (cores busy deserialising one row per query):\n").append(impactTable().toText())
                    .append("\nVerdict: ").append(impact.verdict()).append('\n');
        }
        return text.toString();
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
        folder.writeJson(JSON, json());
        ResultsFile.write(folder.path(), results());
        folder.writeText(SUMMARY, markdown(figures));
    }

    /**
     * Every measure of the run. Inserts: rows/s of each run (a fresh load, the runs interleaved in rounds).
     * Reads: each pass's rows/s and deserialisation percentiles. Queries: each run's time. Sizes: exact
     * (the same rows compress alike). Serialisation percentiles are one recording, so one sample.
     */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        serialisation.forEach((format, h) -> Repeats.latency(dims("format", id(format), "operation", "serialise"),
                "time", List.of(h), measures, histograms));
        for (Insert insert : inserts) {
            Repeats.each(dims("operation", "insert", "rows", Integer.toString(insert.rows()), "method",
                            insert.method().label(), "format", id(insert.format())), "rows/s", "rows/s", Better.HIGHER,
                    insert.runs(), nanos -> insert.rows() / (nanos / 1e9), measures);
        }
        for (Read read : reads) {
            Map<String, String> dims = dims("operation", "read", "rows", Integer.toString(read.rows()), "format",
                    id(read.format()));
            Repeats.each(dims, "rows/s", "rows/s", Better.HIGHER, read.each(), Reads.Pass::rowsPerSecond, measures);
            Repeats.each(dims, "fetch", "ms", Better.LOWER, read.each(), p -> p.fetchNanos() / 1e6, measures);
            Repeats.latency(dims, "deserialise", read.each().stream().map(Reads.Pass::deserialisation).toList(), measures,
                    histograms);
        }
        for (Size size : sizes) {
            Map<String, String> dims = dims("rows", Integer.toString(size.rows()), "format", id(size.format()));
            measures.add(Measure.exact(dims, "client payload mean", "B", Better.LOWER, size.client().mean()));
            measures.add(Measure.exact(dims, "pg_column_size mean", "B", Better.LOWER, size.server().columnMean()));
            measures.add(Measure.exact(dims, "on disk per row", "B", Better.LOWER,
                    size.server().totalBytes() / (double) Math.max(1, size.server().rows())));
        }
        for (Query.Result q : queries) {
            for (Query.Way way : q.ways()) {
                Repeats.each(dims("operation", "query", "rows", Integer.toString(q.rows()), "question", way.question(),
                        "way", way.name()), "time", "ms", Better.LOWER, way.runsMillis(), Double::doubleValue, measures);
            }
        }
        Map<String, String> settings = new LinkedHashMap<>();
        setup.forEach((key, value) -> settings.put(key, String.valueOf(value)));
        settings.put("Repeats", options.repeats() + " runs of each insert (in rounds), read pass and query");
        return RunResults.of(folder.path(), "pg", "PostgreSQL: protobuf as BYTEA vs protobuf-JSON as JSONB", settings,
                failure == null ? List.of() : List.of(failure), measures, histograms);
    }

    /** A format as results.json and pg.json name it: {@code binary}, {@code json}. */
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

    private Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("setup", setup);
        if (failure != null) {
            json.put("failure", failure);
        }
        Map<String, Object> ser = new LinkedHashMap<>();
        serialisation.forEach((format, h) -> ser.put(format.name().toLowerCase(Locale.ROOT), PercentileTable.json(h)));
        json.put("serialisationNanos", ser);
        List<Map<String, Object>> insertRows = new ArrayList<>();
        for (Insert insert : inserts) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rows", insert.rows());
            row.put("format", insert.format().name().toLowerCase(Locale.ROOT));
            row.put("method", insert.method().label());
            row.put("nanos", insert.nanos());
            row.put("runNanos", insert.runs());
            row.put("rowsPerSecond", insert.rowsPerSecond());
            insertRows.add(row);
        }
        json.put("inserts", insertRows);
        List<Map<String, Object>> readRows = new ArrayList<>();
        for (Read read : reads) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rows", read.rows());
            row.put("format", read.format().name().toLowerCase(Locale.ROOT));
            row.put("passes", read.pass().passes());
            row.put("fetchNanos", read.pass().fetchNanos());
            row.put("deserialisationNanos", read.pass().deserialisationNanos());
            row.put("wallNanos", read.pass().wallNanos());
            row.put("rowsPerSecond", read.pass().rowsPerSecond());
            row.put("deserialisation", PercentileTable.json(read.pass().deserialisation()));
            readRows.add(row);
        }
        json.put("reads", readRows);
        json.put("sizes", sizes);
        json.put("queries", queries);
        json.put("qpsImpact", impact);
        return json;
    }

    private String markdown(List<String> figures) {
        StringBuilder md = new StringBuilder("# PostgreSQL: protobuf as BYTEA vs protobuf-JSON as JSONB\n\n");
        if (failure != null) {
            md.append("**The run failed:** ").append(failure).append(" — the tables hold what finished before.\n\n");
        }
        md.append(Summary.environmentBullets(folder.resolve(RunFolder.ENV_FILE)));
        setup.forEach((key, value) -> md.append("- ").append(key).append(": ").append(value).append('\n'));
        md.append("\nInserts are timed from the first statement to the commit, with the payloads encoded beforehand, "
                + "each a fresh load of an empty table, " + options.repeats() + " times over (the rounds interleave "
                + "methods and formats); the tables show the median run and the spread; "
                + "serialisation is timed apart, per message. Reads time the driver (query, `next()`, `getBytes`: bytes only) "
                + "apart from deserialisation (the codec's decode into the record), per row, over " + options.repeats()
                + " passes after an untimed one (times are means per pass; the percentiles hold every row of every "
                + "pass); every row read back is checked against the checksum of the message written.\n");
        section(md, "Inserts", insertTable());
        if (!serialisation.isEmpty()) {
            md.append("\n## Serialisation and deserialisation per message\n\n").append(serialisationTable().toMarkdown());
        }
        section(md, "Reads", readTable());
        if (!sizes.isEmpty()) {
            section(md, "Sizes", sizeTable());
            md.append("\nA row larger than about ").append(TOAST_THRESHOLD).append(" B has its large values compressed "
                    + "and, if still too large, moved out of line into the TOAST table: \"Over " + TOAST_THRESHOLD
                    + " B\" counts the client payloads above it, \"Compressed\" and \"Out-of-line\" what the server did.\n");
        }
        if (!queries.isEmpty()) {
            section(md, "Queries: JSONB containment (`payload @> document`) vs reading and decoding every BYTEA row",
                    queryTable());
            md.append("\nEvery way decodes the rows it gets, as the application would; the timings are the median "
                    + "and the fastest of the timed runs (one untimed run first). Whether the GIN index is used is the "
                    + "planner's choice, shown in the plan column: for a question that matches many rows it reads the "
                    + "table anyway.\n");
            for (Query.Result q : queries) {
                md.append(String.format(Locale.ROOT, "\nAt %d rows the GIN index took %s ms to build and holds %s KiB.",
                        q.rows(), Summary.number(q.indexBuildMillis()), kib(q.indexBytes())));
            }
            md.append('\n');
        }
        if (impact != null) {
            section(md, "QPS impact: cores busy deserialising one row per query", impactTable());
            md.append("\n**Verdict:** ").append(impact.verdict()).append('\n');
        }
        if (!figures.isEmpty()) {
            md.append("\n## Charts\n\n");
            figures.forEach(f -> md.append("![").append(f).append("](").append(f).append(")\n\n"));
        }
        return md.toString();
    }

    private static void section(StringBuilder md, String title, TextTable table) {
        if (!table.isEmpty()) {
            md.append("\n## ").append(title).append("\n\n").append(table.toMarkdown());
        }
    }
}
