package dev.wirebench.benchmarks;

import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    /**
     * Three fix runs on JDK 17 of which the last has quickfixj's p50 doubled, one on JDK 25, a JMH run folder from
     * before results.json, a run folder whose results.json is broken, and a compare folder that is no run at all.
     */
    static Path runs(Path root) throws Exception {
        for (int day = 1; day <= 3; day++) {
            fix(root.resolve("nightly/2026110" + day + "-020000-ci"), "2026-11-0" + day + "T02:00:00", "17.0.15",
                    day == 3 ? 2 : 1);
        }
        fix(root.resolve("nightly/20261103-030000-ci"), "2026-11-03T03:00:00", "25.0.1", 1);
        Path jmh = Files.createDirectories(root.resolve("older/20261122-023421-vm"));
        Files.copy(Path.of(HistoryCommandTest.class.getResource("/quick-run/jmh.json").toURI()), jmh.resolve("jmh.json"));
        Files.writeString(Files.createDirectories(root.resolve("broken/20261104-020000-ci")).resolve("results.json"),
                "{\"schema\": \"wirebench-results\", \"version\": 1}");
        Files.writeString(Files.createDirectories(root.resolve("older/20261123-000000-vm")).resolve("compare.out"), "0 worse");
        return root;
    }

    private static void fix(Path folder, String started, String jdk, double slowdown) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("summary.md"), "# FIX ping-pong\n");
        List<Measure> measures = List.of(
                new Measure(Map.of("engine", "raw"), "fill p50", "µs", Better.LOWER, Sample.REPEAT, samples(20)),
                new Measure(Map.of("engine", "quickfixj"), "fill p50", "µs", Better.LOWER, Sample.REPEAT,
                        samples(100 * slowdown)),
                new Measure(Map.of("engine", "quickfixj"), "orders/s", "orders/s", Better.HIGHER, Sample.REPEAT,
                        samples(9000 / slowdown)));
        ResultsFile.write(folder, new RunResults("fix", "FIX ping-pong", started,
                Map.of("jdk", Map.of("version", jdk), "gitCommit", "c0ffee" + started.charAt(9)), Map.of("Load", "closed loop"),
                List.of(), measures, List.of()));
    }

    private static List<Double> samples(double median) {
        return IntStream.range(0, 8).mapToObj(i -> median * (0.98 + i * 0.005)).toList();
    }

    @Test
    void buildsTheSiteOfEveryReadableRunAndNamesTheOneItSkipped() throws Exception {
        Path site = dir.resolve("site");
        assertEquals(0, run("history", runs(dir.resolve("results")).toString(), "--out", site.toString()), err());
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().startsWith("wirebench history: skipped ") && err().contains("broken"), err());
        assertTrue(out().startsWith("5 runs (1 skipped), "), out());
        String data = Files.readString(site.resolve("data.js"));
        assertTrue(data.startsWith("window.HISTORY = {"), data);
        // the JDK 17 line: the third run is worse than the second in quickfixj's p50 and orders/s, and in nothing else
        assertTrue(data.contains("\"worse\":2"), data);
        for (String asset : List.of("index.html", "history.js", "history.css")) {
            assertTrue(Files.size(site.resolve(asset)) > 0, asset);
        }
        Path page = site.resolve("runs/nightly_20261103-020000-ci/index.html");
        String html = Files.readString(page);
        assertTrue(html.contains("2 worse") && html.contains("href=\"summary.md\""), html);
        assertTrue(Files.isRegularFile(page.resolveSibling("summary.md")));
    }

    @Test
    void severalFoldersOfRunsMakeOneSiteEachRunPagedUnderItsFoldersName() throws Exception {
        Path published = runs(dir.resolve("results"));
        Path nightly = dir.resolve("nightly-runs");
        fix(nightly.resolve("fix/jdk17/20261105-020000-ci"), "2026-11-05T02:00:00", "17.0.15", 1);
        Path site = dir.resolve("site");
        assertEquals(0, run("history", published.toString(), nightly.toString(), "--out", site.toString()), err());
        assertTrue(out().startsWith("6 runs (1 skipped), "), out());
        assertTrue(Files.isRegularFile(site.resolve("runs/nightly-runs_fix_jdk17_20261105-020000-ci/index.html")));
        assertTrue(Files.isRegularFile(site.resolve("runs/results_nightly_20261101-020000-ci/index.html")));
        // the fifth JDK 17 run is better than the doubled fourth, so the line's newest run has 2 better
        assertTrue(Files.readString(site.resolve("data.js")).contains("\"better\":2"));
    }

    @Test
    void aFolderWithNoRunOrABadOptionIsOneLine() throws Exception {
        assertEquals(2, run("history", Files.createDirectories(dir.resolve("empty")).toString(), "--out", dir.resolve("s").toString()));
        assertTrue(err().contains("no run folder under"), err());
        assertEquals(1, run("history", dir.toString(), "--frobnicate"));
        assertTrue(err().contains("unknown option --frobnicate"), err());
        assertEquals(2, run("history", dir.resolve("nope").toString()));
        assertTrue(err().contains("nope is not a folder"), err());
    }

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
