package dev.wirebench.harness.fault;

import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.Repeats;
import dev.wirebench.harness.results.Sample;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts every table of a run under faults shares: each request's outcome counted (exact numbers, one column
 * each), the latencies of recovery in milliseconds (p50, p99 and max), and the note on what faults are not made.
 */
public final class FaultTable {

    private FaultTable() {
    }

    /**
     * One exact measure per count, in {@code unit}.
     *
     * @param counted the counts' names, in table order, with their column headers
     * @param higher  the names of counts where more is better (sent, answered); for the others fewer is
     */
    public static void counts(Map<String, String> dims, Map<String, String> counted, Set<String> higher, String unit,
                              Map<String, Long> counts, List<Measure> measures) {
        counted.keySet().forEach(name -> measures.add(Measure.exact(dims, name, unit,
                higher.contains(name) ? Better.HIGHER : Better.LOWER, counts.getOrDefault(name, 0L))));
    }

    /** The columns of {@link #counts}, in table order. */
    public static List<Column> countColumns(Map<String, String> counted) {
        List<Column> columns = new ArrayList<>();
        counted.forEach((name, header) -> columns.add(Column.estimate(header, name)));
        return columns;
    }

    /** p50, p99 and max of a histogram of nanoseconds, as measures in milliseconds, and the histogram; none if empty. */
    public static void millis(Map<String, String> dims, String name, Histogram h, List<Measure> measures,
                              List<RecordedHistogram> histograms) {
        if (h.getTotalCount() == 0) {
            return;
        }
        for (double p : List.of(50.0, 99.0, 100.0)) {
            measures.add(new Measure(dims, name + " " + (p == 100 ? "max" : Repeats.percentileName(p)), "ms",
                    Better.LOWER, Sample.REPEAT, List.of(h.getValueAtPercentile(p) / 1e6)));
        }
        histograms.add(new RecordedHistogram(dims, name, "ns", h));
    }

    /** One column of some of {@link #millis}' statistics ({@code p50}, {@code p99}, {@code max}), headed by them. */
    public static Column millisColumn(String what, String name, List<String> stats) {
        List<Column> parts = new ArrayList<>();
        stats.forEach(stat -> parts.add(Column.estimate("", name + " " + stat)));
        return Column.joined(what + " " + String.join(" / ", stats) + " (ms)", parts);
    }

    /** The note under every such table: which faults are not made, and why {@code protocol} would not see them. */
    public static String notMade(String protocol) {
        return "Reordering and duplication of IP packets are not made: TCP puts packets back in order and drops copies,"
                + " so " + protocol + " never sees them; what it must survive is a stalled stream and a lost connection";
    }
}
