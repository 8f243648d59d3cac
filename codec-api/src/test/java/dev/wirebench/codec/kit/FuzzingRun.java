package dev.wirebench.codec.kit;

/**
 * What every Jazzer fuzz class of the build sets before Jazzer reads its configuration: the conformance kit's
 * {@link HostileInputFuzz} and the harness's result-file readers call {@link #configure()} from a static
 * initialiser.
 */
public final class FuzzingRun {

    /**
     * Twice what a fuzzing test JVM holds (Jazzer, -Xmx512m and as much again of direct buffers): past it, native
     * memory was taken and not given back.
     */
    static final int RSS_LIMIT_MB = 2048;

    private FuzzingRun() {
    }

    /**
     * Two settings a fuzzing run needs and JUnit's defaults get wrong, unless the command line set them. JUnit would
     * hold the whole fuzzing run, not each input, to the {@code @Timeout} that Jazzer passes to libFuzzer as the
     * per-input timeout (Jazzer issue 930); it still holds each input replayed in a normal test run to it. And Jazzer's
     * JUnit runner turns libFuzzer's memory limit off; its own arguments, read as configuration parameters, are the
     * only way to set it. A test run (no {@code JAZZER_FUZZ}) is left as it is.
     */
    public static void configure() {
        String fuzz = System.getenv("JAZZER_FUZZ") != null ? System.getenv("JAZZER_FUZZ") : System.getProperty("JAZZER_FUZZ");
        if (fuzz == null || !(fuzz.equals("1") || fuzz.equalsIgnoreCase("true") || fuzz.equalsIgnoreCase("yes"))) {
            return;
        }
        if (System.getProperty("junit.jupiter.execution.timeout.mode") == null) {
            System.setProperty("junit.jupiter.execution.timeout.mode", "disabled");
        }
        int next = 0;
        while (System.getProperty("jazzer.internal.arg." + next) != null) {
            if (System.getProperty("jazzer.internal.arg." + next).startsWith("-rss_limit_mb=")) {
                return;
            }
            next++;
        }
        if (next == 0) {
            System.setProperty("jazzer.internal.arg.0", "wirebench-fuzz"); // libFuzzer's argv[0]
            next = 1;
        }
        System.setProperty("jazzer.internal.arg." + next, "-rss_limit_mb=" + RSS_LIMIT_MB);
    }
}
