package dev.wirebench.harness.stats;

/**
 * The sign test on paired ratios (variant ÷ base in the same round): under "no difference" a ratio is
 * as likely above 1 as below. It is the test whose inversion gives {@link Estimate}'s interval, so the
 * verdict and the interval never disagree.
 */
public final class SignTest {

    private SignTest() {
    }

    /** Two-sided p-value of "the median ratio is 1"; ratios exactly 1 are left out. NaN with none left. */
    public static double pValue(double[] ratios) {
        int above = 0;
        int below = 0;
        for (double r : ratios) {
            if (r > 1) {
                above++;
            } else if (r < 1) {
                below++;
            }
        }
        int n = above + below;
        if (n == 0) {
            return Double.NaN;
        }
        return Math.min(1, 2 * Binomial.lowerTail(n, Math.min(above, below)));
    }

    /** The smallest two-sided p-value n pairs can give: every ratio on one side. */
    public static double minimumP(int n) {
        return Math.min(1, 2 * Math.pow(0.5, n));
    }
}
