package dev.wirebench.harness.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a suite's summary.md lays out its results: notes on the method, then tables of measures, then charts.
 * A suite declares this and nothing else; {@link SummaryMarkdown} draws every table from the results
 * themselves, so what a summary shows and what {@code compare} judges are the same numbers.
 *
 * @param notes    bullets on how the numbers were taken, after the environment and settings
 * @param sections the tables, in order
 * @param figures  charts in the run folder, shown last
 */
public record Layout(List<String> notes, List<Section> sections, List<Figure> figures) {

    public Layout {
        notes = List.copyOf(notes);
        sections = List.copyOf(sections);
        figures = List.copyOf(figures);
    }

    /** A chart in the run folder. */
    public record Figure(String title, String file) {
    }

    /**
     * A table (or one per value of {@code split}) of the measures whose case has every dimension of
     * {@code where}.
     *
     * @param title   the heading; a split section has a sub-heading per table naming its values: {@code order · heap}
     * @param where   the dimensions every measure of the section has
     * @param split   dimensions whose values give a table each, e.g. message and operation
     * @param rows    dimensions that name a row, shown as its first cells (a dimension no row has is left out)
     * @param columns what each row shows
     * @param before  a paragraph (markdown) under the heading, before the table(s), or null
     * @param after   a paragraph (markdown) under the table(s), or null
     * @param ranked  rows in order of their ranks: within each group of the first rank column, by the mean of their
     *                ranks over every rank column (rows without one last); else in the order the measures come
     */
    public record Section(String title, Map<String, String> where, List<String> split, List<String> rows,
                          List<Column> columns, String before, String after, boolean ranked) {

        public Section {
            Objects.requireNonNull(title, "title");
            where = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(where));
            split = List.copyOf(split);
            rows = List.copyOf(rows);
            columns = List.copyOf(columns);
        }

        /** A single table of the measures with {@code where}, a row per value of {@code rows}. */
        public static Section of(String title, Map<String, String> where, List<String> rows, List<Column> columns) {
            return new Section(title, where, List.of(), rows, columns, null, null, false);
        }

        /** A section of text alone, for what is derived rather than measured (a table of cores per QPS, a verdict). */
        public static Section text(String title, String markdown) {
            return new Section(title, Map.of(), List.of(), List.of(), List.of(), null,
                    Objects.requireNonNull(markdown, "markdown"), false);
        }

        /** The same with a paragraph under the heading. */
        public Section before(String text) {
            return new Section(title, where, split, rows, columns, text, after, ranked);
        }

        /** The same with a paragraph under it. */
        public Section after(String text) {
            return new Section(title, where, split, rows, columns, before, text, ranked);
        }

        /** The same, one table per value of {@code dims}. */
        public Section splitBy(String... dims) {
            return new Section(title, where, List.of(dims), rows, columns, before, after, ranked);
        }

        /** The same, rows in order of their ranks. */
        public Section rankedOrder() {
            return new Section(title, where, split, rows, columns, before, after, true);
        }
    }

    /** What a column of a table draws from a row's measures. */
    public enum Kind {
        /** the measure's median, with its 95% interval when it has two samples or more */
        ESTIMATE,
        /** the measure's median alone, where another column carries the interval that matters (a ratio's) */
        MEDIAN,
        /** how many samples the measure has (forks, repeats) */
        SAMPLES,
        /** the measure's median over the same measure's of the baseline row */
        RATIO,
        /**
         * the part of the baseline row's measure this row's leaves out, {@code 1 - RATIO}, as a percentage: what a
         * step the baseline does and this row skips costs (the mapping to records, against a codec's native form)
         */
        SHARE,
        /** a statistic of the row's recorded histogram (every repeat merged): count, min, mean, max */
        HISTOGRAM,
        /**
         * the row's rank among the rows that differ from it only in one dimension (the formats of one message and
         * operation): 1 + the rows whose whole interval lies on the better side, {@code =2} where rows share a rank
         */
        RANK,
        /** the cells of {@code parts} in one, separated by " / " (allocation of encode / decode / traverse) */
        JOINED
    }

    /**
     * A column. A header may name {@code {unit}}: the unit of the first measure the column shows in its table.
     *
     * @param header        its heading
     * @param kind          what it draws
     * @param name          the metric (ESTIMATE, MEDIAN, SAMPLES, RATIO, RANK) or the histogram (HISTOGRAM)
     * @param where         further dimensions the column's measure has (e.g. {@code operation=encode}), or none
     * @param baselineDim   RATIO, SHARE: the row dimension whose value names the baseline row ({@code engine}); RANK: the
     *                      dimension the ranked rows differ in
     * @param baselineValue RATIO, SHARE: that value ({@code raw}); RANK: the baseline the rows are ranked by their ratio to
     *                      (sharper than the values themselves when paired by round), or null to rank the values
     * @param stat          HISTOGRAM: {@code count}, {@code min}, {@code mean} or {@code max}
     * @param scale         HISTOGRAM: the histogram's values are divided by this (1000: ns shown as µs)
     * @param on            the only dimensions of the row the measure is matched on (a size, which has a format and
     *                      a message but no operation), or empty for all of them
     * @param parts         JOINED: the columns whose cells it joins
     */
    public record Column(String header, Kind kind, String name, Map<String, String> where, String baselineDim,
                         String baselineValue, String stat, double scale, List<String> on, List<Column> parts) {

        public Column {
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
            where = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(where));
            on = List.copyOf(on);
            parts = List.copyOf(parts);
        }

        private static Column of(String header, Kind kind, String name, String baselineDim, String baselineValue) {
            return new Column(header, kind, name, Map.of(), baselineDim, baselineValue, null, 1, List.of(), List.of());
        }

        public static Column estimate(String header, String metric) {
            return of(header, Kind.ESTIMATE, metric, null, null);
        }

        public static Column estimate(String header, String metric, Map<String, String> where) {
            return estimate(header, metric).at(where);
        }

        public static Column median(String header, String metric) {
            return of(header, Kind.MEDIAN, metric, null, null);
        }

        public static Column samples(String header, String metric) {
            return of(header, Kind.SAMPLES, metric, null, null);
        }

        public static Column ratio(String header, String metric, String baselineDim, String baselineValue) {
            return of(header, Kind.RATIO, metric, baselineDim, baselineValue);
        }

        /** {@code 1 -} the ratio to the baseline row, as a percentage; see {@link Kind#SHARE}. */
        public static Column share(String header, String metric, String baselineDim, String baselineValue) {
            return of(header, Kind.SHARE, metric, baselineDim, baselineValue);
        }

        /** The row's rank on {@code metric} among the rows that differ from it only in {@code memberDim}. */
        public static Column rank(String header, String metric, String memberDim, String baselineValue) {
            return of(header, Kind.RANK, metric, memberDim, baselineValue);
        }

        public static Column histogram(String header, String name, String stat, double scale) {
            if (!List.of("count", "min", "mean", "max").contains(stat)) {
                throw new IllegalArgumentException("a histogram column shows count, min, mean or max, not " + stat);
            }
            return new Column(header, Kind.HISTOGRAM, name, Map.of(), null, null, stat, scale, List.of(), List.of());
        }

        /** One column showing the cells of {@code parts} separated by " / ". */
        public static Column joined(String header, List<Column> parts) {
            return new Column(header, Kind.JOINED, "", Map.of(), null, null, null, 1, List.of(), parts);
        }

        /** The same, its measure having {@code more} dimensions than the row names. */
        public Column at(Map<String, String> more) {
            Map<String, String> all = new LinkedHashMap<>(where);
            all.putAll(more);
            return new Column(header, kind, name, all, baselineDim, baselineValue, stat, scale, on, parts);
        }

        /** The same, matched only on these dimensions of the row. */
        public Column on(String... dims) {
            return new Column(header, kind, name, where, baselineDim, baselineValue, stat, scale, List.of(dims), parts);
        }
    }
}
