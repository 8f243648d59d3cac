package dev.wirebench.fix.run;

import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.Summary;
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
 * The run folder of {@code fix}: summary.md (round trip to the fill and to the ack per engine, with
 * the achieved rate, the ratio of each p50 to raw's, GC and allocation per order, each engine's
 * settings), one .hgrm per engine and report, results.json (every repeat's percentiles, the samples compare
 * judges), fix.json, and one percentile plot of every engine.
 * Rewritten after each engine, so a run stopped part way keeps what finished.
 */
final class FixReport {

    static final String SUMMARY = "summary.md";
    static final String JSON = "fix.json";
    static final String PLOT = "fix-rtt.png";

    private final RunFolder folder;
    private final FixOptions options;
    private final List<PingPongRun.Result> results = new ArrayList<>();
    private final Map<String, Map<String, String>> settings = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, String> knees = new LinkedHashMap<>();
    private long seed;

    FixReport(RunFolder folder, FixOptions options) {
        this.folder = folder;
        this.options = options;
    }

    void settings(String engine, Map<String, String> engineSettings) {
        settings.put(engine, engineSettings);
    }

    void add(PingPongRun.Result result) {
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

    /**
     * One row per engine (and rate): the repeats of it merged, histograms added up, the achieved rate, GC and
     * allocation as the median repeat's.
     */
    List<PingPongRun.Result> merged() {
        List<PingPongRun.Result> merged = new ArrayList<>();
        repeats().forEach((row, runs) -> {
            PingPongRun.Result first = runs.get(0);
            if (runs.size() == 1) {
                merged.add(first);
                return;
            }
            Histogram fills = first.fills().copy();
            Histogram acks = first.acks().copy();
            Histogram lag = first.senderLag().copy();
            for (PingPongRun.Result r : runs.subList(1, runs.size())) {
                fills.add(r.fills());
                acks.add(r.acks());
                lag.add(r.senderLag());
            }
            merged.add(new PingPongRun.Result(first.engine(), first.load(), fills, acks, lag,
                    runs.stream().mapToLong(PingPongRun.Result::overflow).sum(),
                    runs.stream().mapToLong(PingPongRun.Result::orders).sum(),
                    Estimate.of(runs.stream().mapToDouble(PingPongRun.Result::achievedRate).toArray()).median(),
                    Math.round(Estimate.of(runs.stream().mapToDouble(PingPongRun.Result::gcCount).toArray()).median()),
                    Math.round(Estimate.of(runs.stream().mapToDouble(PingPongRun.Result::gcMillis).toArray()).median()),
                    Math.round(Estimate.of(runs.stream().mapToDouble(PingPongRun.Result::allocatedBytesPerOrder).toArray())
                            .median())));
        });
        return merged;
    }

    /** Every repeat of each engine (and rate), in the order the rows first ran. */
    private Map<String, List<PingPongRun.Result>> repeats() {
        Map<String, List<PingPongRun.Result>> byRow = new LinkedHashMap<>();
        for (PingPongRun.Result r : results) {
            byRow.computeIfAbsent(rowName(r), k -> new ArrayList<>()).add(r);
        }
        return byRow;
    }

    /** Every measure of the run: per engine (and rate) the percentiles to the fill and to the ack, the rate, B/order. */
    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        repeats().forEach((row, runs) -> {
            Map<String, String> dims = new LinkedHashMap<>();
            dims.put("engine", runs.get(0).engine());
            if (!runs.get(0).load().closed()) {
                dims.put("rate", Long.toString(runs.get(0).load().ratePerSecond()));
            }
            Repeats.latency(dims, "fill", runs.stream().map(PingPongRun.Result::fills).toList(), measures, histograms);
            Repeats.latency(dims, "ack", runs.stream().map(PingPongRun.Result::acks).toList(), measures, histograms);
            Repeats.each(dims, "orders/s", "orders/s", Better.HIGHER, runs, PingPongRun.Result::achievedRate, measures);
            Repeats.each(dims, "allocation", "B/order", Better.LOWER, runs,
                    r -> r.allocatedBytesPerOrder() < 0 ? Double.NaN : r.allocatedBytesPerOrder(), measures);
        });
        Map<String, String> described = new LinkedHashMap<>();
        described.put("Load", options.describe());
        described.put("Client", client());
        if (options.repeats() > 1) {
            described.put("Repeats", options.repeats() + " per engine, in rounds shuffled from seed " + seed
                    + "; each a fresh server JVM and fresh sessions");
        }
        knees.forEach((engine, knee) -> described.put("Knee of " + engine, knee));
        List<String> failed = new ArrayList<>();
        failures.forEach((engine, why) -> failed.add(engine + ": " + why));
        return RunResults.of(folder.path(), "fix", "FIX ping-pong", described, failed, measures, histograms);
    }

    private String client() {
        return options.role() == FixOptions.Role.CLIENT ? "against the server at " + options.host() + ":" + options.port()
                : "this JVM; each engine's server in a JVM of its own on 127.0.0.1";
    }

    /** The sweep of {@code engine} stopped at {@code rate} (MAX_VALUE: it never did), and why. */
    void knee(String engine, long rate, String why) {
        long held = -1;
        for (PingPongRun.Result r : merged()) {
            if (r.engine().equals(engine) && r.load().ratePerSecond() < rate && r.achievedRate() >= FixCommand.KNEE * r.load().ratePerSecond()) {
                held = Math.max(held, r.load().ratePerSecond());
            }
        }
        knees.put(engine, (held < 0 ? "none of the rates held" : "held " + held + " orders/s")
                + (rate == Long.MAX_VALUE ? "" : ", not " + rate + "/s") + " (" + why + ")");
    }

    boolean anyFailed() {
        return !failures.isEmpty();
    }

    static String oneLine(PingPongRun.Result r) {
        Histogram h = r.fills();
        return String.format(Locale.ROOT, "%s, %s: %d orders, %.0f/s achieved; to the fill p50 %s µs, p99 %s µs, max %s µs",
                r.engine(), r.load(), r.orders(), r.achievedRate(), micros(h.getValueAtPercentile(50)),
                micros(h.getValueAtPercentile(99)), micros(h.getMaxValue()));
    }

    private static String micros(long nanos) {
        return Summary.number(nanos / 1000.0);
    }

    private String rowName(PingPongRun.Result r) {
        return options.sweep() ? r.engine() + " @ " + r.load().ratePerSecond() + "/s" : r.engine();
    }

    private String fileStem(PingPongRun.Result r) {
        return options.sweep() ? r.engine() + "-" + r.load().ratePerSecond() : r.engine();
    }

    /** The tables as the console shows them. */
    String text() {
        StringBuilder text = new StringBuilder("\nRound trip to the fill (µs):\n").append(table(true).toText());
        text.append("\nRound trip to the ack (µs):\n").append(table(false).toText());
        knees.forEach((engine, knee) -> text.append("Knee of ").append(engine).append(": ").append(knee).append('\n'));
        failures.forEach((engine, why) -> text.append("FAILED ").append(engine).append(": ").append(why).append('\n'));
        return text.toString();
    }

    private PercentileTable table(boolean fills) {
        PercentileTable table = new PercentileTable(TimeUnit.MICROSECONDS, "Rate/s", "× raw p50", "Sender lag p50/p99 (µs)",
                "GCs", "GC ms", "B/order");
        List<PingPongRun.Result> rows = merged();
        for (PingPongRun.Result r : rows) {
            Histogram h = fills ? r.fills() : r.acks();
            Histogram lag = r.senderLag();
            String lagCell = lag.getTotalCount() == 0 ? "–"
                    : micros(lag.getValueAtPercentile(50)) + " / " + micros(lag.getValueAtPercentile(99));
            table.add(rowName(r), h, Summary.number(r.achievedRate()), ratio(rows, r, fills), lagCell, Long.toString(r.gcCount()),
                    Long.toString(r.gcMillis()), r.allocatedBytesPerOrder() < 0 ? "–" : Long.toString(r.allocatedBytesPerOrder()));
        }
        return table;
    }

    /** p50 over raw's p50 at the same load in this run. */
    private static String ratio(List<PingPongRun.Result> rows, PingPongRun.Result r, boolean fills) {
        for (PingPongRun.Result base : rows) {
            if (base.engine().equals(FixEngines.BASELINE) && base.load().equals(r.load())) {
                long p50 = (fills ? base.fills() : base.acks()).getValueAtPercentile(50);
                if (p50 > 0) {
                    return Summary.number((fills ? r.fills() : r.acks()).getValueAtPercentile(50) / (double) p50);
                }
            }
        }
        return "–";
    }

    /** Writes every file from what is known now. */
    void write() {
        List<PingPongRun.Result> rows = merged();
        for (PingPongRun.Result r : rows) {
            Hgrm.write(folder, fileStem(r) + "-fill.hgrm", r.fills(), TimeUnit.MICROSECONDS);
            Hgrm.write(folder, fileStem(r) + "-ack.hgrm", r.acks(), TimeUnit.MICROSECONDS);
        }
        List<PercentileLine> lines = new ArrayList<>();
        for (PingPongRun.Result r : rows) {
            if (r.fills().getTotalCount() > 0 && lines.size() < PercentilePlot.MAX_LINES) {
                lines.add(new PercentileLine(rowName(r), r.fills(), r.engine().equals(FixEngines.BASELINE)
                        && lines.stream().filter(PercentileLine::reference).count() < PercentilePlot.MAX_REFERENCE_LINES));
            }
        }
        List<String> figures = new ArrayList<>();
        if (!lines.isEmpty()) {
            Charts.writePng(new PercentilePlot("FIX ping-pong: round trip to the fill by percentile", lines,
                    TimeUnit.MICROSECONDS), folder.resolve(PLOT));
            figures.add(PLOT);
        }
        folder.writeJson(JSON, json(rows));
        ResultsFile.write(folder.path(), results());
        folder.writeText(SUMMARY, markdown(figures));
    }

    private Map<String, Object> json(List<PingPongRun.Result> merged) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("settings", options.describe());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PingPongRun.Result r : merged) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("engine", r.engine());
            row.put("ratePerSecond", r.load().ratePerSecond());
            row.put("orders", r.orders());
            row.put("achievedRate", r.achievedRate());
            row.put("fillNanos", PercentileTable.json(r.fills()));
            row.put("ackNanos", PercentileTable.json(r.acks()));
            row.put("overflow", r.overflow());
            row.put("senderLagNanos", PercentileTable.json(r.senderLag()));
            row.put("gcCount", r.gcCount());
            row.put("gcMillis", r.gcMillis());
            row.put("allocatedBytesPerOrder", r.allocatedBytesPerOrder());
            rows.add(row);
        }
        json.put("results", rows);
        json.put("engineSettings", settings);
        json.put("knees", knees);
        json.put("failures", failures);
        return json;
    }

    private String markdown(List<String> figures) {
        StringBuilder md = new StringBuilder("# FIX ping-pong\n\n");
        md.append(Summary.environmentBullets(folder.resolve(RunFolder.ENV_FILE)));
        md.append("- Load: ").append(options.describe()).append('\n');
        md.append("- Client: ").append(client()).append('\n');
        if (options.repeats() > 1) {
            md.append("- Repeats: ").append(options.repeats()).append(" per engine, in rounds of a shuffled order (seed ")
                    .append(seed).append("), each a fresh server JVM and fresh sessions; the tables merge every repeat's ")
                    .append("histogram; results.json holds each repeat's percentiles, the samples compare judges\n");
        }
        md.append("- Each order: NewOrderSingle out, ExecutionReport ack (150=0) and fill (150=F) back; round trip from the")
                .append(" order's stamp (its send time in closed loop, its intended send time in open loop) to the report's")
                .append(" arrival, every order of the measured window recorded (HdrHistogram, 3 digits)\n");
        md.append("- GCs, GC ms and B/order are the client JVM's during the measured window; sender lag (open loop only) is")
                .append(" how late the sender's own wake-up put each order on the wire after its intended time, a part of")
                .append(" every round trip that no engine causes\n");
        md.append("\n## Round trip to the fill\n\n").append(table(true).toMarkdown());
        md.append("\n## Round trip to the ack\n\n").append(table(false).toMarkdown());
        if (!knees.isEmpty()) {
            md.append("\n## Knee of the rate sweep\n\n");
            knees.forEach((engine, knee) -> md.append("- ").append(engine).append(": ").append(knee).append('\n'));
        }
        if (!failures.isEmpty()) {
            md.append("\n## Failed\n\n");
            failures.forEach((engine, why) -> md.append("- ").append(engine).append(": ").append(why).append('\n'));
        }
        md.append("\n## Engine settings\n");
        settings.forEach((engine, s) -> {
            md.append("\n### ").append(engine).append("\n\n");
            s.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        });
        for (String figure : figures) {
            md.append("\n## Chart\n\n![Round trip to the fill by percentile](").append(figure).append(")\n");
        }
        return md.toString();
    }
}
