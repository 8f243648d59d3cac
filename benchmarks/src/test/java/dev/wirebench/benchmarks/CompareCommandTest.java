package dev.wirebench.benchmarks;

import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import dev.wirebench.harness.cli.ExitStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareCommandTest {

    private static final String RAW_TRAVERSE = "benchmark=CodecBenchmark format=raw message=order operation=traverse buffer=heap";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    @Test
    void aRunAgainstItselfIsNoChangeAndExitsZero() throws Exception {
        Path base = json("base.json", 80.0);
        assertEquals(0, run("compare", base.toString(), base.toString()), err());
        // the allocation of these files is one value, not one per fork: it can be estimated but not judged
        assertTrue(out().contains("0 worse, 0 better, 3 ~, 3 inconclusive; 0 only in base, 0 only in new."), out());
    }

    @Test
    void oneForkARunIsInconclusiveAndSaysSoPlainly() throws Exception {
        Path base = Files.writeString(dir.resolve("one.json"), "[" + entry("traverse", "raw/order", 80.0, 5.0, 1) + "]");
        Path slower = Files.writeString(dir.resolve("one-slower.json"), "[" + entry("traverse", "raw/order", 240.0, 5.0, 1) + "]");
        assertEquals(0, run("compare", base.toString(), slower.toString()), err());
        String row = out().lines().filter(l -> l.startsWith(RAW_TRAVERSE))
                .findFirst().orElseThrow(() -> new AssertionError(out()));
        assertTrue(row.contains("+200.0%") && row.endsWith("inconclusive"), row);
        assertTrue(out().contains("0 worse, 0 better, 0 ~, 2 inconclusive"), out());
        assertTrue(out().contains("2 measures have one sample in a run: a single sample cannot show a change, however large; "
                + "run 5 or more"), out());
    }

    @Test
    void aBenchmarkMadeHalfAgainAsSlowIsAReportedRegressionWithExitThree() throws Exception {
        Path base = json("base.json", 80.0);
        Path slower = json("slower.json", 120.0);
        assertEquals(ExitStatus.WORSE.code(), run("compare", base.toString(), slower.toString(), "--threshold", "5%"));
        String row = out().lines().filter(l -> l.startsWith(RAW_TRAVERSE))
                .findFirst().orElseThrow(() -> new AssertionError(out()));
        assertTrue(row.contains("time") && row.contains("+50.0%") && row.endsWith("worse"), row);
        assertTrue(out().contains("1 worse, 0 better, 2 ~, 3 inconclusive"), out());
    }

    @Test
    void aRunFolderStandsForItsJmhJson() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("run"));
        Files.move(json("x.json", 80.0), folder.resolve("jmh.json"));
        assertEquals(0, run("compare", folder.toString(), folder.toString()), err());
        assertTrue(!out().contains("did not run alike"), out());
    }

    @Test
    void saysWhenTheTwoRunsRanOnDifferentMachines() throws Exception {
        Path a = Files.createDirectory(dir.resolve("a"));
        Path b = Files.createDirectory(dir.resolve("b"));
        Files.move(json("x.json", 80.0), a.resolve("jmh.json"));
        Files.copy(a.resolve("jmh.json"), b.resolve("jmh.json"));
        Files.writeString(a.resolve("env.json"), "{\"jdk\":{\"version\":\"17.0.15\"},\"cpu\":{\"cores\":2}}");
        Files.writeString(b.resolve("env.json"), "{\"jdk\":{\"version\":\"25.0.1\"},\"cpu\":{\"cores\":2}}");
        assertEquals(0, run("compare", a.toString(), b.resolve("jmh.json").toString()), err());
        assertTrue(out().contains("The runs did not run alike (env.json), so a change may be the machine's, not the code's:\n"
                + "  JDK version: 17.0.15 → 25.0.1\n"), out());
    }

    @Test
    void aMissingOrForeignFileIsOneClearLineAndExitTwo() throws Exception {
        Path base = json("base.json", 80.0);
        assertEquals(ExitStatus.UNREADABLE.code(), run("compare", base.toString(), dir.resolve("nope.json").toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("nope.json: no such file"), err());
        err.reset();
        Path text = Files.writeString(dir.resolve("table.txt"), "Benchmark  Mode  Cnt  Score  Error  Units\n");
        assertEquals(ExitStatus.UNREADABLE.code(), run("compare", text.toString(), base.toString()));
        assertTrue(err().contains("table.txt is not JSON"), err());
        assertEquals(0, out.size(), "no table for unreadable input");
    }

    @Test
    void comparesTheResultsFilesOfAnySuiteAndRefusesTwoDifferentSuitesInOneLine() throws Exception {
        Path fast = results("fast", "fix", 10);
        Path slow = results("slow", "fix", 20);
        assertEquals(0, run("compare", fast.toString(), fast.toString()), err());
        assertTrue(out().contains("0 worse, 0 better, 1 ~, 0 inconclusive"), out());
        out.reset();
        assertEquals(ExitStatus.WORSE.code(), run("compare", fast.toString(), slow.toString()), err());
        String row = out().lines().filter(l -> l.startsWith("engine=raw")).findFirst().orElseThrow(() -> new AssertionError(out()));
        assertTrue(row.contains("fill p50") && row.contains("+100.0% [") && row.endsWith("worse"), row);
        out.reset();
        err.reset();
        Path smpp = results("smpp", "smpp", 10);
        assertEquals(ExitStatus.UNREADABLE.code(), run("compare", fast.toString(), smpp.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("is a fix run and ") && err().contains("a smpp run; only runs of one suite compare"), err());
        assertEquals(0, out.size(), "no table for runs of two suites");
    }

    @Test
    void aJmhFolderFromBeforeResultsJsonComparesWithOneThatHasIt() throws Exception {
        Path old = Files.createDirectory(dir.resolve("old"));
        Files.move(json("x.json", 80.0), old.resolve("jmh.json"));
        Path next = Files.createDirectory(dir.resolve("next"));
        Files.copy(old.resolve("jmh.json"), next.resolve("jmh.json"));
        ResultsFile.write(next, JmhRun.of(next, java.util.Map.of()));
        assertEquals(0, run("compare", old.toString(), next.toString()), err());
        assertTrue(out().contains("0 worse, 0 better, 3 ~, 3 inconclusive; 0 only in base, 0 only in new."), out());
    }

    /** A run folder of {@code suite} whose one measure, raw's fill p50, has six repeats about {@code p50}. */
    private Path results(String name, String suite, double p50) throws Exception {
        Path folder = Files.createDirectory(dir.resolve(name));
        java.util.List<Double> samples = java.util.stream.IntStream.range(0, 6).mapToObj(i -> p50 * (1 + i / 100.0)).toList();
        ResultsFile.write(folder, new RunResults(suite, suite, "2026-11-25T10:00:00", java.util.Map.of(), java.util.Map.of(),
                java.util.List.of(), java.util.List.of(new Measure(java.util.Map.of("engine", "raw"), "fill p50", "µs",
                Better.LOWER, Sample.REPEAT, samples)), java.util.List.of()));
        return folder;
    }

    @Test
    void refusesBadOptions() throws Exception {
        Path base = json("base.json", 80.0);
        assertEquals(1, run("compare", base.toString()));
        assertEquals(1, run("compare", base.toString(), base.toString(), "--threshold", "five"));
        assertEquals(1, run("compare", base.toString(), base.toString(), "--threshold", "-5%"));
        assertEquals(1, run("compare", base.toString(), base.toString(), "--frobnicate"));
        assertTrue(err().contains("unknown option --frobnicate"), err());
    }

    /** A JMH JSON file of three benchmarks of eight forks each; the raw/order traverse scores about {@code traverse}. */
    private Path json(String name, double traverse) throws Exception {
        String entries = String.join(",",
                entry("encode", "sbe/order", 92.0, 34.3, 8),
                entry("traverse", "sbe/order", 79.0, 18.9, 8),
                entry("traverse", "raw/order", traverse, 5.0, 8));
        return Files.writeString(dir.resolve(name), "[" + entries + "]");
    }

    /** One benchmark whose forks spread ±4% around {@code score}, as JMH writes them (a row of iterations per fork). */
    private static String entry(String method, String codec, double score, double error, int forks) {
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double fork = score * (0.96 + 0.08 * f / Math.max(1, forks - 1));
            rows.add(String.format(Locale.ROOT, "[%f, %f, %f]", fork, fork * 1.01, fork * 0.99));
        }
        return String.format(Locale.ROOT, """
                {"jmhVersion": "1.37", "benchmark": "dev.wirebench.benchmarks.CodecBenchmark.%s", "mode": "avgt",
                 "params": {"buffer": "heap", "codec": "%s"},
                 "primaryMetric": {"score": %f, "scoreError": %f, "scoreUnit": "ns/op", "rawData": [%s]},
                 "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 0.01, "scoreError": 0.001, "scoreUnit": "B/op"}}}""",
                method, codec, score, error, String.join(", ", rows));
    }

    /** Through Main, as a user runs it, with the run folder it leaves kept in the test's directory. */
    private int run(String... args) {
        String[] withResults = java.util.Arrays.copyOf(args, args.length + 2);
        withResults[args.length] = LaunchArgs.RESULTS_DIR;
        withResults[args.length + 1] = dir.resolve("results").toString();
        return Main.run(withResults, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
