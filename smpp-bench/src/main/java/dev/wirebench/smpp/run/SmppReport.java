package dev.wirebench.smpp.run;

import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.PercentileTable;
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
import dev.wirebench.harness.rig.RigReport;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.soak.SoakReport;
import dev.wirebench.smpp.server.SmscReader;
import dev.wirebench.harness.stats.Estimate;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The run folder of {@code smpp}: results.json (per window, each repeat's percentiles from send to
 * submit_sm_resp and its submit_sm/s; timeouts and errors counted), summary.md drawn from it (a row per
 * window: sessions, submits, submit_sm/s, the ratio to window 1, p50, p90, p99, p99.9 and max, timeouts,
 * errors), one .hgrm per window (every repeat merged), and smpp-sweep.png (throughput above, p50 and p99
 * latency below, against window). Rewritten after each window, so a run stopped part way keeps what finished.
 */
final class SmppReport {

    static final String SUMMARY = "summary.md";
    static final String PLOT = "smpp-sweep.png";
    /** The goal: async (window 64) at least this many times sync (window 1). */
    static final double GOAL_RATIO = 5;
    private static final int PLOT_WIDTH = 1000;
    private static final int PANEL_HEIGHT = 420;
    private static final String LATENCY = "submit_sm";
    private static final String RATE = "submit_sm/s";
    private static final String READER = "smsc reader";

    private final RunFolder folder;
    private final SmppOptions options;
    private final String server;
    private final long seed;
    /** One window measured, and how the SMSC read (null: a remote SMSC, whose reader is its own affair). */
    private record Run(SmscReader reader, RigResult result) {
        String key() {
            return result.plan().inFlight() + (reader == null ? "" : "/" + reader);
        }
    }

    private final List<Run> runs = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private String soakRate;
    private SoakReport soak;

    /**
     * @param server where the SMSC ran, for the summary
     * @param seed   the seed the rounds' orders were shuffled with
     */
    SmppReport(RunFolder folder, SmppOptions options, String server, long seed) {
        this.folder = folder;
        this.options = options;
        this.server = server;
        this.seed = seed;
    }

    void add(SmscReader reader, RigResult result) {
        runs.add(new Run(reader, result));
    }

    /** The soak's resources, and where its rate came from. */
    void soak(String rate, SoakReport report) {
        this.soakRate = rate;
        this.soak = report;
    }

    void failed(String why) {
        failures.add(why);
    }

    /** {@code window-64.hgrm}; with more than one reader in the run, {@code window-64-decode.hgrm}. */
    String hgrmName(int window, String reader) {
        return "window-" + window + (reader == null || options.readers().size() == 1 ? "" : "-" + reader) + ".hgrm";
    }

    static String oneLine(RigResult r) {
        return String.format(Locale.ROOT, "window %d: %d submits, %s submit_sm/s%s; %s%s%s",
                r.plan().inFlight(), r.completed(), SummaryMarkdown.number(r.achievedRate()),
                r.rateMissed() ? " (rate NOT held)" : "", PercentileTable.brief(r.completing()),
                r.timeouts() + r.errors() == 0 ? "" : "; " + r.timeouts() + " timeouts, " + r.errors() + " errors",
                r.failure() == null ? "" : "; ended early: " + r.failure());
    }

    /** Every repeat of each window (and reader), in the order they first ran. */
    private Map<String, List<Run>> repeats() {
        Map<String, List<Run>> byCase = new LinkedHashMap<>();
        for (Run r : runs) {
            byCase.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
        }
        return byCase;
    }

    private static List<RigResult> results(List<Run> runs) {
        return runs.stream().map(Run::result).toList();
    }

    /** Every measure of the run: per window the percentiles from send to submit_sm_resp, submit_sm/s, failures. */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        repeats().forEach((key, caseRuns) -> {
            List<RigResult> runs = results(caseRuns);
            Map<String, String> dims = dims(runs.get(0).plan().inFlight(), runs.get(0).plan().sessions(),
                    caseRuns.get(0).reader());
            Repeats.latency(dims, LATENCY, runs.stream().map(RigResult::completing).toList(), measures, histograms);
            Repeats.each(dims, RATE, RATE, Better.HIGHER, runs, RigResult::achievedRate, measures);
            // a timeout or an error is a failure to count, not noise: their totals are exact
            measures.add(Measure.exact(dims, "timeouts", "submit_sm", Better.LOWER,
                    runs.stream().mapToLong(RigResult::timeouts).sum()));
            measures.add(Measure.exact(dims, "errors", "submit_sm", Better.LOWER,
                    runs.stream().mapToLong(RigResult::errors).sum()));
            if (options.receipts()) {
                measures.add(Measure.exact(dims, "receipts", "deliver_sm", Better.HIGHER, runs.stream()
                        .mapToLong(r -> r.counts().getOrDefault(SmppTarget.RECEIPTS, 0L)).sum()));
            }
        });
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("Load", options.describe());
        settings.put("SMSC", server);
        if (soak != null) {
            settings.put("Soak rate", soakRate);
            settings.put("Soak verdict", soak.verdict());
        }
        String marked = RigReport.marks(results(runs), r -> "window " + r.plan().inFlight());
        if (!marked.isEmpty()) {
            settings.put("Marked", marked);
        }
        if (options.repeats() > 1) {
            settings.put("Repeats", options.repeats() + " per window, in rounds of a shuffled order (seed " + seed
                    + "); each cell is the median of the repeats with its 95% interval, max and submits of them all");
        }
        return RunResults.of(folder.path(), "smpp", "SMPP window sweep", settings, failures, measures, histograms);
    }

    /** A case's dimensions; how the SMSC reads is one only when it is not the default's alone. */
    private Map<String, String> dims(int window, int sessions, SmscReader reader) {
        Map<String, String> dims = new LinkedHashMap<>();
        dims.put("window", Integer.toString(window));
        dims.put("sessions", Integer.toString(sessions));
        if (reader != null && !options.readers().equals(List.of(SmscReader.FLYWEIGHT))) {
            dims.put(READER, reader.name().toLowerCase(Locale.ROOT));
        }
        return dims;
    }

    private Layout layout(boolean plotted) {
        List<Column> columns = new ArrayList<>();
        columns.add(Column.histogram("Submits", LATENCY, "count", 1));
        columns.add(Column.estimate(RATE, RATE));
        columns.add(Column.ratio("× window 1", RATE, "window", "1"));
        if (options.readers().size() > 1) {
            columns.add(Column.ratio("× decode", RATE, READER, "decode"));
        }
        for (double p : Repeats.PERCENTILES) {
            columns.add(Column.estimate(Repeats.percentileName(p) + " (µs)", LATENCY + " " + Repeats.percentileName(p)));
        }
        columns.add(Column.histogram("Max (µs)", LATENCY, "max", 1000));
        columns.add(Column.estimate("Timeouts", "timeouts"));
        columns.add(Column.estimate("Errors", "errors"));
        if (options.receipts()) {
            // the whole run's, warm-up included: a receipt names a message id, not the submit's send time
            columns.add(Column.estimate("Receipts (whole run)", "receipts"));
        }
        String goal = goal();
        Section table = Section.of("submit_sm, send to submit_sm_resp", Map.of(), List.of("window", "sessions", READER),
                columns);
        return new Layout(List.of("Each session binds as a transceiver and keeps `window` submit_sm in flight, sending the"
                        + " next as soon as a response frees a place; latency runs from just before a submit_sm is written"
                        + " to the arrival of its submit_sm_resp, every one sent in the measured window recorded"
                        + " (HdrHistogram, 3 digits); submit_sm/s counts those answered ESME_ROK"),
                soak != null ? List.of(table, Section.text("Soak: the SMSC JVM's resources and the client's", soak.markdown()))
                        : List.of(goal == null ? table : table.after(goal.substring(0, 1).toUpperCase(Locale.ROOT) + goal.substring(1) + ".")),
                plotted ? List.of(new Layout.Figure("Throughput and latency against window", PLOT)) : List.of());
    }

    /** The goal's verdict when the sweep had windows 1 and 64 (the SMSC reading its first way), else null. */
    String goal() {
        Map<String, List<Run>> repeats = repeats();
        String reader = options.role() == dev.wirebench.harness.cli.Role.BOTH ? "/" + options.readers().get(0) : "";
        if (!repeats.containsKey("1" + reader) || !repeats.containsKey("64" + reader)) {
            return null;
        }
        double sync = median(results(repeats.get("1" + reader)));
        if (!(sync > 0)) {
            return null;
        }
        double ratio = median(results(repeats.get("64" + reader))) / sync;
        return String.format(Locale.ROOT, "window 64 gave %s× the submit_sm/s of window 1: the goal of %.0f× is %s",
                SummaryMarkdown.number(ratio), GOAL_RATIO, ratio >= GOAL_RATIO ? "met" : "missed");
    }

    private static double median(List<RigResult> runs) {
        return Estimate.of(runs.stream().mapToDouble(RigResult::achievedRate).toArray()).median();
    }

    /** The table and what follows it, as the console shows them. */
    String text() {
        // the soak's resources are markdown for the summary; the console gets their own text after this
        Layout layout = layout(false);
        StringBuilder text = new StringBuilder(SummaryMarkdown.text(results(), new Layout(layout.notes(),
                layout.sections().stream().filter(s -> !s.columns().isEmpty()).toList(), List.of())));
        String goal = goal();
        if (goal != null) {
            text.append(goal).append('\n');
        }
        return text.toString();
    }

    /** Writes every file from what is known now: the .hgrm files and the plot from the results' merged histograms. */
    void write() {
        RunResults model = results();
        Map<String, Histogram> merged = new LinkedHashMap<>();
        for (RecordedHistogram h : model.histograms()) {
            int window = Integer.parseInt(h.dims().get("window"));
            String reader = h.dims().get(READER);
            Hgrm.write(folder, hgrmName(window, reader), h.histogram(), TimeUnit.MICROSECONDS);
            merged.put(window + (reader == null ? "" : "/" + reader.toUpperCase(Locale.ROOT)), h.histogram());
        }
        boolean plotted = false;
        if (!runs.isEmpty()) {
            Charts.writePng(panels(merged), folder.resolve(PLOT), PLOT_WIDTH, PANEL_HEIGHT);
            plotted = true;
        }
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout(plotted)));
    }

    private List<BarChart> panels(Map<String, Histogram> merged) {
        List<String> windows = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        repeats().forEach((key, caseRuns) -> {
            Histogram h = merged.get(key);
            SmscReader reader = caseRuns.get(0).reader();
            windows.add(caseRuns.get(0).result().plan().inFlight() + (reader == null || options.readers().size() == 1
                    ? "" : " " + reader.name().toLowerCase(Locale.ROOT)));
            rates.add(median(results(caseRuns)));
            boolean any = h != null && h.getTotalCount() > 0;
            p50.add(any ? h.getValueAtPercentile(50) / 1000.0 : Double.NaN);
            p99.add(any ? h.getValueAtPercentile(99) / 1000.0 : Double.NaN);
        });
        String x = "window (submit_sm in flight per session; " + options.sessions() + " session"
                + (options.sessions() == 1 ? "" : "s") + ")";
        BarChart throughput = new BarChart("SMPP throughput by window", x, "submit_sm/s", windows,
                List.of(new BarSeries("submit_sm/s", rates)), false, true);
        BarChart latency = new BarChart("Latency from send to submit_sm_resp by window", x, "µs (log scale)", windows,
                List.of(new BarSeries("p50", p50), new BarSeries("p99", p99)), true, true);
        return List.of(throughput, latency);
    }
}
