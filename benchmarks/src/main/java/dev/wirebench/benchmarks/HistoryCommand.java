package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.report.HistorySite;
import dev.wirebench.harness.results.ResultsFile;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code history <folder of run folders>... --out <site>}: the static trend site of every run folder found under
 * the folders, at any depth (a run folder holds results.json, or jmh.json for a JMH run from before it).
 * A folder whose results cannot be read is skipped with one line naming it; the rest is built.
 */
public final class HistoryCommand extends AbstractSubcommand {

    public HistoryCommand() {
        super("history", "a static trend site of many run folders: a chart per case and metric, its interval as a band, "
                + "markers where compare found a change", "<folder of run folders>...", """
                Each <folder> is searched at any depth for run folders of any suite (results.json, or jmh.json); several
                folders (results/ and the nightly's runs) make one site. A run that cannot be read is skipped with one
                line naming it; exit 2 when none could be read.""");
    }


    private OptionSpec<String> outSpec;

    @Override
    public void declare(OptionParser parser) {
        outSpec = parser.accepts("out", "where the site goes: index.html with a trend chart per case and metric, and a "
                + "page per run with its summary.md and charts; open index.html, no server needed")
                .withRequiredArg().describedAs("DIR").defaultsTo("site");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        List<Path> roots = options.nonOptionArguments().stream().map(o -> Path.of(o.toString())).toList();
        Path site = Path.of(options.valueOf(outSpec));
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("which folder of runs? e.g. history results --out site");
        }
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                err.println("wirebench history: " + root + " is not a folder");
                return ExitStatus.UNREADABLE;
            }
        }
        long started = System.nanoTime();
        List<HistorySite.Run> runs = new ArrayList<>();
        int skipped = 0;
        for (Path root : roots) {
            for (Path folder : runFolders(root)) {
                // a run's id names its page: its path under its folder, under that folder's name when there are several
                String id = root.relativize(folder).toString().replace('\\', '/');
                if (roots.size() > 1) {
                    id = root.toAbsolutePath().normalize().getFileName() + "/" + id;
                }
                try {
                    runs.add(new HistorySite.Run(id, folder, Runs.read(folder)));
                } catch (ResultsException | UncheckedIOException e) {
                    err.println("wirebench history: skipped " + folder + ": " + e.getMessage());
                    skipped++;
                }
            }
        }
        if (runs.isEmpty()) {
            err.println("wirebench history: no run folder under " + String.join(", ", roots.stream().map(Path::toString)
                    .toList()) + " could be read");
            return ExitStatus.UNREADABLE;
        }
        int series;
        try {
            series = HistorySite.write(runs, site);
        } catch (UncheckedIOException e) {
            err.println("wirebench history: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        out.printf(Locale.ROOT, "%d runs (%d skipped), %d series: %s (%.1f s)%n", runs.size(), skipped, series,
                site.resolve("index.html"), (System.nanoTime() - started) / 1e9);
        return ExitStatus.DONE;
    }

    /** Every folder under {@code root} that holds results.json or jmh.json, in path order; not searched below one. */
    static List<Path> runFolders(Path root) {
        List<Path> found = new ArrayList<>();
        collect(root, found);
        return found;
    }

    private static void collect(Path dir, List<Path> found) {
        if (ResultsFile.isIn(dir) || Files.isRegularFile(dir.resolve(JmhJson.FILE_NAME))) {
            found.add(dir);
            return;
        }
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.filter(Files::isDirectory).sorted().toList()) {
                collect(child, found);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
