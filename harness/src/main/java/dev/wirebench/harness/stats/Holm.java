package dev.wirebench.harness.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction: among many cases compared at once, some will look significant by
 * chance (at 5%, four of eighty); Holm keeps the chance of even one false alarm in the whole table at
 * the level asked, with more power than Bonferroni.
 */
public final class Holm {

    private Holm() {
    }

    /**
     * The adjusted p-values, in the order given: a case is significant at level α when its adjusted
     * p-value is below α. NaN p-values (cases that could not be tested) stay NaN and do not count.
     */
    public static double[] adjust(double[] p) {
        Integer[] order = new Integer[p.length];
        int tested = 0;
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
            if (!Double.isNaN(p[i])) {
                tested++;
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i]));
        double[] adjusted = new double[p.length];
        double running = 0;
        for (int rank = 0; rank < p.length; rank++) {
            int i = order[rank];
            if (Double.isNaN(p[i])) {
                adjusted[i] = Double.NaN;
                continue;
            }
            running = Math.max(running, Math.min(1, (tested - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /** How many cases were tested: the divisor the smallest p-value faces. */
    public static int tested(double[] p) {
        return (int) Arrays.stream(p).filter(v -> !Double.isNaN(v)).count();
    }
}
