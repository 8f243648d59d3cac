package dev.wirebench.fix.history;

import java.util.SplittableRandom;

/**
 * Beta draws as {@code X / (X + Y)} with {@code X ~ Gamma(a)} and {@code Y ~ Gamma(b)}, the Gamma
 * draws by Marsaglia and Tsang's squeeze method ("A simple method for generating gamma variables",
 * ACM TOMS 26(3), 2000), which accepts more than 95% of its candidates for any shape.
 */
final class BetaSampler {

    private BetaSampler() {
    }

    /**
     * One draw of Beta(a, b).
     *
     * @throws IllegalArgumentException if a shape is below 1 (the bootstrap never needs one)
     */
    static double beta(SplittableRandom random, double a, double b) {
        double x = gamma(random, a);
        double y = gamma(random, b);
        return x / (x + y);
    }

    /** One draw of Gamma(shape, 1) for {@code shape >= 1}. */
    static double gamma(SplittableRandom random, double shape) {
        if (!(shape >= 1)) {
            throw new IllegalArgumentException("Gamma shape must be >= 1 here, was " + shape);
        }
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = random.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = random.nextDouble();
            double x2 = x * x;
            // the cheap squeeze first; the logarithms only for the few candidates it cannot decide
            if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
