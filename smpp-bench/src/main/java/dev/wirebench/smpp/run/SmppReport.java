package dev.wirebench.smpp.run;

import dev.wirebench.harness.BarChart;
import dev.wirebench.harness.BarSeries;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
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
import dev.wirebench.harness.stats.Estimate;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The run folder of {@code smpp}: summary.md (a row per window: sessions, submits, submit_sm/s, the
 * ratio to window 1, p50, p90, p99, p99.9 and max from send to submit_sm_resp, timeouts, errors), one
 * .hgrm per window, smpp.json, and smpp-sweep.png (throughput above, p50 and p99 latency below, against
 * window). Rewritten after each window, so a run stopped part way keeps what finished.
 */
final class SmppReport {

    static final String SUMMARY = "summary.md";
    static final String JSON = "smpp.json";
    static final String PLOT = "smpp-sweep.png";
    /** The goal: async (window 64) at least this many times sync (window 1). */
    static final double GOAL_RATIO = 5;
    private static final int PLOT_WIDTH = 1000;
    private static final int PANEL_HEIGHT = 420;

    private final RunFolder folder;
    private final SmppOptions options;
    private final String server;
    private final long seed;
    private final List<WindowRun.Result> results = new ArrayList<>();
    private String failure;

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

    /** Every repeat of each window, in the order the windows first ran. */
    private Map<Integer, List<WindowRun.Result>> repeats() {
        Map<Integer, List<WindowRun.Result>> byWindow = new LinkedHashMap<>();
        for (WindowRun.Result r : results) {
            byWindow.computeIfAbsent(r.window(), w -> new ArrayList<>()).add(r);
        }
        return byWindow;
    }

    /** One row per window: its repeats' histograms added up, counts summed, the rate the median repeat's. */
    List<WindowRun.Result> merged() {
        List<WindowRun.Result> merged = new ArrayList<>();
        repeats().forEach((window, runs) -> {
            WindowRun.Result first = runs.get(0);
            Histogram all = first.latency().copy();
            runs.subList(1, runs.size()).forEach(r -> all.add(r.latency()));
            merged.add(new WindowRun.Result(window, first.sessions(), runs.stream().mapToLong(WindowRun.Result::submits).sum(),
                    Estimate.of(runs.stream().mapToDouble(WindowRun.Result::rate).toArray()).median(), all,
                    runs.stream().mapToLong(WindowRun.Result::timeouts).sum(),
                    runs.stream().mapToLong(WindowRun.Result::errors).sum(),
                    runs.stream().mapToLong(WindowRun.Result::overflow).sum()));
        });
        return merged;
    }

    /** Every measure of the run: per window the percentiles from send to submit_sm_resp and submit_sm/s. */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        repeats().forEach((window, runs) -> {
            Map<String, String> dims = new LinkedHashMap<>();
            dims.put("window", Integer.toString(window));
            dims.put("sessions", Integer.toString(runs.get(0).sessions()));
            Repeats.latency(dims, "submit_sm", runs.stream().map(WindowRun.Result::latency).toList(), measures, histograms);
            Repeats.each(dims, "submit_sm/s", "submit_sm/s", Better.HIGHER, runs, WindowRun.Result::rate, measures);
        });
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("Load", options.describe());
        settings.put("SMSC", server);
        if (options.repeats() > 1) {
            settings.put("Repeats", options.repeats() + " per window, in rounds shuffled from seed " + seed);
        }
        return RunResults.of(folder.path(), "smpp", "SMPP window sweep", settings,
                failure == null ? List.of() : List.of(failure), measures, histograms);
    }

    void add(WindowRun.Result result) {
        results.add(result);
    }

    void failed(String why) {
        failure = why;
    }

    static String hgrmName(int window) {
        return "window-" + window + ".hgrm";
    }

    static String oneLine(WindowRun.Result r) {
        Histogram h = r.latency();
        return String.format(Locale.ROOT, "window %d: %d submits, %s submit_sm/s; p50 %s µs, p99 %s µs, max %s µs%s",
                r.window(), r.submits(), Summary.number(r.rate()), micros(h.getValueAtPercentile(50)),
                micros(h.getValueAtPercentile(99)), micros(h.getMaxValue()),
                r.timeouts() + r.errors() == 0 ? "" : "; " + r.timeouts() + " timeouts, " + r.errors() + " errors");
    }

    private static String micros(long nanos) {
        return Summary.number(nanos / 1000.0);
    }

    /** This window's rate over window 1's in this run, or NaN without a window 1. */
    double ratioToSync(WindowRun.Result r) {
        for (WindowRun.Result base : merged()) {
            if (base.window() == 1 && base.rate() > 0) {
                return r.rate() / base.rate();
            }
        }
        return Double.NaN;
    }

    private TextTable table() {
        TextTable table = new TextTable(0, "Window", "Sessions", "Submits", "submit_sm/s", "× window 1", "p50 (µs)",
                "p90 (µs)", "p99 (µs)", "p99.9 (µs)", "Max (µs)", "Timeouts", "Errors");
        for (WindowRun.Result r : merged()) {
            Histogram h = r.latency();
            boolean any = h.getTotalCount() > 0;
            table.add(Integer.toString(r.window()), Integer.toString(r.sessions()), Long.toString(r.submits()),
                    Summary.number(r.rate()), Summary.number(ratioToSync(r)),
                    any ? micros(h.getValueAtPercentile(50)) : "–", any ? micros(h.getValueAtPercentile(90)) : "–",
                    any ? micros(h.getValueAtPercentile(99)) : "–", any ? micros(h.getValueAtPercentile(99.9)) : "–",
                    any ? micros(h.getMaxValue()) : "–", Long.toString(r.timeouts()), Long.toString(r.errors()));
        }
        return table;
    }

    /** The goal's verdict when the sweep had windows 1 and 64, else null. */
    String goal() {
        for (WindowRun.Result r : merged()) {
            if (r.window() == 64 && !Double.isNaN(ratioToSync(r))) {
                double ratio = ratioToSync(r);
                return String.format(Locale.ROOT, "window 64 gave %s× the submit_sm/s of window 1: the goal of %.0f× is %s",
                        Summary.number(ratio), GOAL_RATIO, ratio >= GOAL_RATIO ? "met" : "missed");
            }
        }
        return null;
    }

    /** The table and what follows it, as the console shows them. */
    String text() {
        StringBuilder text = new StringBuilder("\nsubmit_sm, send to submit_sm_resp:\n").append(table().toText());
        String goal = goal();
        if (goal != null) {
            text.append(goal).append('\n');
        }
        if (failure != null) {
            text.append("FAILED: ").append(failure).append('\n');
        }
        return text.toString();
    }

    /** Writes every file from what is known now. */
    void write() {
        for (WindowRun.Result r : merged()) {
            Hgrm.write(folder, hgrmName(r.window()), r.latency(), TimeUnit.MICROSECONDS);
        }
        boolean plotted = false;
        if (!results.isEmpty()) {
            Charts.writePng(panels(), folder.resolve(PLOT), PLOT_WIDTH, PANEL_HEIGHT);
            plotted = true;
        }
        folder.writeJson(JSON, json());
        ResultsFile.write(folder.path(), results());
        folder.writeText(SUMMARY, markdown(plotted));
    }

    private List<BarChart> panels() {
        List<String> windows = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        for (WindowRun.Result r : merged()) {
            windows.add(Integer.toString(r.window()));
            rates.add(r.rate());
            boolean any = r.latency().getTotalCount() > 0;
            p50.add(any ? r.latency().getValueAtPercentile(50) / 1000.0 : Double.NaN);
            p99.add(any ? r.latency().getValueAtPercentile(99) / 1000.0 : Double.NaN);
        }
        String x = "window (submit_sm in flight per session; " + options.sessions() + " session"
                + (options.sessions() == 1 ? "" : "s") + ")";
        BarChart throughput = new BarChart("SMPP throughput by window", x, "submit_sm/s", windows,
                List.of(new BarSeries("submit_sm/s", rates)), false, true);
        BarChart latency = new BarChart("Latency from send to submit_sm_resp by window", x, "µs (log scale)", windows,
                List.of(new BarSeries("p50", p50), new BarSeries("p99", p99)), true, true);
        return List.of(throughput, latency);
    }

    private Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("settings", options.describe());
        json.put("server", server);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (WindowRun.Result r : merged()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("window", r.window());
            row.put("sessions", r.sessions());
            row.put("submits", r.submits());
            row.put("submitsPerSecond", r.rate());
            row.put("ratioToWindow1", Double.isNaN(ratioToSync(r)) ? null : ratioToSync(r));
            row.put("latencyNanos", PercentileTable.json(r.latency()));
            row.put("timeouts", r.timeouts());
            row.put("errors", r.errors());
            row.put("overflow", r.overflow());
            rows.add(row);
        }
        json.put("results", rows);
        json.put("goal", goal());
        json.put("failure", failure);
        return json;
    }

    private String markdown(boolean plotted) {
        StringBuilder md = new StringBuilder("# SMPP window sweep\n\n");
        md.append(Summary.environmentBullets(folder.resolve(RunFolder.ENV_FILE)));
        md.append("- Load: ").append(options.describe()).append('\n');
        md.append("- SMSC: ").append(server).append('\n');
        if (options.repeats() > 1) {
            md.append("- Repeats: ").append(options.repeats()).append(" per window, in rounds of a shuffled order (seed ")
                    .append(seed).append("); the table merges every repeat's histogram; results.json holds each ")
                    .append("repeat's percentiles and rate, the samples compare judges\n");
        }
        md.append("- Each session binds as a transceiver and keeps `window` submit_sm in flight, sending the next as")
                .append(" soon as a response frees a place; latency runs from just before a submit_sm is written to the")
                .append(" arrival of its submit_sm_resp, every one sent in the measured window recorded (HdrHistogram,")
                .append(" 3 digits); submit_sm/s counts those answered ESME_ROK\n");
        if (failure != null) {
            md.append("\n**FAILED:** ").append(failure).append('\n');
        }
        md.append("\n## submit_sm, send to submit_sm_resp\n\n").append(table().toMarkdown());
        String goal = goal();
        if (goal != null) {
            md.append("\n").append(goal.substring(0, 1).toUpperCase(Locale.ROOT)).append(goal.substring(1)).append(".\n");
        }
        if (plotted) {
            md.append("\n## Chart\n\n![Throughput and latency against window](").append(PLOT).append(")\n");
        }
        return md.toString();
    }
}
