package dev.wirebench.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void refusesAnUnknownCodecNamingTheKnownOnes() {
        assertEquals(1, run("CodecBenchmark", "-p", "codec=nope/user"));
        assertTrue(err().contains("no codec matches 'nope/user'; known codecs: "), err());
        assertTrue(err().contains("sbe/market-data"), err());
    }

    @Test
    void refusesAResultsDirThatCannotBeCreated(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "not a folder");
        assertEquals(1, run("\\.CodecBenchmark\\.traverse$", "-p", "codec=sbe/order", "--results-dir", file.toString()));
        assertTrue(err().contains("cannot create a run folder under " + file), err());
        assertEquals(1, run("--results-dir"));
        assertTrue(err().contains("--results-dir needs a directory"), err());
    }

    @Test
    void refusesABadFlagWithJmhsMessage() {
        assertEquals(1, run("--frobnicate"));
        assertTrue(err().startsWith("Error parsing command line:"), err());
    }

    @Test
    void printsItsOwnUsageBeforeJmhsHelp() {
        assertEquals(0, run("-h"));
        assertTrue(out().contains("--quick"), out());
    }

    @Test
    void printsTheSizesTableOfEveryCodecAndKeepsItInARunFolder(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        assertEquals(0, run("sizes", "--results-dir", results.toString()));
        Path folder = onlyFolder(results);
        assertEquals(out(), Files.readString(folder.resolve("sizes.out")), "the run folder keeps what was printed");
        assertTrue(Files.readString(folder.resolve("env.json")).contains("\"cores\""));
        assertTrue(err().contains("Run folder: " + folder + "/"), err());
        assertTrue(out().contains("market-data (bytes)"), out());
        assertTrue(out().contains("infra-execution (bytes)"), out());
        assertTrue(out().contains("|  reference |  +deflate |      empty"), out());
        assertTrue(out().matches("(?s).*\\nsbe\\s+\\|\\s+\\d+ \\|\\s+\\d+ \\|.*"), out());
        assertTrue(out().matches("(?s).*\\nprotobuf\\s+\\|.*"), out());
        assertEquals(1, run("sizes", "-p", "codec=nope/*", "--results-dir", results.toString()));
        assertTrue(err().contains("wirebench sizes: no codec matches 'nope/*'"), err());
        assertEquals(folder, onlyFolder(results), "a refused command leaves no run folder");
        assertEquals(1, run("sizes", "-p", "buffer=heap", "--results-dir", results.toString()));
        assertTrue(err().contains("wirebench sizes: -p takes codec=GLOBS (e.g. -p codec=sbe/*), not 'buffer=heap'"), err());
        assertEquals(folder, onlyFolder(results));
    }

    @Test
    void picksCodecsAsAJmhRunDoesCaseMeaningCodec(@TempDir Path dir) {
        assertEquals(0, run("sizes", "-p", "case=sbe/order", "--results-dir", dir.toString()));
        assertTrue(out().matches("(?s).*\\nsbe\\s+\\|.*"), out());
        assertTrue(!out().matches("(?s).*\\nprotobuf\\s+\\|.*"), "only the codec asked for: " + out());
    }

    @Test
    void compareKeepsItsVerdictInARunFolderAndHelpLeavesNone(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        Path base = Path.of(MainTest.class.getResource("/quick-run/jmh.json").toURI());
        assertEquals(0, run("compare", "--help", "--results-dir", results.toString()));
        assertTrue(Files.notExists(results), "help writes nothing");
        assertEquals(0, run("compare", base.toString(), base.toString(), "--results-dir", results.toString()));
        Path folder = onlyFolder(results);
        assertTrue(Files.readString(folder.resolve("compare.out")).contains("0 worse, 0 better, 0 ~, 144 inconclusive"),
                Files.readString(folder.resolve("compare.out")));
    }

    private static Path onlyFolder(Path results) throws java.io.IOException {
        try (var folders = Files.list(results)) {
            java.util.List<Path> all = folders.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /** A real JMH run, in this JVM (-f 0) to stay quick, writing JMH's own JSON. */
    @Test
    void runsTheSelectedBenchmarkAndWritesJmhJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        Path results = dir.resolve("results");
        int status = run("\\.CodecBenchmark\\.traverse$", "-p", "case=sbe/market-data", "-p", "buffer=heap",
                "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "--no-prof", "-rf", "json", "-rff", json.toString(),
                "--results-dir", results.toString());
        assertEquals(0, status, err());
        String result = Files.readString(json);
        assertTrue(result.contains("\"benchmark\" : \"dev.wirebench.benchmarks.CodecBenchmark.traverse\""), result);
        assertTrue(result.contains("\"codec\" : \"sbe/market-data\""), result);
        assertTrue(out().matches("(?s).*Encoded size of each measured codec's reference message:\\s+sbe/market-data\\s+\\d+ B\\s+Results: .*"),
                "the size line of the one codec that ran, and no other: " + out());

        // the run folder: JMH's own JSON (the same as the one JMH wrote where -rff said) and the environment
        Path folder;
        try (var folders = Files.list(results)) {
            folder = folders.collect(java.util.stream.Collectors.toList()).get(0);
        }
        assertTrue(folder.getFileName().toString().matches("\\d{8}-\\d{6}-.+"), folder.toString());
        assertEquals(result, Files.readString(folder.resolve("jmh.json")));
        String env = Files.readString(folder.resolve("env.json"));
        assertTrue(env.contains("\"org.openjdk.jmh:jmh-core\""), env);
        // agrona's jar has no pom.properties: its version comes from the build's dependency list
        assertTrue(env.contains("\"org.agrona:agrona\""), env);
        assertTrue(out().contains("Results: " + folder + "/"), out());
        assertTrue(Files.readString(folder.resolve("sizes.json")).contains("\"sbe/market-data\""));

        // the summary the run wrote, and the same again from report
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("| market-data | traverse | heap | sbe | "), summary);
        assertTrue(Files.isRegularFile(folder.resolve("codec-market-data-heap.png")));
        Files.delete(folder.resolve("summary.md"));
        assertEquals(0, run("report", folder.toString()), err());
        assertEquals(summary, Files.readString(folder.resolve("summary.md")));
    }

    /**
     * Two rounds of two cases, in this JVM (-f 0) to stay quick: jmh.json is still JMH's JSON, one entry per
     * case with a row of raw data per round, and rounds.json says which round each row came from.
     */
    @Test
    void runsEveryCaseOncePerRoundAndMergesTheForksPerCase(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        Path csv = dir.resolve("mine.csv");
        int status = run("\\.CodecBenchmark\\.traverse$", "-p", "codec=sbe/order,raw/order", "-p", "buffer=heap",
                "--rounds", "2", "--seed", "7", "-f", "0", "-wi", "0", "-i", "2", "-r", "50ms", "--no-prof",
                "-rf", "csv", "-rff", csv.toString(), "--results-dir", results.toString());
        assertEquals(0, status, err() + out());
        assertTrue(out().contains("2 cases x 2 rounds (in this JVM: -f 0) = 4 forks, each round in its own shuffled order (seed 7)"), out());
        assertTrue(out().contains("[round 2/2, fork 4/4, "), out());
        Path folder = onlyFolder(results);
        com.fasterxml.jackson.databind.JsonNode jmh = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(folder.resolve("jmh.json").toFile());
        assertEquals(2, jmh.size());
        for (com.fasterxml.jackson.databind.JsonNode result : jmh) {
            assertEquals(2, result.path("forks").asInt(), result.toString());
            assertEquals(2, result.path("primaryMetric").path("rawData").size(), "a row per round");
            assertEquals(2, result.path("primaryMetric").path("rawData").get(0).size(), "two iterations a fork");
        }
        dev.wirebench.harness.RoundLog log = dev.wirebench.harness.RoundLog.read(folder);
        assertEquals(7, log.seed());
        assertEquals(2, log.order().size());
        assertEquals(java.util.Set.of("CodecBenchmark.traverse buffer=heap codec=raw/order avgt",
                "CodecBenchmark.traverse buffer=heap codec=sbe/order avgt"), new java.util.HashSet<>(log.order().get(0)));
        assertEquals(java.util.List.of(1, 2), log.roundsOf("CodecBenchmark.traverse buffer=heap codec=sbe/order avgt"));
        assertTrue(log.failures().isEmpty());
        String mine = Files.readString(csv);
        assertEquals(3, mine.lines().count(), "the user's own -rff holds the merged results, written once: " + mine);
    }

    @Test
    void aForkThatFailsIsNamedAndKeptInTheRoundLogWhileTheOthersRun(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        int status = run("\\.CodecBenchmark\\.traverse$", "-p", "codec=raw/order", "-p", "buffer=heap,bogus", "--rounds", "2",
                "-f", "0", "-wi", "0", "-i", "1", "-r", "50ms", "--no-prof", "--results-dir", results.toString());
        assertEquals(1, status, "a run with a failed fork is not a success");
        assertTrue(out().contains("buffer=bogus codec=raw/order avgt: FAILED: "), out());
        assertTrue(err().contains("2 forks gave no result (listed in "), err());
        Path folder = onlyFolder(results);
        dev.wirebench.harness.RoundLog log = dev.wirebench.harness.RoundLog.read(folder);
        assertEquals(2, log.failures().size(), log.failures().toString());
        assertTrue(log.failures().get(0).contains("buffer must be heap or direct, was 'bogus'"), log.failures().toString());
        assertEquals(java.util.List.of(1, 2), log.roundsOf("CodecBenchmark.traverse buffer=heap codec=raw/order avgt"));
        assertTrue(Files.readString(folder.resolve("summary.md")).contains("| order | traverse | heap | raw | "));
    }

    @Test
    void aVariantWhoseJvmCannotStartIsOneLineAndTheOthersRun(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        int status = run("\\.CodecBenchmark\\.traverse$", "-p", "codec=raw/order", "-p", "buffer=heap", "--rounds", "1",
                "--variant", "bad=-XX:+NoSuchOption", "--variant", "nojvm=/nonexistent/java", "--variant", "base=",
                "-wi", "0", "-i", "1", "-r", "50ms", "--no-prof", "--results-dir", results.toString());
        assertEquals(0, status, err() + out());
        assertTrue(err().contains("wirebench: variant bad: its JVM did not start ("), err());
        assertTrue(err().contains("-XX:+NoSuchOption -version: Unrecognized VM option 'NoSuchOption'"), err());
        assertTrue(err().contains("wirebench: variant nojvm: its JVM did not start (/nonexistent/java"), err());
        assertEquals(2, err().lines().count(), "one line a variant: " + err());
        Path folder = onlyFolder(results);
        String json = Files.readString(folder.resolve("jmh.json"));
        assertTrue(json.contains("\"variant\" : \"base\""), json);
        assertTrue(!json.contains("\"bad\""), json);
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("| Message | Operation | Buffer | Variant | Format |"), "the variant is a column: " + summary);
    }

    private int run(String... args) {
        PrintStream stdout = System.out;
        // JMH's runner prints its progress to System.out; keep it out of the test log but readable here
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            return Main.run(args, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
        }
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
