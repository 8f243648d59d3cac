package dev.wirebench.harness;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A grouped bar chart to draw with {@link Charts}: the categories along the x axis (formats, say), and
 * in each category one bar per series (encode, decode…), each series in its own colour.
 *
 * @param yAxisTitle  carries the unit, e.g. {@code "ns/op (log scale)"}
 * @param logScale    a logarithmic y axis; values {@code <= 0} have no bar on it
 * @param valueLabels each bar's value written above it (3 significant digits), so that a bar of 0 or
 *                    one too small to see still says what it is
 */
public record BarChart(String title, String xAxisTitle, String yAxisTitle, List<String> categories,
                       List<BarSeries> series, boolean logScale, boolean valueLabels) {

    /** As many series as there are colours that tell each other apart at a glance. */
    public static final int MAX_SERIES = 8;

    /**
     * @throws IllegalArgumentException if there are no categories, no series, more than {@link #MAX_SERIES}
     *                                  series, two series of the same name, or a series (named) whose
     *                                  count of values or errors is not the number of categories
     */
    public BarChart {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(xAxisTitle, "xAxisTitle");
        Objects.requireNonNull(yAxisTitle, "yAxisTitle");
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("chart " + title + " has no categories");
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart " + title + " has no series");
        }
        if (series.size() > MAX_SERIES) {
            throw new IllegalArgumentException("chart " + title + " has " + series.size()
                    + " series; at most " + MAX_SERIES + " can have colours of their own");
        }
        Set<String> names = new HashSet<>();
        for (BarSeries s : series) {
            if (!names.add(s.name())) {
                throw new IllegalArgumentException("chart " + title + " has two series named " + s.name());
            }
            if (s.values().size() != categories.size()) {
                throw new IllegalArgumentException("series " + s.name() + " has " + s.values().size()
                        + " values for " + categories.size() + " categories " + categories);
            }
            // BarSeries itself holds as many errors as values
        }
    }
}
