package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.report.HistorySite;
import dev.wirebench.harness.results.ResultsFile;

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
final class HistoryCommand {

    static final String USAGE = """
            Usage: java -jar benchmarks.jar history <folder of run folders>... [--out site]
              <folder>   searched at any depth for run folders of any suite (results.json, or jmh.json);
                         several folders (results/ and the nightly's runs) make one site
              --out DIR  where the site goes (default site/): index.html with a trend chart per case and metric,
                         and a page per run with its summary.md and charts; open index.html, no server needed
            A run that cannot be read is skipped with one line naming it. Exit status: 0 built, 1 bad options,
            2 no run could be read.""";

    private HistoryCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<Path> roots = new ArrayList<>();
        Path site = Path.of("site");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                out.println(USAGE);
                return 0;
            } else if (arg.equals("--out")) {
                if (i + 1 == args.length) {
                    return usage(err, "--out needs a directory");
                }
                site = Path.of(args[++i]);
            } else if (arg.startsWith("-")) {
                return usage(err, "unknown option " + arg);
            } else {
                roots.add(Path.of(arg));
            }
        }
        if (roots.isEmpty()) {
            return usage(err, "which folder of runs? e.g. history results --out site");
        }
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                err.println("wirebench history: " + root + " is not a folder");
                return 2;
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
            return 2;
        }
        int series;
        try {
            series = HistorySite.write(runs, site);
        } catch (UncheckedIOException e) {
            err.println("wirebench history: " + e.getMessage());
            return 1;
        }
        out.printf(Locale.ROOT, "%d runs (%d skipped), %d series: %s (%.1f s)%n", runs.size(), skipped, series,
                site.resolve("index.html"), (System.nanoTime() - started) / 1e9);
        return 0;
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

    private static int usage(PrintStream err, String problem) {
        err.println("wirebench history: " + problem);
        err.println(USAGE);
        return 1;
    }
}
