package dev.wirebench.harness;

import java.util.List;

/**
 * One measured value as JMH reports it: the score, its error (the half-width of JMH's 99.9 %
 * confidence interval; NaN when a single iteration gave no interval), the unit, and one sample per
 * fork: the median of that fork's measurement iterations.
 *
 * <p>The fork is the sample because a JVM's JIT decisions differ from one start to the next, so
 * iterations of one fork are not independent of each other. Within a fork the median, not the mean,
 * because on a shared machine a neighbour can slow one iteration tenfold; the median of five
 * iterations ignores two such.
 *
 * @param forks per-fork samples in the order JMH wrote them; empty when the file had no raw data
 */
public record Metric(double score, double error, String unit, List<Double> forks) {

    public Metric {
        forks = List.copyOf(forks);
    }

    /** A metric without per-fork samples. */
    public Metric(double score, double error, String unit) {
        this(score, error, unit, List.of());
    }

    /** The error, or 0 when JMH gave none: the interval is then the score alone. */
    public double errorOrZero() {
        return Double.isNaN(error) ? 0 : error;
    }

    /** Whether the two intervals {@code score ± error} share no point. */
    public boolean disjointFrom(Metric other) {
        return score - errorOrZero() > other.score + other.errorOrZero()
                || score + errorOrZero() < other.score - other.errorOrZero();
    }

    /** The per-fork samples, or the score alone when the file had none. */
    public double[] samples() {
        if (forks.isEmpty()) {
            return Double.isNaN(score) ? new double[0] : new double[]{score};
        }
        return forks.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).toArray();
    }
}
