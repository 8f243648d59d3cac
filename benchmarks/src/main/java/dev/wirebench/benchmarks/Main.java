package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.Subcommand;
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
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The entry point of benchmarks.jar. {@code java -jar benchmarks.jar [regex] [JMH options]} behaves
 * as JMH's own Main, with wirebench's defaults under the user's options: every registered codec as
 * {@code -p codec}, the gc and stack profilers, the JVM flags the forks need on this JDK. A first word that
 * names a {@link Subcommand} on the class path ({@code compare}, {@code fix}, {@code pg}...) runs that instead;
 * each module registers its own, so this class names none.
 */
public final class Main {

    /** The environment fingerprint in every run folder. */
    static final String ENV_FILE = RunFolder.ENV_FILE;

    static final String USAGE = """
            wirebench: which wire format should I use, and what does it cost?

            Usage: java -jar benchmarks.jar [regex] [JMH options] [wirebench options]   a JMH run
                   java -jar benchmarks.jar <subcommand> [options]                      (<subcommand> -h for its own)

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
                           CPU, OS, commit, library versions), sizes.json, and at the end summary.md,
                           results.json and PNG charts
              -p codec=G   codecs to measure, exact names or globs, comma-separated: sbe/*,*/order
                           (default: every codec on the class path; -p case=... means the same)

            Subcommands:
            {subcommands}

            {exit}
            """.replace("{presets}", Preset.describeAll().stripTrailing());

    private Main() {
    }

    /** The overview: the JMH run's options, every subcommand on the class path, the exit statuses. */
    static String usage() {
        return USAGE.replace("{subcommands}", Cli.overview(Cli.load()).stripTrailing())
                .replace("{exit}", ExitStatus.explained());
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** A subcommand when the first word names one ({@link Cli#load}: every module registers its own), else a JMH run. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Optional<Subcommand> command = args.length > 0 ? Cli.find(args[0]) : Optional.empty();
        if (command.isPresent()) {
            return Cli.run(command.get(), Arrays.copyOfRange(args, 1, args.length), out, err).code();
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
            out.println(usage());
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
            out.println(JmhOptions.NATIVE_PARAM + " values from the registry: "
                    + String.join(", ", JmhOptions.withNativeModel(codecs, codecs.names())));
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
        Options options = JmhOptions.build(cmd, launch, codecs, JvmFlags.forRunningJdk(), err);
        RoundRunner rounds = null;
        if (launch.rounds() > 0) {
            rounds = RoundRunner.plan(cmd, options, launch, err);
            if (rounds == null) {
                return 1;
            }
        }
        RunFolder folder = RunFolder.startOrSay(launch.resultsDir(), "", err);
        if (folder == null) {
            return 1;
        }
        try {
            // only a run of the codec suite has codecs to size (PduCodecBenchmark, FixCodecBenchmark have none)
            if (options.getParameter(JmhOptions.CODEC_PARAM).hasValue()) {
                RunReport.recordSizes(folder, codecs, List.copyOf(options.getParameter(JmhOptions.CODEC_PARAM).get()));
            }
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
