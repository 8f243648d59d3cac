package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.report.Layout;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.Repeats;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.HdrHistogram.Histogram;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code latency}: the distribution of single-operation times per codec and operation, where JMH
 * gives averages, timed by {@link SingleCallTimer}: the clock first, because it is the floor under every
 * other row (a 20 ns operation cannot be told apart from a 25 ns clock), then every codec and operation;
 * results.json, summary.md, an .hgrm per case and a percentile plot per message and operation.
 *
 * <p>One thread, the codec's reference sample, heap buffers.
 */
final class LatencyCommand {

    static final List<String> OPERATIONS = List.of("encode", "decode", "traverse", "roundTrip");
    static final String CLOCK = "clock";

    /** What to measure and for how long. {@code count} > 0 replaces {@code duration}. */
    record Options(String cases, List<String> ops, Duration warmup, Duration duration, long count, Path resultsDir) {

        /** Parses the options after {@code latency}. @throws IllegalArgumentException with a one-line reason */
        static Options parse(String[] args) {
            Command command = new Command();
            return command.options(Cli.parse(command, args));
        }

        /** The options as given; a null warm-up or duration takes the default ({@code quick}: the shorter one). */
        static Options of(String cases, String ops, String warmup, String duration, String count, boolean quick,
                          Path resultsDir) {
            if (duration != null && count != null) {
                throw new IllegalArgumentException("--duration and --count both say how long to measure; give one");
            }
            Duration w = warmup != null ? duration("--warmup", warmup) : quick ? Duration.ofMillis(500) : Duration.ofSeconds(5);
            Duration d = duration != null ? duration("--duration", duration) : quick ? Duration.ofSeconds(1) : Duration.ofSeconds(10);
            return new Options(cases, ops(ops), w, d, count == null ? 0 : count(count), resultsDir);
        }

        private static List<String> ops(String value) {
            List<String> ops = new ArrayList<>();
            for (String op : value.split(",")) {
                String trimmed = op.trim();
                if (!OPERATIONS.contains(trimmed)) {
                    throw new IllegalArgumentException("--ops: no operation '" + trimmed + "'; known: " + String.join(", ", OPERATIONS));
                }
                if (!ops.contains(trimmed)) {
                    ops.add(trimmed);
                }
            }
            return List.copyOf(ops);
        }

        static Duration duration(String flag, String value) {
            return Durations.parse(flag, value);
        }

        private static long count(String value) {
            try {
                long count = Long.parseLong(value);
                if (count > 0) {
                    return count;
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new IllegalArgumentException("--count takes a positive whole number, not '" + value + "'");
        }

        String describe() {
            return "warm-up " + human(warmup) + ", then " + (count > 0 ? count + " timed calls" : human(duration) + " of timed calls")
                    + " per codec and operation; one thread, heap buffers, the reference sample";
        }

        private static String human(Duration d) {
            return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
        }
    }

    /** The command line of {@code latency}; each invocation measures with a fresh {@link LatencyCommand}. */
    public static final class Command extends AbstractSubcommand {

        private final Codecs given;
        private OptionSpec<String> codecSpec;
        private OptionSpec<String> opsSpec;
        private OptionSpec<String> warmupSpec;
        private OptionSpec<String> durationSpec;
        private OptionSpec<String> countSpec;
        private OptionSpec<Void> quickSpec;
        private OptionSpec<String> resultsDir;

        public Command() {
            this(null);
        }

        Command(Codecs codecs) {
            super("latency", "percentiles of single calls per codec and operation (HdrHistogram), the clock's own floor "
                    + "first", "", """
                    The run folder gets summary.md (percentile tables, ns), results.json, one .hgrm per codec and operation
                    (HdrHistogram's format, for its plotter), and one percentile plot (PNG) per message and operation.""");
            this.given = codecs;
        }

        @Override
        public void declare(OptionParser parser) {
            codecSpec = CodecSelection.declare(parser);
            opsSpec = parser.accepts("ops", "operations: encode, decode, traverse, roundTrip").withRequiredArg()
                    .describedAs("O,...").defaultsTo("encode,decode,traverse");
            warmupSpec = parser.accepts("warmup", "untimed calls first, per codec and operation (units ns, us, ms, s, m; "
                    + "default 5s)").withRequiredArg().describedAs("T");
            durationSpec = parser.accepts("duration", "timed calls per codec and operation (default 10s)").withRequiredArg()
                    .describedAs("T");
            countSpec = parser.accepts("count", "exactly N timed calls per codec and operation, instead of --duration")
                    .withRequiredArg().describedAs("N");
            quickSpec = parser.accepts("quick", "--warmup 500ms --duration 1s (your own --warmup/--duration/--count win)");
            resultsDir = CommonOptions.resultsDir(parser, "where the run folder goes");
        }

        @Override
        public ExitStatus run(OptionSet set, PrintStream out, PrintStream err) {
            if (!set.nonOptionArguments().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument '" + set.nonOptionArguments().get(0)
                        + "' (choose codecs with -p codec=GLOBS)");
            }
            Options options = options(set);
            Codecs codecs = given != null ? given : CodecSelection.load();
            return LatencyCommand.run(options, CodecSelection.select(set, codecSpec, codecs), codecs, out, err);
        }

        /** The parsed options, checked; the codecs are chosen against the registry when the run starts. */
        Options options(OptionSet set) {
            return Options.of(String.join(",", set.valuesOf(codecSpec)), set.valueOf(opsSpec), set.valueOf(warmupSpec),
                    set.valueOf(durationSpec), set.valueOf(countSpec), set.has(quickSpec),
                    CommonOptions.resultsDir(set, resultsDir));
        }
    }

    private LatencyCommand() {
    }

    private static ExitStatus run(Options options, List<String> names, Codecs codecs, PrintStream out, PrintStream err) {
        // every fixture is built and checked before anything is timed
        List<CodecFixture> fixtures = new ArrayList<>();
        try {
            for (String name : names) {
                fixtures.add(CodecFixture.of(codecs.create(name), "heap"));
            }
        } catch (IllegalStateException e) {
            err.println("wirebench latency: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "latency", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        out.println("Latency of " + fixtures.size() + " codecs x " + String.join(", ", options.ops()) + ": "
                + options.describe() + ". Results go to " + folder + "/");
        try {
            measure(fixtures, options, folder, out);
        } catch (UncheckedIOException e) {
            err.println("wirebench latency: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        return ExitStatus.DONE;
    }

    private static void measure(List<CodecFixture> fixtures, Options options, RunFolder folder, PrintStream out) {
        SingleCallTimer timer = new SingleCallTimer(options.warmup(), options.duration(), options.count());
        int total = fixtures.size() * options.ops().size() + 1;
        int done = 0;
        Histogram clock = timer.clock();
        Hgrm.write(folder, CLOCK + ".hgrm", clock, TimeUnit.NANOSECONDS);
        progress(out, ++done, total, CLOCK, "", clock);

        // message -> operation -> format -> histogram, in the order measured
        Map<String, Map<String, Map<String, Histogram>>> byMessage = new LinkedHashMap<>();
        for (CodecFixture fixture : fixtures) {
            for (String op : options.ops()) {
                Histogram h = timer.time(fixture, op);
                String format = fixture.codec().format();
                String message = fixture.codec().messageType().id();
                Hgrm.write(folder, format + "-" + message + "-" + op + ".hgrm", h, TimeUnit.NANOSECONDS);
                byMessage.computeIfAbsent(message, m -> new LinkedHashMap<>())
                        .computeIfAbsent(op, o -> new LinkedHashMap<>()).put(format, h);
                progress(out, ++done, total, fixture.name(), op, h);
            }
        }
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        Repeats.latency(Map.of("operation", CLOCK), "time", List.of(clock), true, measures, histograms);
        List<Layout.Figure> figures = new ArrayList<>();
        byMessage.forEach((message, byOp) -> byOp.forEach((op, byFormat) -> {
            List<PercentileLine> lines = new ArrayList<>();
            lines.add(new PercentileLine(CLOCK, clock, true));
            // fastest p50 first, in the table and the plot's legend
            byFormat.entrySet().stream()
                    .sorted(Comparator.comparingLong(e -> e.getValue().getValueAtPercentile(50)))
                    .forEach(e -> {
                        Map<String, String> dims = new LinkedHashMap<>();
                        dims.put("format", e.getKey());
                        dims.put("message", message);
                        dims.put("operation", op);
                        Repeats.latency(dims, "time", List.of(e.getValue()), true, measures, histograms);
                        lines.add(new PercentileLine(e.getKey(), e.getValue(), false));
                    });
            String title = message + " · " + op;
            String chart = "latency-" + message + "-" + op + ".png";
            Charts.writePng(new PercentilePlot(title + ": time per call by percentile", lines, TimeUnit.NANOSECONDS),
                    folder.resolve(chart));
            figures.add(new Layout.Figure(title, chart));
        }));
        Repeats.unpaired(measures, 0); // one recording a case, one case at a time
        RunResults results = RunResults.of(folder.path(), "latency", "Latency of single calls",
                Map.of("Settings", options.describe()), List.of(), measures, histograms);
        Layout layout = new Layout(List.of(
                "The clock row is back-to-back System.nanoTime(): the floor under every other row.",
                "Times in ns; each row also as <format>-<message>-<operation>.hgrm for HdrHistogram's plotter.",
                "One recording per case in this JVM: a single sample, so compare estimates a change but cannot judge it."),
                List.of(percentiles("Clock", Map.of("operation", CLOCK), List.of("operation")),
                        percentiles("Time per call", Map.of(), List.of("format")).splitBy("message", "operation")),
                figures);
        ResultsFile.write(folder.path(), results);
        folder.writeText(RunReport.SUMMARY_FILE, SummaryMarkdown.markdown(results, layout));
        out.print(SummaryMarkdown.text(results, layout));
        out.println("Results: " + folder + "/ (" + RunReport.SUMMARY_FILE + ", results.json, .hgrm per codec and operation, "
                + "PNG per message and operation)");
    }

    /** A table of single-call times in ns: count, min, mean, the percentiles, max. */
    private static Layout.Section percentiles(String title, Map<String, String> where, List<String> rows) {
        List<Layout.Column> columns = new ArrayList<>();
        columns.add(Layout.Column.histogram("Count", "time", "count", 1));
        columns.add(Layout.Column.histogram("Min", "time", "min", 1));
        columns.add(Layout.Column.histogram("Mean", "time", "mean", 1));
        for (double p : Repeats.PERCENTILES) {
            columns.add(Layout.Column.estimate(Repeats.percentileName(p), "time " + Repeats.percentileName(p)));
        }
        columns.add(Layout.Column.histogram("Max", "time", "max", 1));
        return Layout.Section.of(title, where, rows, columns);
    }

    private static void progress(PrintStream out, int done, int total, String name, String op, Histogram h) {
        out.printf(Locale.ROOT, "[%d/%d] %-32s %-9s %,12d calls  p50 %,9d  p99 %,9d  p99.9 %,10d  max %,11d ns%n", done, total,
                name, op, h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue());
    }
}
