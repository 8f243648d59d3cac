package dev.wirebench.harness.results;

import dev.wirebench.harness.ResultsException;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsFileTest {

    @TempDir
    Path dir;

    static RunResults sample() {
        Map<String, String> dims = new LinkedHashMap<>();
        dims.put("engine", "raw");
        dims.put("rate", "closed");
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1000L);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("Load", "closed loop, 1 in flight");
        settings.put("Repeats", "3");
        return new RunResults("fix", "FIX ping-pong", "2026-11-25T21:44:21Z", Map.of("gitCommit", "abc"), settings,
                List.of("quickfixj: did not log on"),
                List.of(new Measure(dims, "fill p50", "µs", Better.LOWER, Sample.REPEAT, List.of(12.5, 11.0, 13.0), List.of(1, 2, 3)),
                        Measure.exact(Map.of("format", "sbe"), "size", "B", Better.LOWER, 120)),
                List.of(new RecordedHistogram(dims, "fill", "ns", h)));
    }

    @Test
    void readsBackWhatItWroteSamplesHistogramsAndTheOrderOfDimensionsAndSettings() {
        RunResults written = sample();
        ResultsFile.write(dir, written);
        RunResults read = ResultsFile.read(dir);
        assertEquals(written.suite(), read.suite());
        assertEquals(written.started(), read.started());
        assertEquals(written.measures(), read.measures());
        assertEquals(List.copyOf(written.measures().get(0).dims().keySet()), List.copyOf(read.measures().get(0).dims().keySet()));
        assertEquals(List.copyOf(written.settings().keySet()), List.copyOf(read.settings().keySet()));
        assertEquals(written.failures(), read.failures());
        assertEquals("abc", read.commit());
        Histogram h = read.histograms().get(0).histogram();
        assertEquals(1000, h.getTotalCount());
        assertEquals(written.histograms().get(0).histogram().getValueAtPercentile(99), h.getValueAtPercentile(99));
    }

    @Test
    void writesTheEstimateAndIntervalBesideTheSamplesForReadersThatDoNotComputeThem() throws IOException {
        ResultsFile.write(dir, sample());
        String json = Files.readString(dir.resolve(ResultsFile.FILE_NAME));
        assertTrue(json.contains("\"schema\" : \"wirebench-results\""), json);
        assertTrue(json.contains("\"estimate\" : 12.5"), json);
        assertTrue(json.contains("\"low\" : 11.0") && json.contains("\"high\" : 13.0"), json);
        assertTrue(json.contains("\"better\" : \"lower\"") && json.contains("\"sample\" : \"repeat\""), json);
    }

    @Test
    void refusesAFileOfAnotherKindInOneLineNamingIt() throws IOException {
        Files.writeString(dir.resolve(ResultsFile.FILE_NAME), "[{\"benchmark\": \"x\"}]");
        ResultsException e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().contains("is not a wirebench results file"), e.getMessage());
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    @Test
    void refusesAVersionItDoesNotKnow() throws IOException {
        ResultsFile.write(dir, sample());
        Path file = dir.resolve(ResultsFile.FILE_NAME);
        Files.writeString(file, Files.readString(file).replace("\"version\" : 1", "\"version\" : 2"));
        ResultsException e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().contains("version 2") && e.getMessage().contains("reads version 1"), e.getMessage());
    }

    @Test
    void refusesAMeasureWithoutADirectionOrWithATextSample() throws IOException {
        ResultsFile.write(dir, sample());
        Path file = dir.resolve(ResultsFile.FILE_NAME);
        String json = Files.readString(file);
        Files.writeString(file, json.replace("\"better\" : \"lower\"", "\"better\" : \"up\""));
        ResultsException e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().contains("measure 1: better must be lower or higher, not up"), e.getMessage());
        Files.writeString(file, json.replace("12.5,", "\"fast\","));
        e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().contains("a sample is not a number"), e.getMessage());
    }

    /** A value quoted from the file keeps the refusal on one line (the fuzzer's finding: "better": "low\r"). */
    @Test
    void refusesAValueWithALineBreakOnOneLine() throws IOException {
        ResultsFile.write(dir, sample());
        Path file = dir.resolve(ResultsFile.FILE_NAME);
        Files.writeString(file, Files.readString(file).replace("\"better\" : \"lower\"", "\"better\" : \"low\\r\\nx\""));
        ResultsException e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().endsWith("better must be lower or higher, not low\\r\\nx"), e.getMessage());
    }

    @Test
    void refusesAnythingAfterTheDocument() throws IOException {
        ResultsFile.write(dir, sample());
        Path file = dir.resolve(ResultsFile.FILE_NAME);
        Files.writeString(file, Files.readString(file) + "{}");
        ResultsException e = assertThrows(ResultsException.class, () -> ResultsFile.read(dir));
        assertTrue(e.getMessage().startsWith(file + " is not JSON (Trailing token"), e.getMessage());
    }

    /**
     * A histogram claiming 5 significant digits over a long's range decodes to 46 MiB of counts from 52 characters:
     * refused from its header before anything is allocated for it, as wirebench records with 3.
     */
    @Test
    void refusesAHistogramClaimingMorePrecisionThanWirebenchRecords() {
        Histogram claim = new Histogram(1, Long.MAX_VALUE / 2, 5);
        ByteBuffer buffer = ByteBuffer.allocate(claim.getNeededByteBufferCapacity());
        int n = claim.encodeIntoCompressedByteBuffer(buffer);
        String base64 = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), n));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedHistogram.decode(base64));
        assertEquals("not an encoded HdrHistogram (it claims 5 significant digits; wirebench records at most 3)",
                e.getMessage());
        Histogram three = new Histogram(1, Long.MAX_VALUE / 2, 3);
        three.recordValue(42);
        assertEquals(three, RecordedHistogram.decode(new RecordedHistogram(Map.of(), "h", "ns", three).encoded()));
    }

    @Test
    void refusesBrokenJsonAndAMissingFile() throws IOException {
        assertTrue(assertThrows(ResultsException.class, () -> ResultsFile.read(dir)).getMessage().contains("no such file"));
        Files.writeString(dir.resolve(ResultsFile.FILE_NAME), "{\"schema\": ");
        assertTrue(assertThrows(ResultsException.class, () -> ResultsFile.read(dir)).getMessage().contains("is not JSON"));
    }
}
