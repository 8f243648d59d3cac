package dev.wirebench.fix.history;

import dev.wirebench.harness.TextTable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

/**
 * Percentiles and their confidence intervals as aligned plain text, one row per series and
 * percentile, values in microseconds (the samples are nanoseconds) to 3 significant digits like
 * the percentile table above it. "Above" is how many values lie above the estimate's rank: an
 * interval resting on a handful of them is rough, whatever the bootstrap says.
 */
final class IntervalTable {

    private static final String MISSING = "–";
    /** Names and percentiles left-aligned, numbers right-aligned. */
    private final TextTable table = new TextTable(2, "Name", "Percentile", "Estimate (µs)", "95% CI low (µs)",
            "95% CI high (µs)", "Above");

    /** Adds one row per interval of the series {@code name}, a sample of {@code n} values. */
    IntervalTable add(String name, int n, List<PercentileInterval> intervals) {
        for (PercentileInterval interval : intervals) {
            int above = n - OrderStatisticBootstrap.rank(interval.percentile(), n);
            table.add(name, percentileName(interval.percentile()), micros(interval.estimate()),
                    micros(interval.low()), micros(interval.high()), Integer.toString(above));
        }
        return this;
    }

    /** Adds a row saying that {@code name} has no values. */
    IntervalTable addEmpty(String name) {
        table.add(name, MISSING, MISSING, MISSING, MISSING, MISSING);
        return this;
    }

    String toText() {
        return table.toText();
    }

    /** {@code p99.9} for 99.9, {@code p50} for 50. */
    static String percentileName(double percentile) {
        return "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    }

    /** Nanoseconds as microseconds, 3 significant digits but every digit before the point, no exponent. */
    static String micros(long nanos) {
        BigDecimal exact = BigDecimal.valueOf(nanos).movePointLeft(3);
        BigDecimal rounded = exact.round(new MathContext(3, RoundingMode.HALF_UP));
        if (rounded.precision() - rounded.scale() > 3) {
            rounded = exact.setScale(0, RoundingMode.HALF_UP);
        }
        return rounded.stripTrailingZeros().toPlainString();
    }
}
