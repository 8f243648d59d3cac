package dev.wirebench.fix.run;

import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.fault.FaultRounds;
import dev.wirebench.harness.fault.FaultTable;
import dev.wirebench.harness.report.Layout;
import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.Repeats;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.rig.RigResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The run folder of {@code fix --faults}: results.json and summary.md with which engines can promise that every
 * order is filled exactly once (and why the others cannot), then a row per engine run that accounts for every
 * order (sent, filled, recovered by resend, filled twice, fills told again, timed out, late, unaccounted), the
 * connections lost and logons again, the recovery's own latency (gap to the resend's fill) and the fill latency
 * percentiles beside them; the faults made, with when, in the settings.
 */
final class FixFaultReport extends FaultRounds.Report<FixFaultReport.Run> {

    static final String SUMMARY = "summary.md";
    /** A suite of its own: never compared with, or charted beside, a clean-link ping-pong. */
    static final String SUITE = "fix-faults";
    private static final String FILL = "fill";
    private static final String RECOVERY = "recovery";
    private static final String RECONNECT = "reconnect";
    private static final Map<String, String> COUNTED = counted();

    /** One engine's run under faults. */
    record Run(String engine, RigResult result, Map<String, Long> counts, Histogram recovery, Histogram reconnects,
               FaultRounds.LinkRecord link, Map<String, String> settings) {
    }

    private final RunFolder folder;
    private final FixOptions options;
    private final long seed;
    private final Map<String, String> promises = new LinkedHashMap<>();

    FixFaultReport(RunFolder folder, FixOptions options, long seed) {
        this.folder = folder;
        this.options = options;
        this.seed = seed;
    }

    private static Map<String, String> counted() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(FixFaultCounts.SENT, "Sent");
        m.put(FixFaultCounts.FILLED, "Filled once");
        m.put(FixFaultCounts.RECOVERED, "of which by resend");
        m.put(FixFaultCounts.FILLED_TWICE, "Filled twice");
        m.put(FixFaultCounts.TOLD_AGAIN, "Fills told again");
        m.put(FixFaultCounts.TIMED_OUT, "Timed out");
        m.put(FixFaultCounts.LOST, "Lost with conn.");
        m.put(FixFaultCounts.LATE_FILLS, "Late fills");
        m.put(FixFaultCounts.UNACCOUNTED, "Unaccounted");
        m.put(FixFaultCounts.DISCONNECTS, "Conn. lost");
        m.put(FixFaultCounts.RECONNECTS, "Logons again");
        return m;
    }

    /** What {@code engine} can promise: null when it can, else why not. */
    void promise(String engine, String whyNot) {
        promises.put(engine, whyNot);
    }

    @Override
    public String failure(Run run) {
        return run.result().failure();
    }

    @Override
    public String oneLine(Run r) {
        Map<String, Long> c = r.counts();
        return String.format(Locale.ROOT, "%s: %d sent, %d filled (%d by resend), %d filled twice, %d timed out, %d"
                        + " lost, %d unaccounted, %d connections lost; fill %s%s", r.engine(), c.get(FixFaultCounts.SENT),
                c.get(FixFaultCounts.FILLED), c.get(FixFaultCounts.RECOVERED), c.get(FixFaultCounts.FILLED_TWICE),
                c.get(FixFaultCounts.TIMED_OUT), c.get(FixFaultCounts.LOST), c.get(FixFaultCounts.UNACCOUNTED),
                c.get(FixFaultCounts.DISCONNECTS),
                PercentileTable.brief(r.result().completing()),
                r.result().failure() == null ? "" : "; ended early: " + r.result().failure());
    }

    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        Map<String, Integer> repeatOf = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("Load", options.describe());
        settings.put("Faults", options.faults().describe());
        settings.put("Server", "each engine's server in a JVM of its own, in a network namespace across a veth pair"
                + (options.faults().delays() ? ", reached through the delay relay on this host" : "")
                + (options.faults().restarts()
                        ? ", restarted on the same durable directory where the engine has a durable set-up" : ""));
        for (Run r : runs) {
            int repeat = repeatOf.merge(r.engine(), 1, Integer::sum);
            Map<String, String> dims = new LinkedHashMap<>();
            dims.put("engine", r.engine());
            if (options.repeats() > 1) {
                dims.put("repeat", Integer.toString(repeat));
            }
            Repeats.latency(dims, FILL, List.of(r.result().latency(FILL)), measures, histograms);
            FaultTable.counts(dims, COUNTED, Set.of(FixFaultCounts.SENT, FixFaultCounts.FILLED), "orders", r.counts(),
                    measures);
            FaultTable.millis(dims, RECOVERY, r.recovery(), measures, histograms);
            FaultTable.millis(dims, RECONNECT, r.reconnects(), measures, histograms);
            String label = r.engine() + (options.repeats() > 1 ? " repeat " + repeat : "");
            settings.put("Faults made, " + label, r.link().describeEvents());
            settings.put("IP packets, " + label, r.link().describePackets());
            settings.put("Engine, " + label, String.join("; ", Stream.of("delivery", "sequence numbers", "store")
                    .map(r.settings()::get).filter(Objects::nonNull).toList()));
        }
        settings.put("Accounting", "every NewOrderSingle of the whole run (warm-up included), each with a ClOrdID of its"
                + " own, ends filled (plainly, or by the resend after a gap), timed out ("
                + FixFaultTarget.ORDER_TIMEOUT.toSeconds() + " s from its intended send time) or, for an engine that"
                + " cannot promise delivery, lost with its connection; unaccounted = sent minus those, and must be 0; a second plain fill of one ClOrdID is a second execution (filled twice, must be"
                + " 0); a fill marked PossDupFlag or PossResend for an order already filled is the same execution told"
                + " again");
        settings.put("Seed", Long.toString(seed));
        return RunResults.of(folder.path(), SUITE, "FIX under faults", settings, failures, measures, histograms);
    }

    private String promiseTable() {
        StringBuilder md = new StringBuilder("| Engine | Exactly-once across lost connections and restarts |\n|:---|:---|\n");
        promises.forEach((engine, why) -> md.append("| ").append(engine).append(" | ")
                .append(why == null ? "promised: durable session (sent messages kept across restarts, gaps filled"
                        + " by resend with PossDupFlag=Y), the server executing each ClOrdID once; run below, how in"
                        + " its settings" : why + (FixEngines.hasDurableSetUp(engine) ? "; run below all the same,"
                        + " every order accounted for" : "; run below with a new session after each lost connection,"
                        + " its losses counted"))
                .append(" |\n"));
        return md.toString();
    }

    private Layout layout() {
        List<Column> columns = new ArrayList<>(FaultTable.countColumns(COUNTED));
        columns.add(FaultTable.millisColumn("Recovery", RECOVERY, List.of("p50", "p99", "max")));
        columns.add(FaultTable.millisColumn("Logon again", RECONNECT, List.of("p50", "max")));
        for (double p : List.of(50.0, 99.0, 99.9)) {
            columns.add(Column.estimate(Repeats.percentileName(p) + " (µs)", FILL + " " + Repeats.percentileName(p)));
        }
        columns.add(Column.histogram("Max (µs)", FILL, "max", 1000));
        List<String> rows = options.repeats() > 1 ? List.of("engine", "repeat") : List.of("engine");
        return new Layout(List.of(
                "One durable session per engine sends NewOrderSingle (each with a ClOrdID of its own) and counts each"
                        + " order's fill once; the fill latency runs from the order's intended send time, so an order"
                        + " sent while the connection was away holds the outage",
                "Recovery: from the gap (the connection lost, or the order sent while it was) to the fill the resend"
                        + " brought, for each order recovered by resend",
                FaultTable.notMade("FIX")),
                List.of(Section.text("What each engine can promise", promiseTable()),
                        Section.of("Every order accounted for, beside its latency", Map.of(), rows, columns)),
                List.of());
    }

    @Override
    public String text() {
        return SummaryMarkdown.text(results(), layout());
    }

    @Override
    public void write() {
        RunResults model = results();
        for (RecordedHistogram h : model.histograms()) {
            if (h.name().equals(FILL)) {
                Hgrm.write(folder, h.dims().get("engine") + (h.dims().containsKey("repeat") ? "-repeat"
                        + h.dims().get("repeat") : "") + "-faults-fill.hgrm", h.histogram(), TimeUnit.MICROSECONDS);
            }
        }
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout()));
    }
}
