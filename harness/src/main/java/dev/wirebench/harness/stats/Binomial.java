package dev.wirebench.harness.stats;

/** The fair-coin binomial distribution, for order-statistic intervals and the sign test. */
final class Binomial {

    private Binomial() {
    }

    /** P(B <= k) for B ~ Binomial(n, 1/2); 0 for k < 0. Computed in logs, so n in the thousands is fine. */
    static double lowerTail(int n, int k) {
        if (k < 0) {
            return 0;
        }
        if (k >= n) {
            return 1;
        }
        double sum = 0;
        double logHalfN = n * Math.log(0.5);
        double logChoose = 0; // log C(n, 0)
        for (int i = 0; i <= k; i++) {
            if (i > 0) {
                logChoose += Math.log(n - i + 1) - Math.log(i);
            }
            sum += Math.exp(logChoose + logHalfN);
        }
        return Math.min(1, sum);
    }
}
