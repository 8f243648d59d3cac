package dev.wirebench.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.Environment;
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
            for (String line : Environment.describe(new ObjectMapper().valueToTree(results.environment()))) {
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
            Map<List<String>, TextTable> tables = section.columns().isEmpty() ? Map.of() : tables(results, section);
            if (!section.columns().isEmpty() && tables.isEmpty()) {
                continue;
            }
            md.append("\n## ").append(section.title()).append('\n');
            if (section.before() != null) {
                md.append('\n').append(section.before()).append('\n');
            }
            tables.forEach((group, table) -> {
                if (!section.split().isEmpty()) {
                    md.append("\n### ").append(String.join(" · ", group)).append('\n');
                }
                md.append('\n').append(table.toMarkdown());
            });
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
            tables(results, section).forEach((group, table) -> text.append('\n').append(section.title())
                    .append(group.isEmpty() ? "" : ": " + String.join(" · ", group)).append(":\n").append(table.toText()));
        }
        results.failures().forEach(f -> text.append("FAILED ").append(f).append('\n'));
        return text.toString();
    }

    /**
     * The section's tables by the values of its split dimensions (none: one table): a table per group of measures
     * that has a row to show.
     */
    static Map<List<String>, TextTable> tables(RunResults results, Section section) {
        // a split section holds only the measures that have every dimension it splits by
        List<Measure> measures = results.measures().stream().filter(m -> has(m.dims(), section.where())
                && m.dims().keySet().containsAll(section.split())).toList();
        List<RecordedHistogram> histograms = results.histograms().stream().filter(h -> has(h.dims(), section.where()))
                .toList();
        Set<List<String>> groups = new LinkedHashSet<>();
        measures.forEach(m -> groups.add(values(m.dims(), section.split())));
        Map<List<String>, TextTable> tables = new LinkedHashMap<>();
        for (List<String> group : groups) {
            Map<String, String> where = new LinkedHashMap<>(section.where());
            for (int i = 0; i < section.split().size(); i++) {
                where.put(section.split().get(i), group.get(i));
            }
            List<Measure> members = measures.stream().filter(m -> has(m.dims(), where)).toList();
            TextTable table = table(section, where, members, results.measures(),
                    histograms.stream().filter(h -> has(h.dims(), where)).toList());
            if (!table.isEmpty()) {
                tables.put(group, table);
            }
        }
        return tables;
    }

    /** What draws a row's cells: its dimensions, and for each rank column its rank and the value it was ranked on. */
    private record Row(List<String> values, Map<String, String> dims, Map<Column, Ranked> ranks) {
    }

    private record Ranked(int rank, String label, double value) {
    }

    private static TextTable table(Section section, Map<String, String> where, List<Measure> measures, List<Measure> all,
                                   List<RecordedHistogram> histograms) {
        Set<List<String>> keys = new LinkedHashSet<>();
        measures.stream().filter(m -> section.columns().stream().anyMatch(c -> shows(c, m)))
                .forEach(m -> keys.add(values(m.dims(), section.rows())));
        // a row dimension that no row has (the rate of a closed-loop run) is left out
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < section.rows().size(); i++) {
            int at = i;
            if (keys.stream().anyMatch(r -> !r.get(at).isEmpty())) {
                shown.add(i);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (List<String> key : keys) {
            Map<String, String> rowDims = new LinkedHashMap<>(where);
            for (int i = 0; i < section.rows().size(); i++) {
                if (!key.get(i).isEmpty()) {
                    rowDims.put(section.rows().get(i), key.get(i));
                }
            }
            rows.add(new Row(key, rowDims, new LinkedHashMap<>()));
        }
        List<Column> rankColumns = section.columns().stream().filter(c -> c.kind() == Layout.Kind.RANK).toList();
        rankColumns.forEach(c -> rank(c, section, rows, measures));
        if (section.ranked() && !rankColumns.isEmpty()) {
            rows.sort(rankOrder(rows, rankColumns.get(0)));
        }
        List<String> header = new ArrayList<>();
        shown.forEach(i -> header.add(capitalised(section.rows().get(i))));
        section.columns().forEach(c -> header.add(header(c, section, rows, measures, all)));
        TextTable table = new TextTable(shown.size(), header.toArray(String[]::new));
        for (Row row : rows) {
            List<String> cells = new ArrayList<>();
            shown.forEach(i -> cells.add(row.values().get(i)));
            for (Column column : section.columns()) {
                cells.add(cell(column, section, row, measures, all, histograms));
            }
            table.add(cells.toArray(String[]::new));
        }
        return table;
    }

    /**
     * Rows grouped as the first rank column groups them (in the order the groups first come), and within a group by
     * their mean rank over every rank column, then by the value the first column ranked them on, best first.
     */
    private static java.util.Comparator<Row> rankOrder(List<Row> rows, Column first) {
        Map<Map<String, String>, Integer> groupOrder = new LinkedHashMap<>();
        rows.forEach(r -> groupOrder.putIfAbsent(others(r.dims(), first), groupOrder.size()));
        return java.util.Comparator.comparingInt((Row r) -> groupOrder.get(others(r.dims(), first)))
                .thenComparingDouble(r -> r.ranks().values().stream().filter(k -> k.rank() > 0).mapToInt(Ranked::rank)
                        .average().orElse(Double.MAX_VALUE))
                .thenComparingDouble(r -> {
                    Ranked k = r.ranks().get(first);
                    return k == null || Double.isNaN(k.value()) ? Double.MAX_VALUE : k.value();
                });
    }

    private static Map<String, String> others(Map<String, String> dims, Column rank) {
        Map<String, String> others = new LinkedHashMap<>(dims);
        others.remove(rank.baselineDim());
        return others;
    }

    /**
     * Ranks each row among the rows that share every row dimension but the column's member dimension, on the
     * column's metric, or on its ratio to the baseline member where the column names one.
     */
    private static void rank(Column column, Section section, List<Row> rows, List<Measure> measures) {
        Map<Map<String, String>, List<Row>> groups = new LinkedHashMap<>();
        rows.forEach(row -> groups.computeIfAbsent(others(row.dims(), column), g -> new ArrayList<>()).add(row));
        groups.forEach((others, members) -> {
            List<Estimate> estimates = new ArrayList<>();
            List<Double> medians = new ArrayList<>();
            boolean lowerIsBetter = true;
            for (Row row : members) {
                Map<String, String> where = with(row.dims(), column.where());
                Measure m = find(measures, where, column.name(), section);
                Estimate e = m == null ? Estimate.of() : m.estimate();
                if (m != null && column.baselineValue() != null) {
                    where.put(column.baselineDim(), column.baselineValue());
                    Measure b = find(measures, where, column.name(), section);
                    List<Double> ratios = b == null ? List.of() : m.ratiosByRound(b);
                    e = ratios.isEmpty() ? e : Estimate.of(ratios);
                }
                lowerIsBetter = m == null ? lowerIsBetter : m.better() == Better.LOWER;
                medians.add(e.median());
                // a single sample ranks against nothing
                estimates.add(e.n() < 2 ? Estimate.of() : e);
            }
            int[] ranks = TiedRanks.of(estimates, lowerIsBetter);
            for (int i = 0; i < members.size(); i++) {
                double value = medians.get(i);
                members.get(i).ranks().put(column, new Ranked(ranks[i], TiedRanks.label(ranks, i),
                        lowerIsBetter ? value : -value));
            }
        });
    }

    private static Map<String, String> with(Map<String, String> dims, Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(dims);
        all.putAll(more);
        return all;
    }

    /** The header, {@code {unit}} replaced by the unit of the first measure the column shows. */
    private static String header(Column column, Section section, List<Row> rows, List<Measure> measures, List<Measure> all) {
        if (!column.header().contains("{unit}")) {
            return column.header();
        }
        for (Row row : rows) {
            Measure m = measure(column, section, row.dims(), measures, all);
            if (m != null) {
                return column.header().replace("{unit}", m.unit());
            }
        }
        return column.header().replace("{unit}", "").strip();
    }

    /** The measure of {@code column} for a row: of the section, or of the whole run where it is matched on fewer dims. */
    private static Measure measure(Column column, Section section, Map<String, String> row, List<Measure> measures,
                                   List<Measure> all) {
        Map<String, String> where = with(row, column.where());
        if (column.on().isEmpty()) {
            return find(measures, where, column.name(), section);
        }
        where.keySet().retainAll(column.on());
        for (Measure m : all) {
            if (m.metric().equals(column.name()) && m.dims().equals(where)) {
                return m;
            }
        }
        return null;
    }

    private static String cell(Column column, Section section, Row row, List<Measure> measures, List<Measure> all,
                               List<RecordedHistogram> histograms) {
        switch (column.kind()) {
            case RANK -> {
                Ranked r = row.ranks().get(column);
                return r == null ? NONE : r.label();
            }
            case JOINED -> {
                List<String> parts = new ArrayList<>();
                column.parts().forEach(p -> parts.add(cell(p, section, row, measures, all, histograms)));
                return String.join(" / ", parts);
            }
            case HISTOGRAM -> {
                Map<String, String> where = with(row.dims(), column.where());
                for (RecordedHistogram h : histograms) {
                    if (h.name().equals(column.name()) && matches(h.dims(), where, section)) {
                        return histogram(h.histogram(), column.stat(), column.scale());
                    }
                }
                return NONE;
            }
            default -> {
            }
        }
        Measure m = measure(column, section, row.dims(), measures, all);
        if (m == null) {
            return NONE;
        }
        boolean whole = m.samples().stream().allMatch(v -> v == Math.rint(v) && Math.abs(v) < 1e15);
        switch (column.kind()) {
            case ESTIMATE -> {
                return estimate(m.estimate(), whole);
            }
            case MEDIAN -> {
                return number(m.estimate().median(), whole);
            }
            case SAMPLES -> {
                return Integer.toString(m.samples().size());
            }
            default -> {
                Map<String, String> base = with(row.dims(), column.where());
                base.put(column.baselineDim(), column.baselineValue());
                Measure b = find(measures, base, column.name(), section);
                if (b == null || !(b.estimate().median() != 0)) {
                    return NONE;
                }
                boolean share = column.kind() == Layout.Kind.SHARE;
                if (m == b) {
                    return share ? percent(0) : ratio(1);
                }
                // paired by round where both were taken in rounds: drift common to a round cancels, and the ratio
                // has an interval of its own; else the ratio of the medians
                List<Double> ratios = m.ratiosByRound(b);
                if (share) {
                    return ratios.isEmpty() ? percent(1 - m.estimate().median() / b.estimate().median())
                            : estimate(Estimate.of(ratios.stream().map(r -> 1 - r).toList()), SummaryMarkdown::percent);
                }
                return ratios.isEmpty() ? ratio(m.estimate().median() / b.estimate().median())
                        : ratio(Estimate.of(ratios));
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
        return estimate(e, v -> number(v, whole));
    }

    private static String estimate(Estimate e, java.util.function.DoubleFunction<String> format) {
        // an interval that reads as one number (samples all alike, to the digits shown) is that number
        if (e.n() < 2 || format.apply(e.low()).equals(format.apply(e.high()))) {
            return format.apply(e.median());
        }
        return format.apply(e.median()) + " [" + format.apply(e.low()) + ", " + format.apply(e.high()) + "]"
                + (e.reachesLevel() ? "" : "*");
    }

    private static String number(double value, boolean whole) {
        return whole && value == Math.rint(value) ? Long.toString((long) value) : number(value);
    }

    /** A ratio's estimate: {@code 1.98 [1.95, 2.02]*}. */
    public static String ratio(Estimate e) {
        return estimate(e, SummaryMarkdown::ratio);
    }

    /** A ratio, three significant digits or more: 1.98, 44.8, 243. */
    static String ratio(double value) {
        if (!Double.isFinite(value)) {
            return NONE;
        }
        double abs = Math.abs(value);
        return String.format(java.util.Locale.ROOT, abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f", value);
    }

    /** A share as a whole percentage: 38%, -4%. */
    static String percent(double share) {
        return Double.isFinite(share) ? String.format(java.util.Locale.ROOT, "%.0f%%", share * 100) : NONE;
    }

    /** Four significant digits or more, no exponent: 18466, 139.5, 44.07, 0.123; "–" for NaN. */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return NONE;
        }
        double abs = Math.abs(value);
        String pattern = abs >= 1000 ? "%.0f" : abs >= 100 ? "%.1f" : abs >= 10 ? "%.2f" : "%.3f";
        return String.format(java.util.Locale.ROOT, pattern, value);
    }

    private static String histogram(Histogram h, String stat, double scale) {
        if (h.getTotalCount() == 0) {
            return stat.equals("count") ? "0" : NONE;
        }
        return switch (stat) {
            case "count" -> Long.toString(h.getTotalCount());
            case "min" -> number(h.getMinValue() / scale);
            case "mean" -> number(h.getMean() / scale);
            default -> number(h.getMaxValue() / scale);
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

    /** Whether {@code m} gives its row to a table: a column shows it in the row's own dimensions. */
    private static boolean shows(Column column, Measure m) {
        if (column.kind() == Layout.Kind.JOINED) {
            return column.parts().stream().anyMatch(p -> shows(p, m));
        }
        return column.kind() != Layout.Kind.HISTOGRAM && column.on().isEmpty() && column.name().equals(m.metric())
                && has(m.dims(), column.where());
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
