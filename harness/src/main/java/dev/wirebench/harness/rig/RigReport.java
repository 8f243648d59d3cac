package dev.wirebench.harness.rig;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** What the suites on the rig say alike about their results. */
public final class RigReport {

    private RigReport() {
    }

    /**
     * The marks of measurements a reader must not take at face value: a fixed rate not held, windows in which
     * nothing completed, a run that ended early; empty when there are none.
     *
     * @param label names a result's case: {@code raw at 5000/s}
     */
    public static String marks(List<RigResult> results, Function<RigResult, String> label) {
        List<String> marks = new ArrayList<>();
        for (RigResult r : results) {
            List<String> what = new ArrayList<>();
            if (r.rateMissed()) {
                what.add(String.format(Locale.ROOT, "rate not held, %.0f/s achieved", r.achievedRate()));
            }
            if (r.stalledWindows() > 0) {
                what.add(r.stalledWindows() + " window(s) of " + r.plan().window().toMillis()
                        + " ms with nothing completed (a stall)");
            }
            if (r.failure() != null) {
                what.add("ended early: " + r.failure());
            }
            if (!what.isEmpty()) {
                marks.add(label.apply(r) + ": " + String.join("; ", what));
            }
        }
        return String.join(" / ", marks);
    }
}
