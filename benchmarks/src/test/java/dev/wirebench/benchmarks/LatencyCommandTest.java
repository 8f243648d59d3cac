package dev.wirebench.benchmarks;

import dev.wirebench.benchmarks.LatencyCommand.Options;
import dev.wirebench.codec.Codecs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyCommandTest {

    private static final Codecs CODECS = Codecs.load();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void readsTimesWithTheirUnits() {
        assertEquals(Duration.ofMillis(500), Options.duration("--warmup", "500ms"));
        assertEquals(Duration.ofSeconds(5), Options.duration("--warmup", "5s"));
        assertEquals(Duration.ofSeconds(2), Options.duration("--warmup", "2"));
        assertEquals(Duration.ofMinutes(1), Options.duration("--warmup", "1m"));
        assertEquals(Duration.ofNanos(250_000), Options.duration("--warmup", "250us"));
        assertEquals(Duration.ofMillis(1500), Options.duration("--warmup", "1.5s"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Options.duration("--warmup", "5 parsecs"));
        assertEquals("--warmup takes a time such as 500ms, 5s or 1m, not '5 parsecs'", bad.getMessage());
    }

    @Test
    void quickShortensOnlyWhatWasNotSaid() {
        Options defaults = Options.parse(new String[0]);
        assertEquals(Duration.ofSeconds(5), defaults.warmup());
        assertEquals(Duration.ofSeconds(10), defaults.duration());
        assertEquals(List.of("encode", "decode", "traverse"), defaults.ops());
        Options quick = Options.parse(new String[] {"--quick", "--warmup", "2s"});
        assertEquals(Duration.ofSeconds(2), quick.warmup());
        assertEquals(Duration.ofSeconds(1), quick.duration());
    }

    @Test
    void refusesWhatItCannotDo() {
        assertEquals("--duration and --count both say how long to measure; give one", assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {"--duration", "1s", "--count", "10"})).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--ops", "encode,fly"}))
                .getMessage().startsWith("--ops: no operation 'fly'; known: encode, decode, traverse, roundTrip"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--count", "0"}));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--count"}));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--frobnicate"}));
    }

    @Test
    void anUnknownCodecOrBadFlagIsExitOneAndLeavesNoRunFolder(@TempDir Path dir) {
        Path results = dir.resolve("results");
        assertEquals(1, latency("-p", "codec=nope/*", "--results-dir", results.toString()));
        assertTrue(err().contains("no codec matches 'nope/*'"), err());
        assertEquals(1, latency("--duration", "soon", "--results-dir", results.toString()));
        assertFalse(Files.exists(results));
    }

    /** A real run, short: two codecs, two operations, a fixed number of calls. */
    @Test
    void writesHgrmFilesTablesAndPlotsIntoARunFolder(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        int status = latency("-p", "codec=raw/order,sbe/order", "--ops", "encode,traverse", "--warmup", "50ms",
                "--count", "5000", "--results-dir", results.toString());
        assertEquals(0, status, err());
        Path folder;
        try (var folders = Files.list(results)) {
            folder = folders.findFirst().orElseThrow();
        }
        for (String hgrm : List.of("clock", "raw-order-encode", "raw-order-traverse", "sbe-order-encode", "sbe-order-traverse")) {
            String text = Files.readString(folder.resolve(hgrm + ".hgrm"));
            assertTrue(Pattern.compile("Total count\\s*=\\s*5000]").matcher(text).find(),
                    hgrm + ": every timed call recorded\n" + text.lines().reduce((a, b) -> b).orElse(""));
        }
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(Pattern.compile("## Clock\n\n\\| Operation \\| Count .*\n.*\n\\| clock \\| 5000 \\|").matcher(summary).find(),
                summary);
        for (String op : List.of("encode", "traverse")) {
            int at = summary.indexOf("\n### order · " + op + "\n", summary.indexOf("\n## Time per call\n"));
            assertTrue(at > 0, summary);
            String section = summary.substring(at, summary.indexOf("\n#", at + 1));
            // both formats, each with its 5000 calls
            Matcher rows = Pattern.compile("^\\| (raw|sbe) \\| 5000 \\|", Pattern.MULTILINE).matcher(section);
            int found = 0;
            while (rows.find()) {
                found++;
            }
            assertEquals(2, found, section);
            assertNotNull(ImageIO.read(folder.resolve("latency-order-" + op + ".png").toFile()), "a PNG plot");
            assertTrue(summary.contains("](latency-order-" + op + ".png)"), summary);
        }
        assertTrue(out().contains("[1/5] clock"), out());
        assertTrue(out().contains("[5/5] sbe/order"), out());
        assertTrue(Files.isRegularFile(folder.resolve("env.json")));
        // results.json: per case its percentiles in ns, and the whole histogram of every timed call
        var model = dev.wirebench.harness.results.ResultsFile.read(folder);
        assertEquals("latency", model.suite());
        var p99 = model.measures().stream().filter(m -> m.caseLabel().equals("format=sbe message=order operation=encode")
                && m.metric().equals("time p99")).findFirst().orElseThrow(() -> new AssertionError(model.measures()));
        assertEquals("ns", p99.unit());
        var sbeEncode = model.histograms().stream().filter(h -> h.dims().equals(p99.dims())).findFirst().orElseThrow();
        assertEquals(5000, sbeEncode.histogram().getTotalCount());
        assertEquals(sbeEncode.histogram().getValueAtPercentile(99), p99.samples().get(0), 0.0);
    }

    private int latency(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "latency";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.run(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
