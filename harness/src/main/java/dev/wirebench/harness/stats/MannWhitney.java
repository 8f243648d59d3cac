package dev.wirebench.harness.stats;

import java.util.Arrays;

/**
 * The Mann–Whitney U test of two independent samples (fork scores of one case in two runs), and the
 * Hodges–Lehmann estimate of the ratio between them with its confidence interval. Both are rank
 * methods: a fork that ran three times slower because a neighbour woke up moves them no more than any
 * other fork that was slower, which a mean and a t-test cannot say.
 *
 * <p>The null distribution is exact (no ties, both samples at most {@value #EXACT_LIMIT}); otherwise
 * the normal approximation with the tie and continuity corrections.
 */
public final class MannWhitney {

    static final int EXACT_LIMIT = 50;

    /**
     * The comparison of {@code next} with {@code base}.
     *
     * @param pValue     two-sided p-value of "both samples come from one distribution"
     * @param minimumP   the smallest p-value these sample sizes can give at all (every sample of one above
     *                   every sample of the other): when it is not below the level asked, no data of
     *                   this size could decide
     * @param ratio      Hodges–Lehmann estimate of next ÷ base: the median of all pairwise ratios
     * @param ratioLow   lower end of its confidence interval (0 when the samples are too few for one)
     * @param ratioHigh  upper end (+∞ when the samples are too few for one)
     * @param confidence the interval's actual coverage
     */
    public record Result(double pValue, double minimumP, double ratio, double ratioLow, double ratioHigh,
                         double confidence) {
    }

    private MannWhitney() {
    }

    /**
     * Compares {@code next} with {@code base}; every value must be positive (a time or a rate), since the
     * ratio is estimated as a shift of logarithms.
     *
     * @throws IllegalArgumentException if either sample is empty or holds a value that is not positive
     */
    public static Result compare(double[] base, double[] next) {
        double[] x = logs(base, "base");
        double[] y = logs(next, "new");
        int m = x.length;
        int n = y.length;
        double u = 0;
        for (double xi : x) {
            for (double yj : y) {
                u += yj > xi ? 1 : yj == xi ? 0.5 : 0;
            }
        }
        boolean ties = hasTies(x, y);
        double p;
        double[] pmf = null;
        if (!ties && m <= EXACT_LIMIT && n <= EXACT_LIMIT) {
            pmf = distribution(m, n);
            p = Math.min(1, 2 * Math.min(cdf(pmf, (int) u), cdf(pmf, m * n - (int) u)));
        } else {
            p = normalP(x, y, u);
        }

        double[] d = new double[m * n];
        int i = 0;
        for (double xi : x) {
            for (double yj : y) {
                d[i++] = yj - xi;
            }
        }
        Arrays.sort(d);
        double shift = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
        int k;
        double confidence;
        if (pmf == null) {
            pmf = m <= EXACT_LIMIT && n <= EXACT_LIMIT ? distribution(m, n) : null;
        }
        if (pmf != null) {
            // the largest k with P(U <= k-1) <= 2.5%: the interval is [d(k), d(mn+1-k)]
            k = 0;
            double below = 0;
            while (k < pmf.length && below + pmf[k] <= (1 - Estimate.LEVEL) / 2) {
                below += pmf[k];
                k++;
            }
            confidence = 1 - 2 * below;
        } else {
            double z = 1.959963984540054;
            k = (int) Math.floor(m * (double) n / 2 - z * Math.sqrt(m * (double) n * (m + n + 1) / 12.0));
            confidence = Estimate.LEVEL;
        }
        double low = k >= 1 ? Math.exp(d[k - 1]) : 0;
        double high = k >= 1 ? Math.exp(d[d.length - k]) : Double.POSITIVE_INFINITY;
        if (k < 1) {
            confidence = 1;
        }
        return new Result(p, minimumP(m, n), Math.exp(shift), low, high, confidence);
    }

    /** The smallest two-sided p-value samples of m and n can give: 2 / C(m+n, m), at most 1. */
    public static double minimumP(int m, int n) {
        double logChoose = 0;
        for (int i = 1; i <= m; i++) {
            logChoose += Math.log(n + i) - Math.log(i);
        }
        return Math.min(1, 2 * Math.exp(-logChoose));
    }

    /** The smallest number of forks per side at which a complete separation reaches {@code p < alpha}. */
    public static int forksNeeded(double alpha) {
        int n = 1;
        while (minimumP(n, n) >= alpha) {
            n++;
        }
        return n;
    }

    /** P(U = u) for u = 0..mn under the null, by the recursion on sample sizes (additions only). */
    static double[] distribution(int m, int n) {
        // rows[j] = distribution for sizes (i, j); rolled over i
        double[][] rows = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            rows[j] = new double[]{1};
        }
        for (int i = 1; i <= m; i++) {
            double[][] next = new double[n + 1][];
            next[0] = new double[]{1};
            for (int j = 1; j <= n; j++) {
                double[] withoutX = rows[j];      // sizes (i-1, j): shifted by j when x is the largest
                double[] withoutY = next[j - 1];  // sizes (i, j-1)
                double[] p = new double[i * j + 1];
                double px = i / (double) (i + j);
                double py = j / (double) (i + j);
                for (int u = 0; u < withoutX.length; u++) {
                    p[u + j] += px * withoutX[u];
                }
                for (int u = 0; u < withoutY.length; u++) {
                    p[u] += py * withoutY[u];
                }
                next[j] = p;
            }
            rows = next;
        }
        return rows[n];
    }

    private static double cdf(double[] pmf, int u) {
        double sum = 0;
        for (int i = 0; i <= Math.min(u, pmf.length - 1); i++) {
            sum += pmf[i];
        }
        return sum;
    }

    private static double normalP(double[] x, double[] y, double u) {
        int m = x.length;
        int n = y.length;
        double[] all = new double[m + n];
        System.arraycopy(x, 0, all, 0, m);
        System.arraycopy(y, 0, all, m, n);
        Arrays.sort(all);
        double tieSum = 0;
        for (int i = 0; i < all.length; ) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            tieSum += t * t * t - t;
            i = j;
        }
        double total = m + n;
        double variance = m * (double) n / 12 * ((total + 1) - tieSum / (total * (total - 1)));
        if (variance <= 0) {
            return 1;
        }
        double z = (Math.abs(u - m * (double) n / 2) - 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * Normal.upperTail(Math.max(0, z)));
    }

    private static boolean hasTies(double[] x, double[] y) {
        double[] all = new double[x.length + y.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    private static double[] logs(double[] values, String which) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the " + which + " sample is empty");
        }
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("the " + which + " sample holds " + values[i] + "; scores must be positive");
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }
}
