package dev.wirebench.harness.stats;

/** The standard normal distribution's upper tail, for the large-sample approximations. */
final class Normal {

    private Normal() {
    }

    /** P(Z > z), accurate to about 1e-7 (Abramowitz and Stegun 7.1.26 on erfc). */
    static double upperTail(double z) {
        if (z < 0) {
            return 1 - upperTail(-z);
        }
        double x = z / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return 0.5 * poly * Math.exp(-x * x);
    }
}
