package dev.wirebench.fix.history;

/**
 * A percentile of a sample and its bootstrap confidence interval, in the sample's unit.
 *
 * @param percentile the percentile, 0 < p <= 100 (99.9 for p99.9)
 * @param estimate   the sample's own value at it (nearest rank: the {@code ceil(p/100 * n)}-th smallest)
 * @param low        the lower end of the interval
 * @param high       the upper end of the interval
 */
record PercentileInterval(double percentile, long estimate, long low, long high) {
}
