package dev.wirebench.benchmarks;

import dev.wirebench.harness.cli.CommonOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * wirebench's own flags, taken out of the command line before the rest goes to JMH unchanged.
 *
 * @param jmhArgs    what JMH's own parser gets
 * @param preset     the preset laid under the user's options ({@code --preset NAME}, {@code --quick}), or null
 * @param profilers  whether the default profilers go on ({@code --no-prof} turns them off)
 * @param help       {@code -h}/{@code --help}: our usage before JMH's
 * @param resultsDir {@code --results-dir DIR}: where run folders go (default {@code results})
 * @param rounds     {@code --rounds R}: run every case once per round, rounds interleaved; 0 for JMH's own order
 * @param seed       {@code --seed S}: the seed of the round orders, or null for a fresh one
 * @param variants   {@code --variant NAME=SPEC}, each a JVM variant every case runs in
 */
record LaunchArgs(List<String> jmhArgs, Preset preset, boolean profilers, boolean help, Path resultsDir, int rounds,
                  Long seed, List<Variant> variants) {

    static final String QUICK = "--quick";
    static final String PRESET = "--preset";
    static final String NO_PROF = "--no-prof";
    static final String RESULTS_DIR = "--results-dir";
    static final String ROUNDS = "--rounds";
    static final String SEED = "--seed";
    static final String VARIANT = "--variant";
    /** wirebench's options that take a value in the next word. */
    static final Set<String> VALUED = Set.of(PRESET, RESULTS_DIR, ROUNDS, SEED, VARIANT);

    LaunchArgs {
        jmhArgs = List.copyOf(jmhArgs);
        variants = List.copyOf(variants);
    }

    /** @throws IllegalArgumentException saying which of wirebench's options is wrong and how */
    static LaunchArgs parse(String... given) {
        Preset preset = null;
        List<String> args = new ArrayList<>(Arrays.asList(given));
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals(QUICK) || arg.equals(PRESET)) {
                String name = arg.equals(QUICK) ? "quick" : value(args, i, "a preset name: " + Preset.names());
                Preset named = Preset.named(name).orElseThrow(() -> new IllegalArgumentException(
                        "unknown preset '" + name + "'; known: " + Preset.names()));
                if (preset != null && preset != named) {
                    throw new IllegalArgumentException("two presets, " + preset.name() + " and " + named.name() + ": choose one");
                }
                preset = named;
                args.subList(i, arg.equals(QUICK) ? i + 1 : i + 2).clear();
                i--;
            }
        }
        if (preset != null) {
            args = preset.under(args, VALUED);
        }
        List<String> jmh = new ArrayList<>();
        Path resultsDir = CommonOptions.DEFAULT_RESULTS_DIR;
        boolean profilers = true;
        boolean help = false;
        int rounds = 0;
        Long seed = null;
        List<Variant> variants = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case NO_PROF -> profilers = false;
                case RESULTS_DIR -> resultsDir = Path.of(value(args, i++, "a directory"));
                case ROUNDS -> rounds = rounds(value(args, i++, "a number of rounds, e.g. 12"));
                case SEED -> seed = seed(value(args, i++, "a number"));
                case VARIANT -> variants.add(Variant.parse(value(args, i++, "NAME=[JVM] [FLAGS], e.g. zgc=-XX:+UseZGC")));
                case "--help" -> {
                    help = true;
                    jmh.add("-h");
                }
                case "-p" -> {
                    jmh.add(arg);
                    if (i + 1 < args.size()) {
                        jmh.add(renameCase(args.get(++i)));
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
        if (!variants.isEmpty() && rounds == 0) {
            throw new IllegalArgumentException(VARIANT + " runs in interleaved rounds: add " + ROUNDS
                    + " R (or a --preset)");
        }
        if (variants.stream().map(Variant::name).distinct().count() < variants.size()) {
            throw new IllegalArgumentException("two variants have the same name: " + variants.stream().map(Variant::name).toList());
        }
        return new LaunchArgs(jmh, preset, profilers, help, resultsDir, rounds, seed, variants);
    }

    private static String value(List<String> args, int i, String what) {
        if (i + 1 == args.size() || args.get(i + 1).isBlank()) {
            throw new IllegalArgumentException(args.get(i) + " needs " + what);
        }
        return args.get(i + 1);
    }

    private static int rounds(String value) {
        try {
            int rounds = Integer.parseInt(value);
            if (rounds >= 1) {
                return rounds;
            }
        } catch (NumberFormatException ignored) {
            // said below
        }
        throw new IllegalArgumentException(ROUNDS + " takes a whole number of rounds, 1 or more, not '" + value + "'");
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SEED + " takes a whole number, not '" + value + "'", e);
        }
    }

    /** {@code case} is a Java keyword, so the JMH parameter is {@code codec}; accept the name users expect. */
    static String renameCase(String param) {
        return param.startsWith("case=") ? "codec=" + param.substring("case=".length()) : param;
    }
}
