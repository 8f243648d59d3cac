package dev.wirebench.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.Summary;
import dev.wirebench.harness.TextTable;
import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.stats.Estimate;
import dev.wirebench.harness.stats.TiedRanks;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one renderer of summary.md for the suites that lay themselves out ({@link Layout}): the title, the
 * environment, the settings, what failed, the notes, a table per section drawn from the measures and
 * histograms of the results, and the charts. The same tables as plain text for the console.
 */
public final class SummaryMarkdown {

    /** A cell with nothing to show. */
    static final String NONE = "–";

    private SummaryMarkdown() {
    }

    /** summary.md of {@code results} laid out as {@code layout}. */
    public static String markdown(RunResults results, Layout layout) {
        StringBuilder md = new StringBuilder("# ").append(results.title()).append("\n\n");
        if (!results.environment().isEmpty()) {
            for (String line : Summary.describe(new ObjectMapper().valueToTree(results.environment()))) {
                md.append("- ").append(line).append('\n');
            }
        }
        results.settings().forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        layout.notes().forEach(note -> md.append("- ").append(note).append('\n'));
        if (!results.failures().isEmpty()) {
            md.append("\n## Failed\n\n");
            results.failures().forEach(f -> md.append("- ").append(f).append('\n'));
        }
        for (Section section : layout.sections()) {
            if (section.columns().isEmpty()) {
                md.append("\n## ").append(section.title()).append("\n\n").append(section.after()).append('\n');
                continue;
            }
            Map<String, TextTable> tables = tables(results, section);
            if (tables.isEmpty()) {
                continue;
            }
            tables.forEach((title, table) -> md.append("\n## ").append(title).append("\n\n").append(table.toMarkdown()));
            if (section.after() != null) {
                md.append('\n').append(section.after()).append('\n');
            }
        }
        if (!layout.figures().isEmpty()) {
            md.append("\n## Charts\n");
            layout.figures().forEach(f -> md.append("\n![").append(f.title()).append("](").append(f.file()).append(")\n"));
        }
        return md.toString();
    }

    /** The tables as the console shows them: each title, then the table in aligned text. */
    public static String text(RunResults results, Layout layout) {
        StringBuilder text = new StringBuilder();
        for (Section section : layout.sections()) {
            if (section.columns().isEmpty()) {
                text.append('\n').append(section.title()).append(":\n").append(section.after()).append('\n');
                continue;
            }
            tables(results, section).forEach((title, table) -> text.append('\n').append(title).append(":\n")
                    .append(table.toText()));
        }
        results.failures().forEach(f -> text.append("FAILED ").append(f).append('\n'));
        return text.toString();
    }

    /** The section's tables by title: one, or one per value of its split dimensions; none without measures. */
    static Map<String, TextTable> tables(RunResults results, Section section) {
        // a split section holds only the measures that have every dimension it splits by
        List<Measure> measures = results.measures().stream().filter(m -> has(m.dims(), section.where())
                && m.dims().keySet().containsAll(section.split())).toList();
        List<RecordedHistogram> histograms = results.histograms().stream().filter(h -> has(h.dims(), section.where()))
                .toList();
        Set<List<String>> groups = new LinkedHashSet<>();
        measures.forEach(m -> groups.add(values(m.dims(), section.split())));
        Map<String, TextTable> tables = new LinkedHashMap<>();
        for (List<String> group : groups) {
            Map<String, String> where = new LinkedHashMap<>(section.where());
            for (int i = 0; i < section.split().size(); i++) {
                where.put(section.split().get(i), group.get(i));
            }
            List<Measure> members = measures.stream().filter(m -> has(m.dims(), where)).toList();
            String title = group.isEmpty() ? section.title() : section.title() + ": " + String.join(" · ", group);
            tables.put(title, table(section, where, members, histograms.stream().filter(h -> has(h.dims(), where)).toList()));
        }
        return tables;
    }

    private static TextTable table(Section section, Map<String, String> where, List<Measure> measures,
                                   List<RecordedHistogram> histograms) {
        Set<List<String>> rows = new LinkedHashSet<>();
        measures.stream().filter(m -> section.columns().stream().anyMatch(c -> shows(c, m)))
                .forEach(m -> rows.add(values(m.dims(), section.rows())));
        // a row dimension that no row has (the rate of a closed-loop run) is left out
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < section.rows().size(); i++) {
            int at = i;
            if (rows.stream().anyMatch(r -> !r.get(at).isEmpty())) {
                shown.add(i);
            }
        }
        List<String> header = new ArrayList<>();
        shown.forEach(i -> header.add(capitalised(section.rows().get(i))));
        section.columns().forEach(c -> header.add(c.header()));
        TextTable table = new TextTable(shown.size(), header.toArray(String[]::new));
        Map<List<String>, Map<String, String>> dimsOf = new LinkedHashMap<>();
        for (List<String> row : rows) {
            Map<String, String> rowDims = new LinkedHashMap<>(where);
            for (int i = 0; i < section.rows().size(); i++) {
                if (!row.get(i).isEmpty()) {
                    rowDims.put(section.rows().get(i), row.get(i));
                }
            }
            dimsOf.put(row, rowDims);
        }
        Map<Column, Map<List<String>, String>> ranks = new LinkedHashMap<>();
        section.columns().stream().filter(c -> c.kind() == Layout.Kind.RANK)
                .forEach(c -> ranks.put(c, ranks(c, section, dimsOf, measures)));
        for (List<String> row : rows) {
            List<String> cells = new ArrayList<>();
            shown.forEach(i -> cells.add(row.get(i)));
            for (Column column : section.columns()) {
                cells.add(column.kind() == Layout.Kind.RANK ? ranks.get(column).get(row)
                        : cell(column, section, dimsOf.get(row), measures, histograms));
            }
            table.add(cells.toArray(String[]::new));
        }
        return table;
    }

    /**
     * Each row's rank label: among the rows that share every row dimension but the column's member dimension, on
     * the column's metric, or on its ratio to the baseline member where the column names one.
     */
    private static Map<List<String>, String> ranks(Column column, Section section, Map<List<String>, Map<String, String>> rows,
                                                   List<Measure> measures) {
        Map<Map<String, String>, List<List<String>>> groups = new LinkedHashMap<>();
        rows.forEach((row, dims) -> {
            Map<String, String> others = new LinkedHashMap<>(dims);
            others.remove(column.baselineDim());
            groups.computeIfAbsent(others, g -> new ArrayList<>()).add(row);
        });
        Map<List<String>, String> labels = new LinkedHashMap<>();
        groups.forEach((others, members) -> {
            List<Estimate> estimates = new ArrayList<>();
            boolean lowerIsBetter = true;
            for (List<String> row : members) {
                Measure m = find(measures, with(rows.get(row), column.where()), column.name(), section);
                Estimate e = m == null ? Estimate.of() : m.estimate();
                if (m != null && column.baselineValue() != null) {
                    Map<String, String> base = with(rows.get(row), column.where());
                    base.put(column.baselineDim(), column.baselineValue());
                    Measure b = find(measures, base, column.name(), section);
                    List<Double> ratios = b == null ? List.of() : m.ratiosByRound(b);
                    e = ratios.isEmpty() ? e : Estimate.of(ratios);
                }
                lowerIsBetter = m == null ? lowerIsBetter : m.better() == Better.LOWER;
                // a single sample ranks against nothing
                estimates.add(e.n() < 2 ? Estimate.of() : e);
            }
            int[] ranks = TiedRanks.of(estimates, lowerIsBetter);
            for (int i = 0; i < members.size(); i++) {
                labels.put(members.get(i), TiedRanks.label(ranks, i));
            }
        });
        return labels;
    }

    private static Map<String, String> with(Map<String, String> dims, Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(dims);
        all.putAll(more);
        return all;
    }

    private static String cell(Column column, Section section, Map<String, String> row, List<Measure> measures,
                               List<RecordedHistogram> histograms) {
        Map<String, String> where = new LinkedHashMap<>(row);
        where.putAll(column.where());
        switch (column.kind()) {
            case ESTIMATE -> {
                Measure m = find(measures, where, column.name(), section);
                if (m == null) {
                    return NONE;
                }
                return estimate(m.estimate(), m.samples().stream().allMatch(v -> v == Math.rint(v) && Math.abs(v) < 1e15));
            }
            case RATIO -> {
                Measure m = find(measures, where, column.name(), section);
                Map<String, String> base = new LinkedHashMap<>(where);
                base.put(column.baselineDim(), column.baselineValue());
                Measure b = find(measures, base, column.name(), section);
                if (m == null || b == null || !(b.estimate().median() != 0)) {
                    return NONE;
                }
                if (m == b) {
                    return Summary.number(1);
                }
                // paired by round where both were taken in rounds: drift common to a round cancels, and the ratio
                // has an interval of its own; else the ratio of the medians
                List<Double> ratios = m.ratiosByRound(b);
                return ratios.isEmpty() ? Summary.number(m.estimate().median() / b.estimate().median())
                        : estimate(Estimate.of(ratios));
            }
            default -> {
                for (RecordedHistogram h : histograms) {
                    if (h.name().equals(column.name()) && matches(h.dims(), where, section)) {
                        return histogram(h.histogram(), column.stat(), column.scale());
                    }
                }
                return NONE;
            }
        }
    }

    /** {@code 107.4 [101.4, 114.4]}; a star when the interval covers less than 95% (fewer than six samples). */
    public static String estimate(Estimate e) {
        return estimate(e, false);
    }

    /**
     * As {@link #estimate(Estimate)}; samples that are all whole numbers (counts, bytes) read as whole numbers, and
     * samples that are all alike as their one value.
     */
    static String estimate(Estimate e, boolean whole) {
        // an interval that reads as one number (samples all alike, to the digits shown) is that number
        if (e.n() < 2 || number(e.low(), whole).equals(number(e.high(), whole))) {
            return number(e.median(), whole);
        }
        return number(e.median(), whole) + " [" + number(e.low(), whole) + ", " + number(e.high(), whole) + "]"
                + (e.reachesLevel() ? "" : "*");
    }

    private static String number(double value, boolean whole) {
        return whole && value == Math.rint(value) ? Long.toString((long) value) : Summary.number(value);
    }

    private static String histogram(Histogram h, String stat, double scale) {
        if (h.getTotalCount() == 0) {
            return stat.equals("count") ? "0" : NONE;
        }
        return switch (stat) {
            case "count" -> Long.toString(h.getTotalCount());
            case "min" -> Summary.number(h.getMinValue() / scale);
            case "mean" -> Summary.number(h.getMean() / scale);
            default -> Summary.number(h.getMaxValue() / scale);
        };
    }

    /** The measure named {@code metric} whose case, in the dimensions the table names, is {@code where}. */
    private static Measure find(List<Measure> measures, Map<String, String> where, String metric, Section section) {
        for (Measure m : measures) {
            if (m.metric().equals(metric) && matches(m.dims(), where, section)) {
                return m;
            }
        }
        return null;
    }

    /** Whether {@code dims} has {@code where}, and no value for a row dimension {@code where} leaves out. */
    private static boolean matches(Map<String, String> dims, Map<String, String> where, Section section) {
        if (!has(dims, where)) {
            return false;
        }
        for (String row : section.rows()) {
            if (!where.containsKey(row) && dims.containsKey(row)) {
                return false;
            }
        }
        return true;
    }

    private static boolean has(Map<String, String> dims, Map<String, String> where) {
        for (Map.Entry<String, String> e : where.entrySet()) {
            if (!e.getValue().equals(dims.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean shows(Column column, Measure m) {
        return column.kind() != Layout.Kind.HISTOGRAM && column.name().equals(m.metric()) && has(m.dims(), column.where());
    }

    private static List<String> values(Map<String, String> dims, List<String> names) {
        List<String> values = new ArrayList<>();
        names.forEach(n -> values.add(dims.getOrDefault(n, "")));
        return values;
    }

    private static String capitalised(String dim) {
        return dim.isEmpty() ? dim : Character.toUpperCase(dim.charAt(0)) + dim.substring(1);
    }
}
