package dev.wirebench.smpp.testkit;

import java.util.function.BooleanSupplier;

/** Waits, bounded, for something another thread makes true. */
public final class Poll {

    private Poll() {
    }

    /** Whether {@code condition} held within {@code millis}, checked every 10 ms. */
    public static boolean until(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
