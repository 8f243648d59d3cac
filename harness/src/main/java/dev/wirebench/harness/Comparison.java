package dev.wirebench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs side by side, benchmark by benchmark (matched by method, mode and parameters). A change
 * counts only when the two error intervals do not overlap <em>and</em> the scores differ by more
 * than the threshold: noise that JMH itself calls indistinguishable is never a regression, and
 * neither is a real but negligible difference.
 */
public final class Comparison {

    /** What happened to one benchmark between the base and the new run. */
    public enum Verdict {
        FASTER("faster"), SLOWER("slower"), NO_CHANGE("no change");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * One benchmark in both runs.
     *
     * @param changePercent {@code (new - base) / base} in percent, of the score as JMH reports it
     */
    public record Row(JmhResult base, JmhResult next, double changePercent, Verdict verdict) {
    }

    private final double thresholdPercent;
    private final List<Row> rows;
    private final List<JmhResult> onlyInBase;
    private final List<JmhResult> onlyInNew;

    private Comparison(double thresholdPercent, List<Row> rows, List<JmhResult> onlyInBase, List<JmhResult> onlyInNew) {
        this.thresholdPercent = thresholdPercent;
        this.rows = List.copyOf(rows);
        this.onlyInBase = List.copyOf(onlyInBase);
        this.onlyInNew = List.copyOf(onlyInNew);
    }

    /**
     * Compares {@code next} with {@code base}, in the order of {@code base} (then what only {@code next} has).
     *
     * @param thresholdPercent the smallest change, in percent of the base score, that counts
     * @throws IllegalArgumentException if the threshold is negative or not a number
     */
    public static Comparison of(List<JmhResult> base, List<JmhResult> next, double thresholdPercent) {
        if (!(thresholdPercent >= 0)) {
            throw new IllegalArgumentException("threshold must be a percentage >= 0, was " + thresholdPercent);
        }
        Map<String, JmhResult> unmatched = new LinkedHashMap<>();
        next.forEach(r -> unmatched.put(r.key(), r));
        List<Row> rows = new ArrayList<>();
        List<JmhResult> onlyInBase = new ArrayList<>();
        for (JmhResult b : base) {
            JmhResult n = unmatched.remove(b.key());
            if (n == null) {
                onlyInBase.add(b);
            } else {
                rows.add(row(b, n, thresholdPercent));
            }
        }
        return new Comparison(thresholdPercent, rows, onlyInBase, new ArrayList<>(unmatched.values()));
    }

    private static Row row(JmhResult base, JmhResult next, double thresholdPercent) {
        Metric b = base.primary();
        Metric n = next.primary();
        double change = (n.score() - b.score()) / b.score() * 100;
        Verdict verdict = Verdict.NO_CHANGE;
        if (n.disjointFrom(b) && Math.abs(change) > thresholdPercent) {
            boolean larger = n.score() > b.score();
            verdict = larger == base.lowerIsBetter() ? Verdict.SLOWER : Verdict.FASTER;
        }
        return new Row(base, next, change, verdict);
    }

    public double thresholdPercent() {
        return thresholdPercent;
    }

    /** The benchmarks both runs have. */
    public List<Row> rows() {
        return rows;
    }

    /** Benchmarks the base run has and the new one lacks. */
    public List<JmhResult> onlyInBase() {
        return onlyInBase;
    }

    /** Benchmarks only the new run has. */
    public List<JmhResult> onlyInNew() {
        return onlyInNew;
    }

    /** Whether at least one benchmark got slower. */
    public boolean hasRegression() {
        return rows.stream().anyMatch(r -> r.verdict() == Verdict.SLOWER);
    }
}
