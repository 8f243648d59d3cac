package dev.wirebench.harness.soak;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How one resource moved over a soak: its level at the start (the median of the samples in the first
 * {@code baseline} minutes), its level at the end (the median of the samples in the last as many minutes), the
 * growth from one to the other, and the least-squares slope over every sample. Medians, so one sample taken just
 * before a collection does not make a level; the slope, so a steady climb shows even below the goal's threshold.
 *
 * @param first          the level of the first {@code baseline} minutes; NaN when too few samples are known
 * @param last           the level of the last {@code baseline} minutes
 * @param growth         {@code last / first - 1}; NaN when the first level is not above 0
 * @param slopePerMinute the least-squares slope over every known sample, in the resource's unit per minute
 * @param samples        the samples known (a figure that could not be read, -1, is left out)
 */
public record Trend(double first, double last, double growth, double slopePerMinute, int samples) {

    /** The goal: no resource past its first-five-minute level by more than this share over the soak. */
    public static final double GOAL = 0.10;
    /** The start a soak's levels are taken over, and the end likewise (a shorter soak takes a sixth of itself). */
    public static final double BASELINE_MINUTES = 5;

    /**
     * The trend of {@code values} sampled at {@code minutes} (ascending, from the start of the soak); values
     * below 0 are unknown and left out.
     *
     * @param baseline the minutes at the start, and at the end, whose samples make the first and the last level
     * @throws IllegalArgumentException when the arrays differ in length
     */
    public static Trend of(double[] minutes, double[] values, double baseline) {
        if (minutes.length != values.length) {
            throw new IllegalArgumentException(minutes.length + " times for " + values.length + " values");
        }
        List<double[]> known = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] >= 0 && Double.isFinite(values[i])) {
                known.add(new double[] {minutes[i], values[i]});
            }
        }
        if (known.size() < 2) {
            return new Trend(Double.NaN, Double.NaN, Double.NaN, Double.NaN, known.size());
        }
        double start = known.get(0)[0];
        double end = known.get(known.size() - 1)[0];
        double first = median(known.stream().filter(s -> s[0] <= start + baseline).mapToDouble(s -> s[1]).toArray());
        double last = median(known.stream().filter(s -> s[0] >= end - baseline).mapToDouble(s -> s[1]).toArray());
        return new Trend(first, last, first > 0 ? last / first - 1 : Double.NaN, slope(known), known.size());
    }

    /** The baseline of a soak of {@code minutes}: five minutes, or a sixth of a shorter one (its share of 30). */
    public static double baseline(double minutes) {
        return Math.min(BASELINE_MINUTES, minutes / 6);
    }

    /** Whether the resource grew past its first level by more than the {@link #GOAL}. */
    public boolean grows() {
        return growth > GOAL;
    }

    /** Whether there were samples enough to judge. */
    public boolean known() {
        return !Double.isNaN(growth);
    }

    private static double slope(List<double[]> points) {
        double n = points.size();
        double meanX = points.stream().mapToDouble(p -> p[0]).sum() / n;
        double meanY = points.stream().mapToDouble(p -> p[1]).sum() / n;
        double sxy = 0;
        double sxx = 0;
        for (double[] p : points) {
            sxy += (p[0] - meanX) * (p[1] - meanY);
            sxx += (p[0] - meanX) * (p[0] - meanX);
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
