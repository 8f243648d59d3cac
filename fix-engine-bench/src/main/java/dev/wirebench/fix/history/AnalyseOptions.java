package dev.wirebench.fix.history;

import dev.wirebench.harness.Durations;

import java.nio.file.Path;
import java.util.List;

/**
 * The options of {@code fix analyse}.
 *
 * @param warmupNanos requests this long after the file's first request are the first ones timed
 * @param samples     bootstrap replicates per percentile
 */
record AnalyseOptions(Path file, long warmupNanos, FieldMatch requestField, int samples, Path resultsDir) {

    static final Path DEFAULT_RESULTS_DIR = Path.of("results");
    static final int DEFAULT_SAMPLES = 10_000;
    static final int MIN_SAMPLES = 100;
    static final int MAX_SAMPLES = 10_000_000;
    private static final List<String> VALUED = List.of("--warmup", "--tag", "--samples", "--results-dir");

    /** @throws IllegalArgumentException saying which argument is wrong and how */
    static AnalyseOptions parse(String[] args) {
        Path file = null;
        long warmup = 0;
        FieldMatch field = FieldMatch.NEW_ORDER_SINGLE;
        int samples = DEFAULT_SAMPLES;
        Path resultsDir = DEFAULT_RESULTS_DIR;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!VALUED.contains(arg)) {
                if (arg.startsWith("-") && arg.length() > 1) {
                    throw new IllegalArgumentException("unknown option " + arg);
                }
                if (file != null) {
                    throw new IllegalArgumentException("one history file at a time: " + file + " and " + arg + " given");
                }
                file = Path.of(arg);
                continue;
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException(arg + " needs a value");
            }
            String value = args[++i];
            switch (arg) {
                case "--warmup" -> warmup = nanos(arg, value);
                case "--tag" -> field = FieldMatch.parse(value);
                case "--samples" -> samples = samples(value);
                default -> resultsDir = Path.of(value);
            }
        }
        if (file == null) {
            throw new IllegalArgumentException("which history file? give its path");
        }
        return new AnalyseOptions(file, warmup, field, samples, resultsDir);
    }

    /** A time such as 500ms, 60s or 2m in nanoseconds, in the syntax every subcommand takes. */
    static long nanos(String flag, String value) {
        return Durations.parse(flag, value).toNanos();
    }

    private static int samples(String value) {
        try {
            int samples = Integer.parseInt(value);
            if (samples >= MIN_SAMPLES && samples <= MAX_SAMPLES) {
                return samples;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("--samples takes a whole number from " + MIN_SAMPLES + " to " + MAX_SAMPLES
                + ", not '" + value + "'");
    }
}
