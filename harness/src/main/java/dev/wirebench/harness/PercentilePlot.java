package dev.wirebench.harness;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A latency percentile distribution to draw with {@link Charts}, as HdrHistogram's plotter draws one:
 * percentiles along the x axis on a log scale of {@code 1/(1-p)} (0%, 90%, 99%, 99.9%… equally spaced),
 * latency up the y axis, one line per histogram.
 *
 * <p>A line joins the points of HdrHistogram's percentile iteration ({@code percentiles(5)}, the rows
 * of its {@code .hgrm} files), each at the top of the bucket reached at its level. The last level,
 * 100%, would lie at infinity; HdrHistogram has reached the maximum already at the level before it,
 * so that point moves to {@code x = N}, the one-in-N-samples level, unless the point before it is
 * further right: a line ends flat at its maximum, at about its count. A histogram of a single sample
 * is a dot; an empty one draws nothing, and the legend lists it as "name (no values)".
 *
 * <p>The y axis is logarithmic when the values span more than two decades (its title then says
 * "(log scale)"), and a value of 0 sits on its bottom edge; otherwise it is linear from 0.
 * Ordinary lines take one colour each; reference lines are grey and dashed, each in its own pattern.
 *
 * @param unit the unit the y axis shows latencies in (the histograms hold nanoseconds)
 */
public record PercentilePlot(String title, List<PercentileLine> lines, TimeUnit unit) {

    /** As many ordinary lines as there are colours that tell each other apart at a glance. */
    public static final int MAX_LINES = 10;
    /** As many reference lines as there are dash patterns that tell each other apart. */
    public static final int MAX_REFERENCE_LINES = 3;

    /**
     * @throws IllegalArgumentException naming the plot if it has no lines, two lines of the same name,
     *                                  more than {@link #MAX_LINES} ordinary or {@link #MAX_REFERENCE_LINES}
     *                                  reference lines, or a null title, line or unit
     */
    public PercentilePlot {
        if (title == null) {
            throw new IllegalArgumentException("a percentile plot needs a title");
        }
        if (lines == null || lines.isEmpty()) {
            throw new IllegalArgumentException("percentile plot " + title + " has no lines");
        }
        if (lines.stream().anyMatch(Objects::isNull)) { // not contains(null): List.of's throws
            throw new IllegalArgumentException("percentile plot " + title + " has a null line");
        }
        lines = List.copyOf(lines);
        if (unit == null) {
            throw new IllegalArgumentException("percentile plot " + title + " has no unit");
        }
        Set<String> names = new HashSet<>();
        int references = 0;
        for (PercentileLine line : lines) {
            if (!names.add(line.name())) {
                throw new IllegalArgumentException("percentile plot " + title + " has two lines named " + line.name());
            }
            references += line.reference() ? 1 : 0;
        }
        int ordinary = lines.size() - references;
        if (ordinary > MAX_LINES || references > MAX_REFERENCE_LINES) {
            throw new IllegalArgumentException("percentile plot " + title + " has " + ordinary + " lines and "
                    + references + " reference lines; at most " + MAX_LINES + " and " + MAX_REFERENCE_LINES
                    + " can be told apart");
        }
    }
}
