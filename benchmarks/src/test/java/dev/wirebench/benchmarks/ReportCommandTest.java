package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.harness.cli.ExitStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code report} on a real run: {@code src/test/resources/quick-run} is a {@code --quick} run of this
 * machine (its jmh.json cut to the order and user messages, and without raw data, to stay small) with its env.json.
 */
class ReportCommandTest {

    private static final Codecs CODECS = Codecs.load();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static Path fixture(String name) {
        try {
            return Path.of(ReportCommandTest.class.getResource("/quick-run/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path copyOfTheRun(Path dir) throws IOException {
        Path run = Files.createDirectories(dir.resolve("20261122-015305-vm"));
        Files.copy(fixture("jmh.json"), run.resolve("jmh.json"));
        Files.copy(fixture("env.json"), run.resolve("env.json"));
        return run;
    }

    @Test
    void rebuildsTheSummaryAndChartsOfARunFolder(@TempDir Path dir) throws Exception {
        Path run = copyOfTheRun(dir);
        assertEquals(0, report(run.toString()), err());
        String summary = Files.readString(run.resolve("summary.md"));
        assertTrue(summary.startsWith("# JMH benchmarks\n\n- Machine: Intel(R) Xeon(R) Processor, 2 cores"), summary);
        assertTrue(summary.contains("- Settings: JMH 1.37: 1 fork, 1 thread, warm-up 2 × 500 ms, measurement 3 × 500 ms"), summary);
        assertTrue(summary.contains("## CodecBenchmark: every case\n\nPer case: the median of its forks"), summary);
        assertTrue(summary.contains("| Message | Operation | Buffer | Format | Time ns/op | Forks | Alloc B/op | Size B | × raw | Rank |"),
                summary);
        assertTrue(summary.contains("- One fork per case: no interval and no ranking can be drawn from one fork"), summary);
        assertTrue(summary.contains("## Formats by message\n\nPer operation: the median time of the forks;"), summary);
        assertTrue(summary.contains("### order · heap\n\n| Format | Size B | encode ns/op | × raw [95% CI] | rank |"), summary);
        // the run's results, sizes among them, beside the summary drawn from them
        dev.wirebench.harness.results.RunResults results = dev.wirebench.harness.results.ResultsFile.read(run);
        assertTrue(results.measures().stream().anyMatch(m -> m.metric().equals("size")
                && m.dims().equals(java.util.Map.of("format", "sbe", "message", "order"))), "sizes are measures");
        for (String chart : List.of("codec-order-heap.png", "codec-user-heap.png", "alloc-order-heap.png",
                "alloc-user-heap.png", "sizes.png")) {
            BufferedImage image = ImageIO.read(run.resolve(chart).toFile());
            assertNotNull(image, chart + " is a PNG");
            assertTrue(summary.contains("](" + chart + ")"), "summary.md shows " + chart);
        }
        // the run folder's own files are untouched
        assertEquals(Files.readString(fixture("jmh.json")), Files.readString(run.resolve("jmh.json")));
        assertTrue(out().contains("Wrote " + run.resolve("summary.md") + " and 5 charts"), out());
    }

    @Test
    void ranksEachMessageAndOperationAgainstRaw(@TempDir Path dir) throws Exception {
        Path run = copyOfTheRun(dir);
        assertEquals(0, report(run.toString()), err());
        List<String[]> group = rows(Files.readString(run.resolve("summary.md")), "encode", "order");
        assertEquals(9, group.size(), "one row per format");
        double previous = 0;
        boolean sawRaw = false;
        for (String[] cells : group) {
            double score = Double.parseDouble(cells[5]);
            assertTrue(score >= previous, "best first: " + score + " after " + previous);
            previous = score;
            assertEquals("1", cells[6], "one fork");
            assertEquals("–", cells[10], "one fork ranks against nothing");
            if (cells[4].equals("raw")) {
                sawRaw = true;
                assertEquals("1.00", cells[9]);
            }
        }
        assertTrue(sawRaw);
        // the size column is the encoded reference message of this build (the run recorded none)
        String[] sbe = group.stream().filter(c -> c[4].equals("sbe")).findFirst().orElseThrow();
        assertEquals(String.valueOf(SizesCommand.referenceSizes(CODECS, List.of("sbe/order")).get("sbe/order")), sbe[8]);
    }

    @Test
    void anotherSuiteRanksItsComparedParameterWithinEveryOtherParametersValues() {
        java.util.function.BiFunction<String, String, dev.wirebench.harness.JmhResult> pdu = (library, name) ->
                new dev.wirebench.harness.JmhResult("dev.wirebench.smpp.jmh.PduCodecBenchmark.decode", "thrpt",
                        new java.util.TreeMap<>(java.util.Map.of("library", library, "pdu", name)),
                        new dev.wirebench.harness.Metric(1, 0, "ops/us", List.of(1.0, 1.1)), java.util.Map.of());
        var measures = dev.wirebench.harness.results.JmhMeasures.of(List.of(pdu.apply("jsmpp", "submit_sm"),
                pdu.apply("wirebench", "enquire_link"), pdu.apply("wirebench", "submit_sm")), JmhRun::dims);
        var results = new dev.wirebench.harness.results.RunResults("jmh", JmhRun.TITLE, "2026-11-25T10:00:00",
                java.util.Map.of(), java.util.Map.of(), List.of(), measures, List.of());
        String md = dev.wirebench.harness.report.SummaryMarkdown.markdown(results,
                RunReport.layout(results, List.of(), List.of(), List.of()));
        assertFalse(md.contains("Formats by message"), "no codec case, no headline: " + md);
        assertTrue(md.contains("## PduCodecBenchmark\n"), md);
        assertTrue(md.contains("| Operation | Pdu | Library | Throughput ops/us | Forks | Alloc B/op | Rank |\n"), md);
        // the library is ranked within each pdu: the two submit_sm share a place, enquire_link is alone
        assertTrue(md.contains("| decode | submit_sm | jsmpp | 1.050 [1.000, 1.100]* | 2 | – | =1 |\n"
                + "| decode | submit_sm | wirebench | 1.050 [1.000, 1.100]* | 2 | – | =1 |\n"), md);
        assertTrue(md.contains("| decode | enquire_link | wirebench | 1.050 [1.000, 1.100]* | 2 | – | 1 |\n"), md);
    }

    @Test
    void variantsAreSetAgainstTheFirstOnTheirPerRoundCostWithAVerdict() {
        List<dev.wirebench.harness.results.Measure> measures = new ArrayList<>();
        List<Integer> rounds = List.of(1, 2, 3, 4, 5, 6, 7, 8);
        for (String variant : List.of("base", "slow", "same")) {
            for (String format : List.of("raw", "sbe")) {
                double cost = variant.equals("slow") ? 2 : 1;
                List<Double> times = rounds.stream().map(k -> cost * (format.equals("raw") ? 10 : 20) * (1 + (k % 3) / 50.0)
                        * (variant.equals("same") ? 1 + (k % 2 == 0 ? 0.001 : -0.001) : 1)).toList();
                java.util.Map<String, String> dims = new java.util.LinkedHashMap<>();
                dims.put("benchmark", "CodecBenchmark");
                dims.put("format", format);
                dims.put("message", "order");
                dims.put("operation", "encode");
                dims.put("variant", variant);
                measures.add(new dev.wirebench.harness.results.Measure(dims, "time", "ns/op",
                        dev.wirebench.harness.results.Better.LOWER, dev.wirebench.harness.results.Sample.FORK, times, rounds));
            }
        }
        var results = new dev.wirebench.harness.results.RunResults("jmh", JmhRun.TITLE, "2026-11-25T10:00:00",
                java.util.Map.of(), java.util.Map.of(), List.of(), measures, List.of());
        String md = dev.wirebench.harness.report.SummaryMarkdown.markdown(results,
                RunReport.layout(results, List.of(), List.of("base", "slow", "same"), List.of()));
        assertTrue(md.contains("## Variants against base\n\nPer case: each variant's cost over base's"), md);
        assertTrue(md.contains("| CodecBenchmark · raw · order · encode | slow | ns/op | 10.20 | 20.40 | 2.00 | 0.031 | slower |"), md);
        assertTrue(md.contains("| CodecBenchmark · sbe · order · encode | same | ns/op | 20.40 | 20.40 | 1.00 | 1.000 | ~ |"), md);
        // the headline splits by variant as well
        assertTrue(md.contains("### order · slow\n"), md);
    }

    @Test
    void aGuardedFormatIsSetAgainstItsPlainFormatOnTheSameRounds() {
        List<dev.wirebench.harness.results.Measure> measures = new ArrayList<>();
        List<Integer> rounds = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        for (String format : List.of("protobuf-json", "protobuf-json+guarded", "sbe")) {
            double cost = format.endsWith("+guarded") ? 1.25 : 1;
            // every round's drift moves both alike: the guard's 25% comes out exactly
            List<Double> times = rounds.stream().map(k -> cost * 1000 * (1 + k / 10.0)).toList();
            java.util.Map<String, String> dims = new java.util.LinkedHashMap<>();
            dims.put("benchmark", "CodecBenchmark");
            dims.put("format", format);
            dims.put("message", "order");
            dims.put("operation", "decode");
            measures.add(new dev.wirebench.harness.results.Measure(dims, "time", "ns/op",
                    dev.wirebench.harness.results.Better.LOWER, dev.wirebench.harness.results.Sample.FORK, times, rounds));
        }
        var results = new dev.wirebench.harness.results.RunResults("jmh", JmhRun.TITLE, "2026-11-25T10:00:00",
                java.util.Map.of(), java.util.Map.of(), List.of(), measures, List.of());
        String md = dev.wirebench.harness.report.SummaryMarkdown.markdown(results,
                RunReport.layout(results, List.of(), List.of(), List.of()));
        assertTrue(md.contains("## What the guards cost: each +guarded format against its plain format\n"), md);
        assertTrue(md.contains("| CodecBenchmark · protobuf-json · order · decode | +guarded | ns/op | 1550 | 1938 | 1.25 | 0.002 | slower |"),
                md);
        assertFalse(md.contains("| CodecBenchmark · sbe ·"), "a format without a guarded twin has no row: " + md);
        assertFalse(md.contains("## Variants against"), md);
    }

    @Test
    void aNativeModelIsSetBesideTheRecordWithTheMappingsSharePairedByRound() {
        List<dev.wirebench.harness.results.Measure> measures = new ArrayList<>();
        List<Integer> rounds = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        // protobuf's native encode takes 60% of its record encode in every round, however the round drifts; sbe has none
        java.util.Map<List<String>, Double> cost = java.util.Map.of(List.of("protobuf", "encode"), 1.0,
                List.of("protobuf", "encodeNative"), 0.6, List.of("sbe", "encode"), 0.2);
        cost.forEach((key, share) -> {
            java.util.Map<String, String> dims = new java.util.LinkedHashMap<>();
            dims.put("benchmark", "CodecBenchmark");
            dims.put("format", key.get(0));
            dims.put("message", "order");
            dims.put("operation", key.get(1));
            dims.put("buffer", "heap");
            List<Double> times = rounds.stream().map(k -> share * 1000 * (1 + k / 10.0)).toList();
            measures.add(new dev.wirebench.harness.results.Measure(dims, "time", "ns/op",
                    dev.wirebench.harness.results.Better.LOWER, dev.wirebench.harness.results.Sample.FORK, times, rounds));
        });
        var results = new dev.wirebench.harness.results.RunResults("jmh", JmhRun.TITLE, "2026-11-25T10:00:00",
                java.util.Map.of(), java.util.Map.of(), List.of(), measures, List.of());
        String md = dev.wirebench.harness.report.SummaryMarkdown.markdown(results,
                RunReport.layout(results, List.of(), List.of(), List.of()));
        int section = md.indexOf("## What mapping to the records costs\n");
        assertTrue(section > 0, md);
        int next = md.indexOf("\n## ", section + 1);
        String mapping = md.substring(section, next < 0 ? md.length() : next);
        assertTrue(mapping.contains("| protobuf | 1550 | 930 | 40% |"), mapping);
        assertFalse(mapping.contains("| sbe |"), "a format without a native model has no row: " + mapping);
    }

    @Test
    void usesTheSizesTheRunRecorded(@TempDir Path dir) throws Exception {
        Path run = copyOfTheRun(dir);
        Files.writeString(run.resolve(RunReport.SIZES_FILE), "{\"sbe/order\": 12345}");
        assertEquals(0, report(run.resolve("jmh.json").toString()), err());
        String summary = Files.readString(run.resolve("summary.md"));
        String[] sbe = rows(summary, "encode", "order").stream().filter(c -> c[4].equals("sbe")).findFirst().orElseThrow();
        assertEquals("12345", sbe[8]);
        assertTrue(summary.contains("as the run recorded it in sizes.json"), summary);
    }

    /** The Done-when of the results issue: report gives identical tables, whether from the folder or the JSON alone. */
    @Test
    void aJsonFileOnItsOwnGetsANewRunFolderWithTheSameTables(@TempDir Path dir) throws Exception {
        Path run = copyOfTheRun(dir.resolve("a"));
        assertEquals(0, report(run.toString()), err());
        Path loose = Files.copy(fixture("jmh.json"), dir.resolve("result.json"));
        Path results = dir.resolve("results");
        assertEquals(0, report(loose.toString(), "--results-dir", results.toString()), err());
        Path created;
        try (var folders = Files.list(results)) {
            created = folders.findFirst().orElseThrow();
        }
        assertEquals(Files.readString(loose), Files.readString(created.resolve("jmh.json")), "copied untouched");
        assertFalse(Files.exists(dir.resolve("summary.md")), "nothing written beside the loose file");
        String fromFolder = Files.readString(run.resolve("summary.md"));
        String fromJson = Files.readString(created.resolve("summary.md"));
        assertEquals(tables(fromFolder), tables(fromJson));
        assertTrue(fromJson.contains("Environment: not recorded"), fromJson);

        // and twice over the same folder: byte for byte the same file
        assertEquals(0, report(run.toString()), err());
        assertEquals(fromFolder, Files.readString(run.resolve("summary.md")));
    }

    @Test
    void aMissingOrForeignFileIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        assertEquals(ExitStatus.UNREADABLE.code(), report(dir.resolve("nope.json").toString(), "--results-dir", results.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().startsWith("wirebench report: " + dir.resolve("nope.json") + ": no such file"), err());

        err.reset();
        Path foreign = Files.writeString(dir.resolve("package.json"), "{\"name\": \"not jmh\"}");
        assertEquals(ExitStatus.UNREADABLE.code(), report(foreign.toString(), "--results-dir", results.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("is not JMH's JSON"), err());
        assertFalse(Files.exists(results), "no run folder for input that was refused");

        assertEquals(1, report());
        assertEquals(1, report(foreign.toString(), "--frobnicate"));

        err.reset();
        Path fix = Files.createDirectories(dir.resolve("fix-run"));
        dev.wirebench.harness.results.ResultsFile.write(fix, new dev.wirebench.harness.results.RunResults("fix", "FIX ping-pong",
                "2026-11-25T10:00:00", java.util.Map.of(), java.util.Map.of(), List.of(), List.of(), List.of()));
        assertEquals(ExitStatus.UNREADABLE.code(), report(fix.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("fix-run is a fix run: its run wrote summary.md from its results.json"), err());
    }

    /** Rows of the one ranking group of the appendix: message, operation (heap buffers), split into cells. */
    private static List<String[]> rows(String summary, String operation, String message) {
        Pattern row = Pattern.compile("^\\| " + message + " \\| " + operation + " \\| heap \\| .*$", Pattern.MULTILINE);
        List<String[]> rows = new ArrayList<>();
        Matcher m = row.matcher(summary);
        while (m.find()) {
            rows.add(m.group().split("\\s*\\|\\s*"));
        }
        return rows;
    }

    private static String tables(String summary) {
        int start = summary.indexOf("## CodecBenchmark");
        int end = summary.indexOf("## Charts");
        assertTrue(start > 0 && end > start, summary);
        return summary.substring(start, end);
    }

    private int report(String... args) {
        return ReportCommand.run(args, CODECS, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
