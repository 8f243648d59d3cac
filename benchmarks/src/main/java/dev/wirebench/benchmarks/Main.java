package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.results.ResultsFile;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The entry point of benchmarks.jar. {@code java -jar benchmarks.jar [regex] [JMH options]} behaves
 * as JMH's own Main, with wirebench's defaults under the user's options: every registered codec as
 * {@code -p codec}, the gc and stack profilers, the JVM flags the forks need on this JDK. Subcommands
 * sit beside it ({@code sizes}, {@code dump}, {@code compare}).
 */
public final class Main {

    /** The environment fingerprint in every run folder. */
    static final String ENV_FILE = RunFolder.ENV_FILE;

    static final String USAGE = """
            wirebench: which wire format should I use, and what does it cost?

            Usage: java -jar benchmarks.jar [regex] [JMH options] [wirebench options]
                   java -jar benchmarks.jar sizes [codec globs]
                   java -jar benchmarks.jar dump <format>/<message> [--sample N] [--hex] [--out FILE]
                   java -jar benchmarks.jar compare <base> <new> [--threshold 5%]
                   java -jar benchmarks.jar report <run-folder | jmh.json>
                   java -jar benchmarks.jar history <folder of run folders> [--out site]
                   java -jar benchmarks.jar serve [--port 8080] [--bind 127.0.0.1] [--results-dir DIR]
                   java -jar benchmarks.jar latency [--cases G] [--ops O] [--warmup T] [--duration T | --count N] [--quick]
                   java -jar benchmarks.jar fix [--engines E] [--repeats N] [--duration T] [--warmup T] [--rate N | --sweep] [--quick]
                   java -jar benchmarks.jar fix analyse <history file> [--warmup T] [--tag 35=D] [--samples N]
                   java -jar benchmarks.jar pg [--rows 1000,10000] [--batch 100] [--quick] [--jdbc-url URL --user U]
                   java -jar benchmarks.jar smpp [--window-sweep 1,8,64,512] [--sessions 4] [--repeats N] [--duration T] [--quick]

            wirebench options (all JMH options work as in JMH's own Main; yours win over these defaults):
              --rounds R   interleaved rounds: each round runs every selected case (method x parameters x
                           variant) as one fork (or -f forks), in an order shuffled afresh each round, so all
                           cases share the machine's noise; jmh.json holds a row per fork, rounds.json the order
              --seed S     the seed of the round orders (default: a fresh one, recorded in rounds.json)
              --variant NAME=[JVM] [FLAGS]  a JVM variant every case also runs in, interleaved in the same
                           rounds (repeat it): jdk25=/usr/lib/jvm/temurin-25-jdk-amd64, zgc=-XX:+UseZGC,
                           base= (this JVM); the variant is a parameter in jmh.json and a column in summary.md
              --preset P   named settings laid under your own options; --quick is --preset quick:
            {presets}
              --no-prof    do not add the default profilers (gc for B/op, stack for where time goes)
              --results-dir DIR  where the run folder goes (default results/): DIR/<yyyyMMdd-HHmmss>-<host>/
                           holds jmh.json (JMH's JSON, rewritten as each benchmark ends), env.json (JDK,
                           CPU, OS, commit, library versions), sizes.json, and at the end summary.md and
                           PNG charts; sizes, dump and compare leave a run folder too (env.json, <command>.out)
              -p codec=G   codecs to measure, exact names or globs, comma-separated: sbe/*,*/order
                           (default: every codec on the class path; -p case=... means the same)

            Subcommands:
              sizes        encoded size in bytes of every fixture per codec, and after DEFLATE
              dump         the encoded bytes of one fixture, to check with the format's own tools
              compare      two runs of one suite (jmh, fix, smpp, pg, latency) measure by measure on their
                           samples (forks, repeats): worse, better, ~ (no significant change) or inconclusive
                           (too few samples); a change counts when a rank test, Holm-corrected, has p < 5% and
                           the change exceeds --threshold (default 5%)
              report       rebuilds summary.md, results.json and the charts from a JMH run folder or JMH JSON
              history      a static trend site of many run folders: a chart per case and metric across runs,
                           its interval as a band, markers where compare found a change (history -h)
              serve        a dashboard and JSON API on this machine: round-trip any codec on its fixtures,
                           the latest run's summary and charts, request latency (serve -h for more)
              latency      percentiles of single calls per codec and operation (HdrHistogram): .hgrm files,
                           tables, percentile plots; the clock's own floor first (latency -h for options)
              fix          FIX engines in a ping-pong (raw TCP, QuickFIX/J default and tuned, Philadelphia):
                           round-trip percentiles per order, closed loop or fixed rate, client and server on
                           one host or two (fix -h for options); fix analyse reads a --history file
              pg           InfrastructureExecution in PostgreSQL as protobuf BYTEA vs protobuf-JSON JSONB: inserts
                           (batch, rewritten batch, binary COPY), reads, (de)serialisation percentiles, sizes, a
                           JSONB query, QPS impact; an embedded PostgreSQL unless --jdbc-url (pg -h for options)
              smpp         SMPP submit_sm against this project's Netty SMSC at rising windows (submit_sm in flight
                           per session): submit_sm/s and send-to-response percentiles per window, a plot; client
                           and SMSC on one host (the SMSC in a JVM of its own) or two (smpp -h for options)

            Exit status: 0 done, 1 bad options or a failed run; compare: 3 when a measure got worse;
            pg: 2 when the database cannot be reached or started, or a row read back does not match;
            compare and report: 2 when a result file is missing or unreadable, or compare's runs are of two suites.
            """.replace("{presets}", Preset.describeAll().stripTrailing());

    /** What {@code report} and every subcommand is called; anything else is a JMH run. */
    private static final List<String> SUBCOMMANDS = List.of("sizes", "dump", "compare", "report", "latency");

    private Main() {
    }

    /**
     * Runs a subcommand. Those that produce results (sizes, dump, compare) leave a run folder like a JMH
     * run does: env.json and what they printed ({@code <command>.out}); {@code report} writes into the
     * folder it reports. Nothing is written for help or for input that was refused.
     */
    private static int subcommand(String command, String[] args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        Path resultsDir = LaunchArgs.DEFAULT_RESULTS_DIR;
        if (!command.equals("report") && !command.equals("latency")) {
            int flag = rest.indexOf(LaunchArgs.RESULTS_DIR);
            if (flag >= 0) {
                if (flag + 1 == rest.size()) {
                    err.println("wirebench " + command + ": " + LaunchArgs.RESULTS_DIR + " needs a directory");
                    return 1;
                }
                resultsDir = Path.of(rest.get(flag + 1));
                rest.subList(flag, flag + 2).clear();
            }
        }
        String[] own = rest.toArray(String[]::new);
        if (command.equals("compare")) {
            return kept(command, own, resultsDir, out, err,
                    tee -> CompareCommand.run(own, tee, err), CompareCommand.REGRESSION);
        }
        Codecs codecs;
        try {
            codecs = Codecs.load();
        } catch (IllegalStateException badProvider) {
            err.println("wirebench: " + badProvider.getMessage());
            return 1;
        }
        return switch (command) {
            case "report" -> ReportCommand.run(own, codecs, out, err);
            case "latency" -> LatencyCommand.run(own, codecs, out, err);
            case "sizes" -> kept(command, own, resultsDir, out, err, tee -> SizesCommand.run(own, codecs, tee, err), 0);
            default -> kept(command, own, resultsDir, out, err, tee -> DumpCommand.run(own, codecs, tee, err), 0);
        };
    }

    /** Runs a subcommand with its standard output also kept, and files it in a run folder when it ran. */
    private static int kept(String command, String[] args, Path resultsDir, PrintStream out, PrintStream err,
                            java.util.function.ToIntFunction<PrintStream> body, int alsoKept) {
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        PrintStream tee = new PrintStream(new TeeOutputStream(out, printed), true);
        int status = body.applyAsInt(tee);
        tee.flush();
        boolean help = Arrays.asList(args).contains("-h") || Arrays.asList(args).contains("--help");
        if ((status == 0 || status == alsoKept) && !help) {
            RunFolder folder = newRunFolder(resultsDir, err);
            if (folder == null) {
                return status == 0 ? 1 : status;
            }
            if (printed.size() > 0) {
                folder.writeBytes(command + ".out", printed.toByteArray());
            }
            err.println("Run folder: " + folder + "/");
        }
        return status;
    }

    /** A new run folder holding env.json, or null after saying on {@code err} why there can be none. */
    static RunFolder newRunFolder(Path resultsDir, PrintStream err) {
        try {
            return RunFolder.start(resultsDir);
        } catch (UncheckedIOException e) {
            err.println("wirebench: " + e.getMessage() + " (choose another with " + LaunchArgs.RESULTS_DIR + " DIR)");
            return null;
        }
    }

    /** Writes to two streams. */
    private static final class TeeOutputStream extends java.io.OutputStream {
        private final java.io.OutputStream first;
        private final java.io.OutputStream second;

        TeeOutputStream(java.io.OutputStream first, java.io.OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            first.flush();
            second.flush();
        }
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String command = args.length > 0 ? args[0] : "";
        if (command.equals("serve")) {
            return ServeCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (command.equals("history")) {
            return HistoryCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (command.equals("fix")) {
            return dev.wirebench.fix.run.FixCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (command.equals("pg")) {
            return dev.wirebench.pg.PgCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (command.equals("smpp")) {
            return dev.wirebench.smpp.run.SmppCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (SUBCOMMANDS.contains(command)) {
            return subcommand(command, Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        LaunchArgs launch;
        try {
            launch = LaunchArgs.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("wirebench: " + e.getMessage());
            return 1;
        }
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(launch.jmhArgs().toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            err.println("Error parsing command line:");
            err.println(" " + e.getMessage());
            err.println("Run with -h for the options.");
            return 1;
        }
        try {
            return runJmh(cmd, launch, out, err);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("wirebench: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("wirebench: could not print the help: " + e.getMessage());
            return 1;
        }
    }

    private static int runJmh(CommandLineOptions cmd, LaunchArgs launch, PrintStream out, PrintStream err)
            throws IOException {
        if (launch.help()) {
            out.println(USAGE);
            out.println("JMH options:");
            cmd.showHelp();
            return 0;
        }
        Codecs codecs = Codecs.load();
        Runner lister = new Runner(cmd);
        if (cmd.shouldList()) {
            lister.list();
            return 0;
        }
        if (cmd.shouldListWithParams()) {
            lister.listWithParams(cmd);
            out.println("codec values from the registry: " + String.join(", ", codecs.names()));
            return 0;
        }
        if (cmd.shouldListProfilers()) {
            cmd.listProfilers();
            return 0;
        }
        if (cmd.shouldListResultFormats()) {
            cmd.listResultFormats();
            return 0;
        }
        Options options = JmhOptions.build(cmd, launch, codecs, JvmFlags.forRunningJdk());
        RoundRunner rounds = null;
        if (launch.rounds() > 0) {
            rounds = RoundRunner.plan(cmd, options, launch, err);
            if (rounds == null) {
                return 1;
            }
        }
        RunFolder folder = newRunFolder(launch.resultsDir(), err);
        if (folder == null) {
            return 1;
        }
        try {
            RunReport.recordSizes(folder, codecs, List.copyOf(options.getParameter(JmhOptions.CODEC_PARAM).get()));
        } catch (UncheckedIOException e) {
            err.println("wirebench: " + e.getMessage());
            return 1;
        }
        out.println("Results go to " + folder + "/: " + JmhJson.FILE_NAME + (rounds != null ? " (rewritten after every fork), " : " (rewritten as each benchmark ends), ")
                + ENV_FILE + ", " + RunReport.SIZES_FILE + "; at the end " + RunReport.SUMMARY_FILE
                + " and charts (if the run is cut short: java -jar benchmarks.jar report " + folder + ")");
        Collection<RunResult> results;
        List<String> failures = List.of();
        try {
            if (rounds != null) {
                RoundRunner.Outcome outcome = rounds.run(folder, out);
                results = outcome.results();
                failures = outcome.failures();
            } else {
                OutputFormat console = OutputFormatFactory.createFormatInstance(System.out,
                        options.verbosity().orElse(VerboseMode.NORMAL));
                results = new Runner(options, new JmhJsonRecorder(console, folder)).run();
            }
        } catch (NoBenchmarksException e) {
            err.println("No matching benchmarks. Miss-spelled regexp? List them with -l.");
            return 1;
        } catch (ProfilersFailedException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                err.println(t.getMessage());
            }
            return 1;
        } catch (RunnerException e) {
            err.print("ERROR: ");
            e.printStackTrace(err);
            summarize(folder, codecs, out, err);
            return 1;
        }
        // sizes of the codecs that were measured, not of every codec that could have been
        Set<String> measured = new TreeSet<>();
        for (RunResult result : results) {
            String codec = result.getParams().getParam(JmhOptions.CODEC_PARAM);
            if (codec != null) {
                measured.add(codec);
            }
        }
        if (!measured.isEmpty()) {
            out.println();
            out.println("Encoded size of each measured codec's reference message:");
            SizesCommand.printReferenceSizes(codecs, measured, out);
        }
        out.println();
        boolean summarized = summarize(folder, codecs, out, err);
        if (!failures.isEmpty()) {
            err.println("wirebench: " + failures.size() + " fork" + (failures.size() == 1 ? "" : "s")
                    + " gave no result (listed in " + folder.resolve(dev.wirebench.harness.RoundLog.FILE_NAME)
                    + "); the summary holds the forks that did");
            return 1;
        }
        return summarized ? 0 : 1;
    }

    /** summary.md and charts from what the run wrote; false (and why, on err) when they cannot be made. */
    private static boolean summarize(RunFolder folder, Codecs codecs, PrintStream out, PrintStream err) {
        if (!Files.isRegularFile(folder.resolve(JmhJson.FILE_NAME))) {
            err.println("wirebench: no benchmark finished, so there is no summary; " + folder + "/ holds " + ENV_FILE);
            return false;
        }
        try {
            RunReport.Written written = RunReport.write(folder, codecs);
            out.println("Results: " + folder + "/ (" + RunReport.SUMMARY_FILE + ", " + written.charts().size()
                    + " charts, " + ResultsFile.FILE_NAME + ", " + JmhJson.FILE_NAME + ", " + ENV_FILE + ")");
            return true;
        } catch (ResultsException | UncheckedIOException e) {
            err.println("wirebench: the summary could not be written: " + e.getMessage());
            err.println("Results: " + folder + "/ (" + JmhJson.FILE_NAME + " is complete)");
            return false;
        }
    }
}
