package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.RunFolder;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Runs the selected cases in interleaved rounds: each round runs every case (benchmark method × mode ×
 * parameter values × JVM variant) as its own fork, in an order shuffled afresh each round, so that
 * every case samples the same stretches of machine noise and a drift of the machine cannot turn into
 * a difference between cases (Abedi and Brecht's randomized multiple interleaved trials).
 *
 * <p>Each fork is one JMH run of exactly one case through JMH's own {@link Runner}, with the user's
 * options underneath; the forks of a case are merged into one JMH result whose {@code rawData} holds a
 * row per fork, so {@code jmh.json} stays JMH's JSON. It is rewritten after every fork, and the round
 * log ({@link RoundLog}) after every round: a run stopped half-way keeps what it measured.
 */
final class RoundRunner {

    /** One case: what a fork runs. */
    record Case(String benchmark, Mode mode, SortedMap<String, String> params, Variant variant) {

        /** The parameters as recorded: the benchmark's own, and the variant's name when there is one. */
        SortedMap<String, String> recordedParams() {
            SortedMap<String, String> all = new TreeMap<>(params);
            if (variant != null) {
                all.put(Variant.PARAM, variant.name());
            }
            return all;
        }

        String key() {
            return JmhResult.key(benchmark, mode.shortLabel(), recordedParams());
        }
    }

    /** What a run of rounds leaves: JMH's results, merged per case, and the forks that failed. */
    record Outcome(Collection<RunResult> results, List<String> failures) {
    }

    private final Options options;
    private final List<String> userAppend;
    private final List<Variant> variants;
    private final Map<Variant, Integer> features;
    private final int rounds;
    private final long seed;
    private final List<Case> cases;
    private final List<String> notes;
    private RunFolder folder;
    private PrintStream out;

    private RoundRunner(Options options, List<String> userAppend, List<Variant> variants, Map<Variant, Integer> features,
                        int rounds, long seed, List<Case> cases, List<String> notes) {
        this.options = options;
        this.userAppend = List.copyOf(userAppend);
        this.variants = List.copyOf(variants);
        this.features = Map.copyOf(features);
        this.rounds = rounds;
        this.seed = seed;
        this.cases = List.copyOf(cases);
        this.notes = List.copyOf(notes);
    }

    /**
     * The rounds the launch asks for, before anything runs: every variant's JVM is started once with its
     * flags, and one that does not start is named on {@code err} in one line and left out, the others
     * kept. Null, after saying why on {@code err}, when nothing is left to run.
     *
     * @param cmd     the user's own options (for the JVM arguments they appended)
     * @param options the user's options with wirebench's defaults under them
     */
    static RoundRunner plan(CommandLineOptions cmd, Options options, LaunchArgs launch, PrintStream err) {
        List<Variant> variants = new ArrayList<>();
        Map<Variant, Integer> features = new LinkedHashMap<>();
        if (!launch.variants().isEmpty() && options.getForkCount().orElse(1) == 0) {
            err.println("wirebench: variants need forks of their own; -f 0 runs every case in this JVM");
            return null;
        }
        for (Variant variant : launch.variants()) {
            try {
                features.put(variant, variant.probe());
                variants.add(variant);
            } catch (IllegalStateException e) {
                err.println("wirebench: " + e.getMessage() + "; running the other variants");
            }
        }
        if (!launch.variants().isEmpty() && variants.isEmpty()) {
            err.println("wirebench: no variant's JVM started, so nothing can run");
            return null;
        }
        List<Case> cases;
        try {
            cases = cases(options, variants);
        } catch (IllegalArgumentException e) {
            err.println("wirebench: " + e.getMessage());
            return null;
        }
        if (cases.isEmpty()) {
            err.println("No matching benchmarks. Miss-spelled regexp? List them with -l.");
            return null;
        }
        List<String> userAppend = cmd.getJvmArgsAppend().hasValue() ? List.copyOf(cmd.getJvmArgsAppend().get()) : List.of();
        long seed = launch.seed() != null ? launch.seed() : new Random().nextLong();
        List<String> notes = launch.preset() == null ? List.of()
                : List.of("Preset " + launch.preset().name() + ": " + launch.preset().purpose());
        return new RoundRunner(options, userAppend, variants, features, launch.rounds(), seed, cases, notes);
    }

    /**
     * Every case the options select, in JMH's order: each benchmark the includes match, in each mode, with
     * every combination of its parameter values (the options' where given, else the annotation's), once
     * per variant.
     *
     * @throws IllegalArgumentException when a benchmark has a parameter with no value
     */
    static List<Case> cases(Options options, List<Variant> variants) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
                VerboseMode.SILENT);
        List<Case> cases = new ArrayList<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(silent, options.getIncludes(), options.getExcludes())) {
            List<Mode> modes = new ArrayList<>(options.getBenchModes());
            if (modes.isEmpty()) {
                modes.add(entry.getMode());
            }
            if (modes.contains(Mode.All)) {
                modes = List.of(Mode.Throughput, Mode.AverageTime, Mode.SampleTime, Mode.SingleShotTime);
            }
            List<SortedMap<String, String>> combinations = new ArrayList<>();
            combinations.add(new TreeMap<>());
            Map<String, String[]> declared = entry.getParams().orElse(Map.of());
            for (String name : new TreeMap<>(declared).keySet()) {
                List<String> values = options.getParameter(name).hasValue()
                        ? new ArrayList<>(options.getParameter(name).get()) : List.of(declared.get(name));
                if (values.isEmpty()) {
                    throw new IllegalArgumentException(entry.getUsername() + " has no value for its parameter " + name
                            + ": give it with -p " + name + "=...");
                }
                List<SortedMap<String, String>> next = new ArrayList<>();
                for (SortedMap<String, String> combination : combinations) {
                    for (String value : values) {
                        SortedMap<String, String> extended = new TreeMap<>(combination);
                        extended.put(name, value);
                        next.add(extended);
                    }
                }
                combinations = next;
            }
            for (Mode mode : modes) {
                for (SortedMap<String, String> params : combinations) {
                    if (variants.isEmpty()) {
                        cases.add(new Case(entry.getUsername(), mode, params, null));
                    } else {
                        for (Variant variant : variants) {
                            cases.add(new Case(entry.getUsername(), mode, params, variant));
                        }
                    }
                }
            }
        }
        return cases;
    }

    /**
     * Runs the cases in the rounds, printing a line per fork on {@code out}, keeping jmh.json and the
     * round log in {@code folder} as it goes; at the end, where the user asked for a result file
     * ({@code -rf}, {@code -rff}), the merged results are written there too, by JMH.
     */
    Outcome run(RunFolder folder, PrintStream out) {
        this.folder = folder;
        this.out = out;
        int perRound = options.getForkCount().orElse(1);
        String each = perRound == 0 ? " (in this JVM: -f 0)" : perRound == 1 ? "" : " x " + perRound + " forks";
        out.printf(Locale.ROOT, "%d cases x %d rounds%s = %d forks, each round in its own shuffled order (seed %d)%n",
                cases.size(), rounds, each, cases.size() * rounds * Math.max(1, perRound), seed);
        variants.forEach(v -> out.println("  variant " + v.name() + ": " + v.describe()));
        Outcome outcome = runRounds();
        if (options.getResult().hasValue() || options.getResultFormat().hasValue()) {
            ResultFormatType type = options.getResultFormat().orElse(ResultFormatType.CSV);
            Path file = Path.of(options.getResult().orElse("jmh-result." + type.toString().toLowerCase(Locale.ROOT)));
            try {
                Files.writeString(file, JmhJsonRecorder.format(outcome.results(), type));
                out.println("Benchmark result is saved to " + file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
        }
        return outcome;
    }

    private Outcome runRounds() {
        Map<Case, List<BenchmarkResult>> forks = new LinkedHashMap<>();
        Map<String, List<Integer>> forkRounds = new TreeMap<>();
        List<List<String>> order = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Random random = new Random(seed);
        int total = rounds * cases.size();
        int done = 0;
        long start = System.nanoTime();
        Path scratch = scratchFile();
        try {
            for (int round = 1; round <= rounds; round++) {
                List<Case> shuffled = new ArrayList<>(cases);
                Collections.shuffle(shuffled, random);
                order.add(shuffled.stream().map(Case::key).toList());
                for (Case c : shuffled) {
                    String failure = null;
                    List<BenchmarkResult> results = List.of();
                    try {
                        ByteArrayOutputStream log = new ByteArrayOutputStream();
                        results = runOne(c, scratch, log);
                        if (results.isEmpty()) {
                            failure = lastError(log);
                        }
                    } catch (RunnerException e) {
                        failure = e.getMessage();
                    }
                    done++;
                    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
                    String progress = String.format(Locale.ROOT, "[round %d/%d, fork %d/%d, %s elapsed, about %s left]",
                            round, rounds, done, total, minutes(elapsed), minutes(elapsed.multipliedBy(total - done).dividedBy(done)));
                    if (failure != null) {
                        failures.add("round " + round + ": " + c.key() + ": " + failure);
                        out.println(progress + " " + c.key() + ": FAILED: " + failure);
                        continue;
                    }
                    forks.computeIfAbsent(c, k -> new ArrayList<>()).addAll(results);
                    for (int i = 0; i < results.size(); i++) {
                        forkRounds.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(round);
                    }
                    BenchmarkResult last = results.get(results.size() - 1);
                    out.println(progress + " " + c.key() + ": " + score(last));
                    // both after every fork: a run cut short keeps each fork with the round it came from
                    writeJson(forks);
                    writeLog(order, forkRounds, failures);
                }
                writeLog(order, forkRounds, failures);
            }
        } finally {
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException ignored) {
                // a temporary file JMH wrote; nothing of the run's is in it
            }
        }
        writeLog(order, forkRounds, failures);
        return new Outcome(merged(forks), failures);
    }

    /** One fork (or -f forks) of one case, through JMH's Runner; its console output goes to {@code log}. */
    private List<BenchmarkResult> runOne(Case c, Path scratch, ByteArrayOutputStream log) throws RunnerException {
        ChainedOptionsBuilder one = new OptionsBuilder().parent(options)
                .include("^" + Pattern.quote(c.benchmark()) + "$")
                // the user's own includes still apply underneath: exclude everything but this benchmark
                .exclude("^(?!" + Pattern.quote(c.benchmark()) + "$)")
                .mode(c.mode())
                // JMH would otherwise write the user's -rff after every fork; the merged file is written at the end
                .result(scratch.toString())
                .resultFormat(ResultFormatType.JSON);
        c.params().forEach(one::param);
        if (c.variant() != null) {
            if (c.variant().java() != null) {
                one.jvm(c.variant().javaCommand());
            }
            List<String> append = new ArrayList<>(userAppend);
            for (String flag : JvmFlags.forFeatureVersion(features.get(c.variant()))) {
                if (!append.contains(flag)) {
                    append.add(flag);
                }
            }
            append.addAll(c.variant().flags());
            one.jvmArgsAppend(append.toArray(String[]::new));
        }
        OutputFormat console = OutputFormatFactory.createFormatInstance(new PrintStream(log, true, StandardCharsets.UTF_8),
                VerboseMode.NORMAL);
        Collection<RunResult> results = new Runner(one.build(), console).run();
        List<BenchmarkResult> forks = new ArrayList<>();
        for (RunResult result : results) {
            forks.addAll(result.getBenchmarkResults());
        }
        return forks;
    }

    /** The results of every case that has a fork, merged per case, in JMH's order. */
    private Collection<RunResult> merged(Map<Case, List<BenchmarkResult>> forks) {
        List<RunResult> merged = new ArrayList<>();
        forks.forEach((c, results) -> merged.add(new RunResult(mergedParams(c, results), results)));
        merged.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return merged;
    }

    /** The first fork's parameters, with the count of forks merged and the variant among the parameters. */
    private static BenchmarkParams mergedParams(Case c, List<BenchmarkResult> results) {
        BenchmarkParams p = results.get(0).getParams();
        WorkloadParams workload = new WorkloadParams();
        int index = 0;
        for (Map.Entry<String, String> param : c.recordedParams().entrySet()) {
            workload.put(param.getKey(), param.getValue(), index++);
        }
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), p.getThreadGroupLabels(), results.size(), p.getWarmupForks(), p.getWarmup(),
                p.getMeasurement(), p.getMode(), workload, p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(),
                p.getJvmArgs(), p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }

    private void writeJson(Map<Case, List<BenchmarkResult>> forks) {
        folder.writeText(JmhJson.FILE_NAME, JmhJsonRecorder.format(merged(forks), ResultFormatType.JSON));
    }

    private void writeLog(List<List<String>> order, Map<String, List<Integer>> forkRounds, List<String> failures) {
        Map<String, String> described = new LinkedHashMap<>();
        variants.forEach(v -> described.put(v.name(), v.describe()));
        folder.writeJson(RoundLog.FILE_NAME, new RoundLog(seed, rounds, described, order, forkRounds, failures, notes));
    }

    private static Path scratchFile() {
        try {
            return Files.createTempFile("wirebench-fork", ".json");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file: " + e.getMessage(), e);
        }
    }

    /** What JMH said went wrong: the first line of an exception in its output, or its last line. */
    private static String lastError(ByteArrayOutputStream log) {
        List<String> lines = log.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        for (String line : lines) {
            if (line.contains("Exception") || line.contains("Error:") || line.contains("ERROR")) {
                return line.trim();
            }
        }
        return lines.isEmpty() ? "no result and no output" : lines.get(lines.size() - 1).trim();
    }

    private static String score(BenchmarkResult result) {
        return String.format(Locale.ROOT, "%.4g %s", result.getPrimaryResult().getScore(),
                result.getPrimaryResult().getScoreUnit());
    }

    private static String minutes(Duration d) {
        long seconds = d.toSeconds();
        return seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }
}
