package dev.wirebench.harness;

import org.HdrHistogram.Histogram;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Latency percentiles of named histograms (recorded in nanoseconds), one row per histogram in the
 * order added, as a markdown table or aligned plain text: count, min, mean, p50 to p99.99, max and the
 * standard deviation (of all values recorded, not of a sample of them). Values are shown in the
 * caller's unit to 3 significant digits, never in exponent form and without grouping ({@code 1234},
 * {@code 12.3}, {@code 0.0456}); an empty histogram shows count 0 and "–" elsewhere.
 *
 * <p>A suite can add columns of its own after the percentiles (achieved rate, a ratio, GC counts):
 * name them when making the table and give every row its cells, already formatted.
 *
 * <p>The figures are HdrHistogram's: each percentile is the top of its bucket, up to 0.1% above the
 * recorded value at 3 significant digits, and the mean and standard deviation count every value at
 * the middle of its bucket.
 */
public final class PercentileTable {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final String[] PERCENTILE_NAMES = {"p50", "p90", "p99", "p99.9", "p99.99"};
    private static final String MISSING = "–";

    private final TimeUnit unit;
    private final List<String> extraColumns;
    private final Map<String, Histogram> rows = new LinkedHashMap<>();
    private final Map<String, List<String>> extraCells = new LinkedHashMap<>();

    /** One line of a histogram of nanoseconds for a progress line: {@code p50 61.44 µs, p99 90.11 µs, max 400.1 µs}. */
    public static String brief(Histogram nanos) {
        return "p50 " + micros(nanos.getValueAtPercentile(50)) + " µs, p99 " + micros(nanos.getValueAtPercentile(99))
                + " µs, max " + micros(nanos.getMaxValue()) + " µs";
    }

    private static String micros(long nanos) {
        return dev.wirebench.harness.report.SummaryMarkdown.number(nanos / 1000.0);
    }

    /** A table showing values in {@code unit} (nanoseconds to days), with {@code extraColumns} after Stddev. */
    public PercentileTable(TimeUnit unit, String... extraColumns) {
        this.unit = Objects.requireNonNull(unit, "unit");
        this.extraColumns = List.of(extraColumns);
    }

    /**
     * Adds a row. The histogram is read when the table is rendered, not copied now.
     *
     * @param extra the row's cells for the extra columns, one per column, as they should be shown
     * @throws IllegalArgumentException if a row of that name was added already, or the extra cells do
     *                                  not match the extra columns
     */
    public PercentileTable add(String name, Histogram nanos, String... extra) {
        Objects.requireNonNull(nanos, "nanos");
        if (extra.length != extraColumns.size()) {
            throw new IllegalArgumentException("row '" + name + "' has " + extra.length + " extra cells for the "
                    + extraColumns.size() + " extra columns " + extraColumns);
        }
        if (rows.putIfAbsent(Objects.requireNonNull(name, "name"), nanos) != null) {
            throw new IllegalArgumentException("the table has a row named '" + name + "' already");
        }
        extraCells.put(name, List.of(extra));
        return this;
    }

    /** The table in GitHub-flavoured markdown: names left-aligned, numbers right-aligned. */
    public String toMarkdown() {
        return textTable().toMarkdown();
    }

    /** The table as plain text for a console: columns padded, names left-aligned, numbers right-aligned. */
    public String toText() {
        return textTable().toText();
    }

    private TextTable textTable() {
        List<List<String>> cells = cells();
        TextTable table = new TextTable(1, cells.get(0).toArray(String[]::new));
        cells.subList(1, cells.size()).forEach(row -> table.add(row.toArray(String[]::new)));
        return table;
    }

    /** The header followed by one row per histogram, every cell formatted. */
    private List<List<String>> cells() {
        String suffix = " (" + label(unit) + ")";
        List<String> header = new ArrayList<>(List.of("Name", "Count", "Min" + suffix, "Mean" + suffix));
        for (String p : PERCENTILE_NAMES) {
            header.add(p + suffix);
        }
        header.add("Max" + suffix);
        header.add("Stddev" + suffix);
        int percentileColumns = header.size();
        header.addAll(extraColumns);
        List<List<String>> cells = new ArrayList<>();
        cells.add(header);
        rows.forEach((name, h) -> {
            List<String> row = row(name, h, percentileColumns);
            row.addAll(extraCells.get(name));
            cells.add(row);
        });
        return cells;
    }

    private List<String> row(String name, Histogram h, int columns) {
        List<String> row = new ArrayList<>(List.of(name, Long.toString(h.getTotalCount())));
        if (h.getTotalCount() == 0) {
            while (row.size() < columns) {
                row.add(MISSING);
            }
            return row;
        }
        double nanosPerUnit = unit.toNanos(1);
        row.add(format(h.getMinValue() / nanosPerUnit));
        row.add(format(h.getMean() / nanosPerUnit));
        for (double p : PERCENTILES) {
            row.add(format(h.getValueAtPercentile(p) / nanosPerUnit));
        }
        row.add(format(h.getMaxValue() / nanosPerUnit));
        row.add(format(h.getStdDeviation() / nanosPerUnit));
        return row;
    }

    /** 3 significant digits, but every digit before the point ({@code 1234.5 -> 1235}); no exponent, no grouping. */
    static String format(double value) {
        BigDecimal exact = BigDecimal.valueOf(value);
        BigDecimal rounded = exact.round(new MathContext(3, RoundingMode.HALF_UP));
        if (rounded.precision() - rounded.scale() > 3) {
            rounded = exact.setScale(0, RoundingMode.HALF_UP);
        }
        return rounded.stripTrailingZeros().toPlainString();
    }

    /** The usual short symbol of a time unit: ns, µs, ms, s, min, h, d. */
    static String label(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "µs";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case MINUTES -> "min";
            case HOURS -> "h";
            case DAYS -> "d";
        };
    }
}
