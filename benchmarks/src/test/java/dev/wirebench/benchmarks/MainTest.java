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
        assertEquals(1, run("CodecBenchmark.traverse", "-p", "codec=sbe/order", "--results-dir", file.toString()));
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
    void printsTheSizesTableOfEveryCodec() {
        assertEquals(0, run("sizes"));
        assertTrue(out().contains("market-data (bytes)"), out());
        assertTrue(out().contains("infra-execution (bytes)"), out());
        assertTrue(out().contains("|  reference |  +deflate |      empty"), out());
        assertTrue(out().matches("(?s).*\\nsbe\\s+\\|\\s+\\d+ \\|\\s+\\d+ \\|.*"), out());
        assertTrue(out().matches("(?s).*\\nprotobuf\\s+\\|.*"), out());
        assertEquals(1, run("sizes", "nope/*"));
    }

    /** A real JMH run, in this JVM (-f 0) to stay quick, writing JMH's own JSON. */
    @Test
    void runsTheSelectedBenchmarkAndWritesJmhJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        Path results = dir.resolve("results");
        int status = run("CodecBenchmark.traverse", "-p", "case=sbe/market-data", "-p", "buffer=heap",
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
        assertTrue(Files.readString(folder.resolve("env.json")).contains("\"org.openjdk.jmh:jmh-core\""));
        assertTrue(out().contains("Results: " + folder + "/"), out());
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
