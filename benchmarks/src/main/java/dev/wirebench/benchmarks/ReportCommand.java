package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.results.ResultsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report <run-folder|jmh.json>}: rebuilds summary.md and the charts from JMH's JSON, the same
 * way the end of a run builds them. A run folder (or the jmh.json in one) is rebuilt in place; any
 * other JMH JSON file is copied, untouched, into a new run folder first, so nothing beside it is overwritten.
 */
final class ReportCommand {

    static final int UNREADABLE = 2;
    static final String USAGE = """
            Usage: java -jar benchmarks.jar report <run-folder | jmh.json> [--results-dir DIR]
              a run folder (or its jmh.json) gets its summary.md and charts rebuilt in place;
              any other JMH JSON file (-rf json, an older run) is copied into a new run folder under
              --results-dir (default results/) and reported there.
            Exit status: 0 written, 2 the file is missing or not JMH's JSON, 1 bad options.""";

    private ReportCommand() {
    }

    static int run(String[] args, Codecs codecs, PrintStream out, PrintStream err) {
        List<String> inputs = new ArrayList<>();
        Path resultsDir = LaunchArgs.DEFAULT_RESULTS_DIR;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-h") || args[i].equals("--help")) {
                out.println(USAGE);
                return 0;
            } else if (args[i].equals(LaunchArgs.RESULTS_DIR)) {
                if (i + 1 == args.length) {
                    return usage(err, LaunchArgs.RESULTS_DIR + " needs a directory");
                }
                resultsDir = Path.of(args[++i]);
            } else if (args[i].startsWith("-")) {
                return usage(err, "unknown option " + args[i]);
            } else {
                inputs.add(args[i]);
            }
        }
        if (inputs.size() != 1) {
            return usage(err, "one run folder or JMH JSON file to report, got " + inputs.size());
        }
        Path input = Path.of(inputs.get(0));
        try {
            if (Files.isDirectory(input) && !Files.exists(input.resolve(JmhJson.FILE_NAME)) && ResultsFile.isIn(input)) {
                err.println("wirebench report: " + input + " is a " + ResultsFile.read(input).suite() + " run: its run wrote "
                        + "summary.md from its results.json; report rebuilds JMH run folders");
                return UNREADABLE;
            }
            JmhJson.read(input); // a missing or foreign file fails here, before anything is written
            RunFolder folder = folderFor(input, resultsDir);
            RunReport.Written written = RunReport.write(folder, codecs);
            out.println("Wrote " + written.summary() + " and " + written.charts().size() + " charts");
            return 0;
        } catch (ResultsException e) {
            err.println("wirebench report: " + e.getMessage());
            return UNREADABLE;
        } catch (UncheckedIOException e) {
            err.println("wirebench report: " + e.getMessage());
            return 1;
        }
    }

    /** The run folder the input belongs to, or a new one holding a copy of it. */
    static RunFolder folderFor(Path input, Path resultsDir) {
        if (Files.isDirectory(input)) {
            return RunFolder.open(input);
        }
        Path parent = input.toAbsolutePath().getParent();
        if (input.getFileName().toString().equals(JmhJson.FILE_NAME) && Files.isRegularFile(parent.resolve(Main.ENV_FILE))) {
            return RunFolder.open(parent);
        }
        RunFolder folder = RunFolder.create(resultsDir, LocalDateTime.now(), RunFolder.localHost());
        try {
            folder.writeBytes(JmhJson.FILE_NAME, Files.readAllBytes(input));
        } catch (IOException e) {
            throw new ResultsException(input + " cannot be read: " + e.getMessage(), e);
        }
        return folder;
    }

    private static int usage(PrintStream err, String problem) {
        err.println("wirebench report: " + problem);
        err.println(USAGE);
        return 1;
    }
}
