package dev.wirebench.harness;

import org.HdrHistogram.Histogram;

/**
 * One line of a {@link PercentilePlot}: a name for the legend and a histogram of nanoseconds. The
 * histogram is read when the plot is drawn, not copied now.
 *
 * @param reference a line to compare the others against (a clock's own cost, say), drawn dashed in
 *                  grey rather than in a colour of its own
 */
public record PercentileLine(String name, Histogram nanos, boolean reference) {

    /** @throws IllegalArgumentException if the name is null or blank, or the histogram null (naming the line) */
    public PercentileLine {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a percentile line needs a name, was " + (name == null ? "null" : "'" + name + "'"));
        }
        if (nanos == null) {
            throw new IllegalArgumentException("percentile line " + name + " has no histogram (null)");
        }
    }

    /** A line that is not a reference line. */
    public PercentileLine(String name, Histogram nanos) {
        this(name, nanos, false);
    }
}
