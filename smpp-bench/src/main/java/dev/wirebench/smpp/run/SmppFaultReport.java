package dev.wirebench.smpp.run;

import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.fault.FaultRounds;
import dev.wirebench.harness.fault.FaultTable;
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
import dev.wirebench.harness.results.Sample;
import dev.wirebench.harness.rig.RigResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The run folder of {@code smpp --faults}: results.json and summary.md with one row per window and repeat that
 * accounts for every submit_sm (sent, answered, refused, timed out, lost with its connection, unaccounted, late or
 * second answers, window slots held after the drain), the sessions' reconnects and how long each took, and the
 * latency percentiles from send to submit_sm_resp beside them; the faults made, with when, in the settings.
 */
final class SmppFaultReport extends FaultRounds.Report<SmppFaultReport.Run> {

    static final String SUMMARY = "summary.md";
    /**
     * A suite of its own: its cases look like the clean sweep's (window, sessions) but were measured on another
     * link, so compare and history must never pair one with the other.
     */
    static final String SUITE = "smpp-faults";
    private static final String LATENCY = "submit_sm";
    private static final String RECONNECT = "reconnect";
    /** The counts in table order, with their column headers. */
    private static final Map<String, String> COUNTED = counted();

    /**
     * One window's run under faults.
     *
     * @param counts     {@link SmppFaultTarget#counts()}
     * @param reconnects from each lost connection to its session's new bind, nanoseconds
     * @param link       what the link went through
     * @param relayed    connections the delay relay took (0 without one)
     * @param released   seconds from the ESMEs' close until the SMSC held none of their connections (or gave up)
     */
    record Run(int window, RigResult result, Map<String, Long> counts, Histogram reconnects,
               FaultRounds.LinkRecord link, long relayed, double released) {
    }

    private final RunFolder folder;
    private final SmppOptions options;
    private final long seed;

    SmppFaultReport(RunFolder folder, SmppOptions options, long seed) {
        this.folder = folder;
        this.options = options;
        this.seed = seed;
    }

    private static Map<String, String> counted() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(FaultCounts.SENT, "Sent");
        m.put(FaultCounts.ANSWERED, "Answered once");
        m.put(FaultCounts.LATE, "Late or twice");
        m.put(FaultCounts.REFUSED, "Refused");
        m.put(FaultCounts.TIMED_OUT, "Timed out");
        m.put(FaultCounts.LOST, "Lost with conn.");
        m.put(FaultCounts.UNACCOUNTED, "Unaccounted");
        m.put(FaultCounts.SLOTS_HELD, "Slots held");
        m.put(FaultCounts.RECONNECTS, "Reconnects");
        m.put(FaultCounts.DEAD_LINKS, "Dead links (enquire_link)");
        m.put(FaultCounts.SMSC_HELD, "SMSC conns. held");
        return m;
    }

    @Override
    public String failure(Run run) {
        return run.result().failure();
    }

    @Override
    public String oneLine(Run r) {
        Map<String, Long> c = r.counts();
        return String.format(Locale.ROOT, "window %d: %d sent, %d answered, %d timed out, %d lost with the connection,"
                        + " %d unaccounted, %d reconnects; %s%s", r.window(), c.get(FaultCounts.SENT),
                c.get(FaultCounts.ANSWERED), c.get(FaultCounts.TIMED_OUT), c.get(FaultCounts.LOST),
                c.get(FaultCounts.UNACCOUNTED), c.get(FaultCounts.RECONNECTS), PercentileTable.brief(r.result().completing()),
                r.result().failure() == null ? "" : "; ended early: " + r.result().failure());
    }

    private Map<String, String> dims(Run r, int repeat) {
        Map<String, String> dims = new LinkedHashMap<>();
        dims.put("window", Integer.toString(r.window()));
        dims.put("sessions", Integer.toString(r.result().plan().sessions()));
        if (options.repeats() > 1) {
            dims.put("repeat", Integer.toString(repeat));
        }
        return dims;
    }

    RunResults results() {
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        Map<Integer, Integer> repeatOf = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("Load", options.describe());
        settings.put("Faults", options.faults().describe());
        settings.put("SMSC", "this project's Smsc in a JVM of its own, in a network namespace across a veth pair"
                + (options.faults().delays() ? ", reached through the delay relay on this host" : ""));
        for (Run r : runs) {
            int repeat = repeatOf.merge(r.window(), 1, Integer::sum);
            Map<String, String> dims = dims(r, repeat);
            Repeats.latency(dims, LATENCY, List.of(r.result().completing()), measures, histograms);
            FaultTable.counts(dims, COUNTED, Set.of(FaultCounts.SENT, FaultCounts.ANSWERED, FaultCounts.RECONNECTS),
                    "submit_sm", r.counts(), measures);
            FaultTable.millis(dims, RECONNECT, r.reconnects(), measures, histograms);
            String label = "window " + r.window() + (options.repeats() > 1 ? " repeat " + repeat : "");
            settings.put("Faults made, " + label, r.link().describeEvents());
            settings.put("IP packets, " + label, r.link().describePackets()
                    + (r.relayed() == 0 ? "" : "; " + r.relayed() + " connections through the relay"));
            long held = r.counts().getOrDefault(FaultCounts.SMSC_HELD, 0L);
            settings.put("SMSC after the ESMEs closed, " + label, held == 0
                    ? String.format(Locale.ROOT, "held none of their connections %.1f s after", r.released())
                    : String.format(Locale.ROOT, "still held %d connections after %.0f s", held, r.released()));
        }
        settings.put("Accounting", "every submit_sm of the whole run (warm-up included) ends in exactly one of answered,"
                + " refused, timed out (" + SmppTarget.REQUEST_TIMEOUT.toSeconds() + " s, counted from its intended send"
                + " time) or lost with its connection; unaccounted = sent minus those, and must be 0");
        settings.put("Seed", Long.toString(seed));
        return RunResults.of(folder.path(), SUITE, "SMPP under faults", settings, failures, measures, histograms);
    }

    private Layout layout() {
        List<Column> columns = new ArrayList<>(FaultTable.countColumns(COUNTED));
        columns.add(FaultTable.millisColumn("Reconnect", RECONNECT, List.of("p50", "p99", "max")));
        for (double p : List.of(50.0, 99.0, 99.9)) {
            columns.add(Column.estimate(Repeats.percentileName(p) + " (µs)", LATENCY + " " + Repeats.percentileName(p)));
        }
        columns.add(Column.histogram("Max (µs)", LATENCY, "max", 1000));
        List<String> rows = options.repeats() > 1 ? List.of("window", "sessions", "repeat") : List.of("window", "sessions");
        Section table = Section.of("Every submit_sm accounted for, beside its latency", Map.of(), rows, columns);
        return new Layout(List.of(
                "Each session binds as a transceiver and keeps `window` submit_sm in flight; a session whose connection"
                        + " ends binds again and carries on, and a submit_sm sent while it is down waits for the new bind, so"
                        + " its latency (from its intended send time) holds the outage",
                "Late or twice: submit_sm_resp that matched no request waiting (late after its timeout, or a second"
                        + " answer); Slots held: window slots still taken after the last request ended (a leak unless 0);"
                        + " Dead links: enquire_link sent after " + SmppFaultTarget.ENQUIRE_LINK.toSeconds() + " s of"
                        + " silence and unanswered within the request timeout, each closing its session; SMSC conns."
                        + " held: TCP connections the SMSC still held (established, or closed only by the ESME) once"
                        + " the ESMEs had closed, after up to " + SmppFaultRun.RELEASE_WITHIN.toSeconds() + " s (its idle"
                        + " timeout and a margin): a dead session never freed unless 0",
                FaultTable.notMade("SMPP")),
                List.of(table), List.of());
    }

    @Override
    public String text() {
        return SummaryMarkdown.text(results(), layout());
    }

    @Override
    public void write() {
        RunResults model = results();
        for (RecordedHistogram h : model.histograms()) {
            if (h.name().equals(LATENCY)) {
                Hgrm.write(folder, "window-" + h.dims().get("window") + (h.dims().containsKey("repeat") ? "-repeat"
                        + h.dims().get("repeat") : "") + "-faults.hgrm", h.histogram(), TimeUnit.MICROSECONDS);
            }
        }
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout()));
    }
}
