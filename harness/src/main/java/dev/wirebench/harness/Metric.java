package dev.wirebench.harness;

/**
 * One measured value as JMH reports it: the score, its error (the half-width of JMH's 99.9 %
 * confidence interval; NaN when a single iteration gave no interval) and the unit.
 */
public record Metric(double score, double error, String unit) {

    /** The error, or 0 when JMH gave none: the interval is then the score alone. */
    public double errorOrZero() {
        return Double.isNaN(error) ? 0 : error;
    }

    /** Whether the two intervals {@code score ± error} share no point. */
    public boolean disjointFrom(Metric other) {
        return score - errorOrZero() > other.score + other.errorOrZero()
                || score + errorOrZero() < other.score - other.errorOrZero();
    }
}
