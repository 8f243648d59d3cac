package dev.wirebench.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One series of bars (one colour in the chart): a value per category, in the order of the chart's
 * categories, and optionally an error per value, drawn as {@code value ± error}.
 *
 * @param values a finite number per category, or NaN where the series has no bar
 * @param errors the half-width of each value's error bar (finite and {@code >= 0}, or NaN for none), or
 *               {@code null} when the series has no error bars at all
 */
public record BarSeries(String name, List<Double> values, List<Double> errors) {

    /** @throws IllegalArgumentException naming the series if a value or an error is not one described above */
    public BarSeries {
        Objects.requireNonNull(name, "series name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a series needs a name");
        }
        values = copy(name, "values", values);
        for (double v : values) {
            if (Double.isInfinite(v)) {
                throw new IllegalArgumentException("series " + name + ": value " + v + " cannot be drawn; use NaN for no bar");
            }
        }
        if (errors != null) {
            errors = copy(name, "errors", errors);
            if (errors.size() != values.size()) {
                throw new IllegalArgumentException("series " + name + " has " + values.size() + " values but "
                        + errors.size() + " errors");
            }
            for (double e : errors) {
                if (e < 0 || Double.isInfinite(e)) {
                    throw new IllegalArgumentException("series " + name + ": error " + e
                            + " is not a half-width (finite, >= 0; NaN for none)");
                }
            }
        }
    }

    /** A series without error bars. */
    public BarSeries(String name, List<Double> values) {
        this(name, values, null);
    }

    /** The error of the value at {@code index}, or NaN when it has none. */
    public double error(int index) {
        return errors == null ? Double.NaN : errors.get(index);
    }

    private static List<Double> copy(String series, String what, List<Double> list) {
        Objects.requireNonNull(list, () -> "series " + series + ": " + what);
        if (list.stream().anyMatch(Objects::isNull)) { // not contains(null): List.of's throws
            throw new IllegalArgumentException("series " + series + ": " + what + " hold null; use NaN for none");
        }
        return Collections.unmodifiableList(new ArrayList<>(list));
    }
}
