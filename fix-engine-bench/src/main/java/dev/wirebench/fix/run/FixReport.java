package dev.wirebench.fix.run;

import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
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
import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.RigReport;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.Sweep;
import dev.wirebench.harness.soak.SoakReport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The run folder of {@code fix}: results.json (per engine, and rate in a sweep, each repeat's round trip
 * percentiles to the fill and to the ack, orders/s, GC and allocation per order), summary.md drawn from it
 * (with the ratio of each p50 to raw's and each engine's settings), one .hgrm per engine and report (every
 * repeat merged), and one percentile plot of every engine. Rewritten after each engine, so a run stopped part
 * way keeps what finished.
 */
final class FixReport {

    static final String SUMMARY = "summary.md";
    static final String PLOT = "fix-rtt.png";

    private final RunFolder folder;
    private final FixOptions options;
    private final List<RigResult> results = new ArrayList<>();
    private final Map<String, Map<String, String>> settings = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, String> knees = new LinkedHashMap<>();
    private long seed;
    private String soakRate;
    private SoakReport soak;

    FixReport(RunFolder folder, FixOptions options) {
        this.folder = folder;
        this.options = options;
    }

    void settings(String engine, Map<String, String> engineSettings) {
        settings.put(engine, engineSettings);
    }

    void add(RigResult result) {
        results.add(result);
    }

    void failed(String engine, String why) {
        failures.put(engine, why);
    }

    /** Whether {@code engine} has failed in this run. */
    boolean failed(String engine) {
        return failures.containsKey(engine);
    }

    /** The seed the rounds' orders were shuffled with. */
    void seed(long seed) {
        this.seed = seed;
    }

    /** Where the sweep of {@code engine} found its knee. */
    void knee(String engine, Sweep.Knee knee) {
        knees.put(engine, knee.toString());
    }

    /** The soak's resources, and where its rate came from. */
    void soak(String rate, SoakReport report) {
        this.soakRate = rate;
        this.soak = report;
    }

    boolean anyFailed() {
        return !failures.isEmpty();
    }

    static String oneLine(RigResult r) {
        return String.format(Locale.ROOT, "%s, %s: %d orders, %.0f/s achieved%s; to the fill %s%s",
                r.target(), r.load(), r.completed(), r.achievedRate(), r.rateMissed() ? " (rate NOT held)" : "",
                PercentileTable.brief(r.completing()), r.failure() == null ? "" : "; ended early: " + r.failure());
    }

    private String rowKey(RigResult r) {
        String label = label(r.target(), r.plan().idle());
        return options.sweep() ? label + "-" + r.load().ratePerSecond() : label;
    }

    /** A case's name: the engine, and {@code , spinning} when its threads poll. */
    static String label(String engine, Idle idle) {
        return idle == Idle.SPIN ? engine + ", spinning" : engine;
    }

    /** Every repeat of each engine (and rate), in the order the rows first ran. */
    private Map<String, List<RigResult>> repeats() {
        Map<String, List<RigResult>> byRow = new LinkedHashMap<>();
        for (RigResult r : results) {
            byRow.computeIfAbsent(rowKey(r), k -> new ArrayList<>()).add(r);
        }
        return byRow;
    }

    /** Every measure of the run: per engine (and rate) the percentiles to the fill and to the ack, the rate, GC, B/order. */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        repeats().forEach((row, runs) -> {
            Map<String, String> dims = new LinkedHashMap<>();
            dims.put("engine", runs.get(0).target());
            // only a spinning case names how it waits, so a blocking run's cases keep the keys they always had
            if (runs.get(0).plan().idle() == Idle.SPIN) {
                dims.put("idle", "spin");
            }
            if (!runs.get(0).load().closed()) {
                dims.put("rate", Long.toString(runs.get(0).load().ratePerSecond()));
            }
            Repeats.latency(dims, "fill", runs.stream().map(r -> r.latency("fill")).toList(), measures, histograms);
            Repeats.latency(dims, "ack", runs.stream().map(r -> r.latency("ack")).toList(), measures, histograms);
            Repeats.latency(dims, "sender lag", runs.stream().map(RigResult::senderLag).toList(), measures,
                    histograms);
            Repeats.each(dims, "orders/s", "orders/s", Better.HIGHER, runs, RigResult::achievedRate, measures);
            Repeats.each(dims, "client cores", "cores", Better.LOWER, runs, RigResult::cores, measures);
            Repeats.each(dims, "GCs", "GCs", Better.LOWER, runs, RigResult::gcCount, measures);
            Repeats.each(dims, "GC ms", "ms", Better.LOWER, runs, RigResult::gcMillis, measures);
            Repeats.each(dims, "allocation", "B/order", Better.LOWER, runs,
                    r -> r.bytesPerRequest() < 0 ? Double.NaN : r.bytesPerRequest(), measures);
        });
        Map<String, String> described = new LinkedHashMap<>();
        described.put("Load", options.describe());
        described.put("Client", options.role() == dev.wirebench.harness.cli.Role.CLIENT
                ? "against the server at " + options.host() + ":" + options.port()
                : "this JVM; each engine's server in a JVM of its own on 127.0.0.1");
        if (options.repeats() > 1) {
            described.put("Repeats", options.repeats() + " per engine, in rounds of a shuffled order (seed " + seed
                    + "), each a fresh server JVM and fresh sessions; each cell is the median of the repeats with its 95%"
                    + " interval, orders and max of them all");
        }
        knees.forEach((engine, knee) -> described.put("Knee of " + engine, knee));
        if (soak != null) {
            described.put("Soak rate", soakRate);
            described.put("Soak verdict", soak.verdict());
        }
        String marked = RigReport.marks(results, r -> label(r.target(), r.plan().idle()) + (r.load().closed() ? "" : " at " + r.load().ratePerSecond() + "/s"));
        if (!marked.isEmpty()) {
            described.put("Marked", marked);
        }
        List<String> failed = new ArrayList<>();
        failures.forEach((engine, why) -> failed.add(engine + ": " + why));
        return RunResults.of(folder.path(), "fix", "FIX ping-pong", described, failed, measures, histograms);
    }

    private Layout layout(boolean plotted) {
        return new Layout(List.of(
                "Each order: NewOrderSingle out, ExecutionReport ack (150=0) and fill (150=F) back; round trip from the"
                        + " order's stamp (its send time in closed loop, its intended send time in open loop) to the report's"
                        + " arrival, every order of the measured window recorded (HdrHistogram, 3 digits)",
                "Client cores, GCs, GC ms and B/order are the client JVM's during the measured window (cores: its CPU"
                        + " time over the window's length); sender lag (fixed rate only) is how late the sender's own"
                        + " wake-up put each order on the wire after its intended time, a part of every round trip that no"
                        + " engine causes",
                "A spinning case (idle spin) polls instead of blocking on both sides where the engine can, each"
                        + " spinning thread a whole core: with " + Runtime.getRuntime().availableProcessors() + " cores,"
                        + " client and server then leave the JIT, the GC and anything else on the machine little or none,"
                        + " which shows in the tail; its × raw is taken against raw spinning too"),
                soak == null ? List.of(table("Round trip to the fill", "fill", true), table("Round trip to the ack", "ack", false),
                        Section.text("Engine settings", engineSettings()))
                        : List.of(table("Round trip to the fill", "fill", true), table("Round trip to the ack", "ack", false),
                        Section.text("Soak: the server JVM's resources and the client's", soak.markdown()),
                        Section.text("Engine settings", engineSettings())),
                plotted ? List.of(new Layout.Figure("Round trip to the fill by percentile", PLOT)) : List.of());
    }

    /** Each engine's settings as nested bullets: what it validates, stores, logs, and how it waits. */
    private String engineSettings() {
        StringBuilder md = new StringBuilder();
        settings.forEach((engine, s) -> {
            md.append("- ").append(engine).append('\n');
            s.forEach((k, v) -> md.append("  - ").append(k).append(": ").append(v).append('\n'));
        });
        return md.toString().stripTrailing();
    }

    private static Section table(String title, String histogram, boolean extras) {
        List<Column> columns = new ArrayList<>();
        columns.add(Column.histogram("Orders", histogram, "count", 1));
        for (double p : Repeats.PERCENTILES) {
            columns.add(Column.estimate(Repeats.percentileName(p) + " (µs)", histogram + " " + Repeats.percentileName(p)));
        }
        columns.add(Column.histogram("Max (µs)", histogram, "max", 1000));
        columns.add(Column.ratio("× raw p50", histogram + " p50", "engine", FixEngines.BASELINE));
        columns.add(Column.rank("Rank p50", histogram + " p50", "engine", FixEngines.BASELINE));
        if (extras) {
            columns.add(Column.estimate("Orders/s", "orders/s"));
            columns.add(Column.estimate("Sender lag p50 (µs)", "sender lag p50"));
            columns.add(Column.estimate("Client cores", "client cores"));
            columns.add(Column.estimate("GCs", "GCs"));
            columns.add(Column.estimate("GC ms", "GC ms"));
            columns.add(Column.estimate("B/order", "allocation"));
        }
        return Section.of(title, Map.of(), List.of("engine", "idle", "rate"), columns);
    }

    /** The tables as the console shows them. */
    String text() {
        // the engines' settings are for the summary; the console has the numbers
        Layout layout = layout(false);
        return SummaryMarkdown.text(results(), new Layout(layout.notes(), layout.sections().stream()
                .filter(s -> !s.columns().isEmpty()).toList(), List.of()));
    }

    /** Writes every file from what is known now: the .hgrm files and the plot from the results' merged histograms. */
    void write() {
        RunResults model = results();
        List<PercentileLine> lines = new ArrayList<>();
        for (RecordedHistogram h : model.histograms()) {
            if (!h.name().equals("fill") && !h.name().equals("ack")) {
                continue;
            }
            String engine = h.dims().get("engine");
            String rate = h.dims().get("rate");
            boolean spin = h.dims().containsKey("idle");
            Hgrm.write(folder, engine + (spin ? "-spin" : "") + (rate == null ? "" : "-" + rate) + "-" + h.name() + ".hgrm",
                    h.histogram(), TimeUnit.MICROSECONDS);
            if (h.name().equals("fill") && lines.size() < PercentilePlot.MAX_LINES) {
                String name = label(engine, spin ? Idle.SPIN : Idle.BLOCK);
                lines.add(new PercentileLine(rate == null ? name : name + " @ " + rate + "/s", h.histogram(),
                        engine.equals(FixEngines.BASELINE)
                                && lines.stream().filter(PercentileLine::reference).count() < PercentilePlot.MAX_REFERENCE_LINES));
            }
        }
        if (!lines.isEmpty()) {
            Charts.writePng(new PercentilePlot("FIX ping-pong: round trip to the fill by percentile", lines,
                    TimeUnit.MICROSECONDS), folder.resolve(PLOT));
        }
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout(!lines.isEmpty())));
    }
}
