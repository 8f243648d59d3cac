package dev.wirebench.fix.history;

import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.CommonOptions;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

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

    static final int DEFAULT_SAMPLES = 10_000;
    static final int MIN_SAMPLES = 100;
    static final int MAX_SAMPLES = 10_000_000;

    /** Declares the options of {@code fix analyse}. */
    static void declare(OptionParser parser) {
        parser.accepts("warmup", "skip requests sent in the first T of the file, counted from its first request "
                + "(0s: none; units ns, us, ms, s, m)").withRequiredArg().describedAs("T").defaultsTo("0s");
        parser.accepts("tag", "the field that marks a request, tag=value (35=D: NewOrderSingle)").withRequiredArg()
                .describedAs("F").defaultsTo("35=D");
        parser.accepts("samples", "bootstrap replicates per percentile (at least " + MIN_SAMPLES + ")").withRequiredArg()
                .describedAs("N").defaultsTo(Integer.toString(DEFAULT_SAMPLES));
        CommonOptions.resultsDir(parser, "where the run folder goes");
    }

    /** @throws IllegalArgumentException saying which argument is wrong and how */
    static AnalyseOptions parse(String[] args) {
        return from(Cli.parse(AnalyseOptions::declare, args));
    }

    /** The options {@link #declare}d, checked. @throws IllegalArgumentException saying which is wrong and how */
    static AnalyseOptions from(OptionSet set) {
        List<?> files = set.nonOptionArguments();
        if (files.isEmpty()) {
            throw new IllegalArgumentException("which history file? give its path");
        }
        if (files.size() > 1) {
            throw new IllegalArgumentException("one history file at a time: " + files.get(0) + " and " + files.get(1)
                    + " given");
        }
        return new AnalyseOptions(Path.of(files.get(0).toString()), nanos("--warmup", (String) set.valueOf("warmup")),
                FieldMatch.parse((String) set.valueOf("tag")), samples((String) set.valueOf("samples")),
                Path.of((String) set.valueOf("results-dir")));
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
