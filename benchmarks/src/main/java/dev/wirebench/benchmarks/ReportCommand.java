package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.results.ResultsFile;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

/**
 * {@code report <run-folder|jmh.json>}: rebuilds summary.md and the charts from JMH's JSON, the same
 * way the end of a run builds them. A run folder (or the jmh.json in one) is rebuilt in place; any
 * other JMH JSON file is copied, untouched, into a new run folder first, so nothing beside it is overwritten.
 */
public final class ReportCommand extends AbstractSubcommand {

    private final Codecs given;
    private OptionSpec<String> resultsDir;

    public ReportCommand() {
        this(null);
    }

    ReportCommand(Codecs codecs) {
        super("report", "rebuilds summary.md, results.json and the charts of a JMH run folder, or of any JMH JSON "
                + "file", "<run-folder | jmh.json>", """
                A run folder (or its jmh.json) gets its summary.md and charts rebuilt in place; any other JMH JSON file
                (-rf json, an older run) is copied into a new run folder under --results-dir and reported there.""");
        this.given = codecs;
    }

    /** Runs {@code report} with {@code codecs} as the registry (for the sizes a run did not record). */
    static int run(String[] args, Codecs codecs, PrintStream out, PrintStream err) {
        return Cli.run(new ReportCommand(codecs), args, out, err).code();
    }

    @Override
    public void declare(OptionParser parser) {
        resultsDir = CommonOptions.resultsDir(parser, "where a loose JMH JSON file's new run folder goes");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        List<?> inputs = options.nonOptionArguments();
        if (inputs.size() != 1) {
            throw new IllegalArgumentException("one run folder or JMH JSON file to report, got " + inputs.size());
        }
        Path resultsDir = CommonOptions.resultsDir(options, this.resultsDir);
        Codecs codecs = given != null ? given : CodecSelection.load();
        Path input = Path.of(inputs.get(0).toString());
        try {
            if (Files.isDirectory(input) && !Files.exists(input.resolve(JmhJson.FILE_NAME)) && ResultsFile.isIn(input)) {
                err.println("wirebench report: " + input + " is a " + ResultsFile.read(input).suite() + " run: its run wrote "
                        + "summary.md from its results.json; report rebuilds JMH run folders");
                return ExitStatus.UNREADABLE;
            }
            JmhJson.read(input); // a missing or foreign file fails here, before anything is written
            RunFolder folder = folderFor(input, resultsDir);
            RunReport.Written written = RunReport.write(folder, codecs);
            out.println("Wrote " + written.summary() + " and " + written.charts().size() + " charts");
            return ExitStatus.DONE;
        } catch (ResultsException e) {
            err.println("wirebench report: " + e.getMessage());
            return ExitStatus.UNREADABLE;
        } catch (UncheckedIOException e) {
            err.println("wirebench report: " + e.getMessage());
            return ExitStatus.FAILED;
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
}
