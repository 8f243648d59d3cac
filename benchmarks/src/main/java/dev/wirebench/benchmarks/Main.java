package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.Environment;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.RunFolder;
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
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Collection;
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
    static final String ENV_FILE = "env.json";

    static final String USAGE = """
            wirebench: which wire format should I use, and what does it cost?

            Usage: java -jar benchmarks.jar [regex] [JMH options] [wirebench options]
                   java -jar benchmarks.jar sizes [codec globs]
                   java -jar benchmarks.jar dump <format>/<message> [--sample N] [--hex] [--out FILE]
                   java -jar benchmarks.jar compare <base> <new> [--threshold 5%]

            wirebench options (all JMH options work as in JMH's own Main; yours win over these defaults):
              --quick      1 fork, 2 x 500 ms warm-up, 3 x 500 ms measurement, heap buffers only
                           (add -p buffer=heap,direct for both)
              --no-prof    do not add the default profilers (gc for B/op, stack for where time goes)
              --results-dir DIR  where the run folder goes (default results/): DIR/<yyyyMMdd-HHmmss>-<host>/
                           holds jmh.json (JMH's JSON, rewritten as each benchmark ends) and env.json
              -p codec=G   codecs to measure, exact names or globs, comma-separated: sbe/*,*/order
                           (default: every codec on the class path; -p case=... means the same)

            Subcommands:
              sizes        encoded size in bytes of every fixture per codec, and after DEFLATE
              dump         the encoded bytes of one fixture, to check with the format's own tools
              compare      two JMH JSON results benchmark by benchmark: faster, slower or no change
                           (a change counts when the error intervals do not overlap and it exceeds 5%)

            Exit status: 0 done, 1 bad options or a failed run; compare: 3 when a benchmark got slower,
            2 when a result file is missing or not JMH's JSON.
            """;

    private Main() {
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("compare")) {
            return CompareCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (args.length > 0 && (args[0].equals("sizes") || args[0].equals("dump"))) {
            String[] rest = Arrays.copyOfRange(args, 1, args.length);
            try {
                Codecs codecs = Codecs.load();
                return args[0].equals("sizes") ? SizesCommand.run(rest, codecs, out, err)
                        : DumpCommand.run(rest, codecs, out, err);
            } catch (IllegalStateException badProvider) {
                err.println("wirebench: " + badProvider.getMessage());
                return 1;
            }
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
        RunFolder folder;
        try {
            folder = RunFolder.create(launch.resultsDir(), LocalDateTime.now(), RunFolder.localHost());
            folder.writeJson(ENV_FILE, Environment.capture(Path.of("")));
        } catch (UncheckedIOException e) {
            err.println("wirebench: " + e.getMessage() + " (choose another with " + LaunchArgs.RESULTS_DIR + " DIR)");
            return 1;
        }
        out.println("Results go to " + folder + "/: " + JmhJson.FILE_NAME + " (rewritten as each benchmark ends), "
                + ENV_FILE);
        Collection<RunResult> results;
        try {
            OutputFormat console = OutputFormatFactory.createFormatInstance(System.out,
                    options.verbosity().orElse(VerboseMode.NORMAL));
            results = new Runner(options, new JmhJsonRecorder(console, folder)).run();
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
        out.println("Results: " + folder + "/");
        return 0;
    }
}
