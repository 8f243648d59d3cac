package dev.wirebench.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * wirebench's own flags, taken out of the command line before the rest goes to JMH unchanged.
 *
 * @param jmhArgs   what JMH's own parser gets
 * @param quick     {@code --quick}: 1 fork, short warm-up and measurement, heap buffers only
 * @param profilers whether the default profilers go on ({@code --no-prof} turns them off)
 * @param help      {@code -h}/{@code --help}: our usage before JMH's
 * @param resultsDir {@code --results-dir DIR}: where run folders go (default {@code results})
 */
record LaunchArgs(List<String> jmhArgs, boolean quick, boolean profilers, boolean help, Path resultsDir) {

    static final String QUICK = "--quick";
    static final String NO_PROF = "--no-prof";
    static final String RESULTS_DIR = "--results-dir";
    static final Path DEFAULT_RESULTS_DIR = Path.of("results");

    /** @throws IllegalArgumentException if {@code --results-dir} has no value */
    static LaunchArgs parse(String... args) {
        List<String> jmh = new ArrayList<>();
        Path resultsDir = DEFAULT_RESULTS_DIR;
        boolean quick = false;
        boolean profilers = true;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case QUICK -> quick = true;
                case NO_PROF -> profilers = false;
                case RESULTS_DIR -> {
                    if (i + 1 == args.length || args[i + 1].isBlank()) {
                        throw new IllegalArgumentException(RESULTS_DIR + " needs a directory");
                    }
                    resultsDir = Path.of(args[++i]);
                }
                case "--help" -> {
                    help = true;
                    jmh.add("-h");
                }
                case "-p" -> {
                    jmh.add(arg);
                    if (i + 1 < args.length) {
                        jmh.add(renameCase(args[++i]));
                    }
                }
                default -> {
                    if (arg.equals("-h")) {
                        help = true;
                    }
                    jmh.add(arg.startsWith("-pcase=") ? "-p" + renameCase(arg.substring(2)) : arg);
                }
            }
        }
        return new LaunchArgs(List.copyOf(jmh), quick, profilers, help, resultsDir);
    }

    /** {@code case} is a Java keyword, so the JMH parameter is {@code codec}; accept the name users expect. */
    private static String renameCase(String param) {
        return param.startsWith("case=") ? "codec=" + param.substring("case=".length()) : param;
    }
}
