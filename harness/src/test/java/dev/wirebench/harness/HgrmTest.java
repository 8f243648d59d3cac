package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HgrmTest {

    private static final String HEADER = "       Value     Percentile TotalCount 1/(1-Percentile)";

    /** 1 ... 1000 µs, recorded in nanoseconds. */
    private static Histogram uniform() {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        for (long us = 1; us <= 1000; us++) {
            h.recordValue(us * 1000);
        }
        return h;
    }

    @Test
    void writesTheStandardFormatWithValuesInTheUnitGiven(@TempDir Path dir) throws Exception {
        Histogram h = uniform();
        Path file = Hgrm.write(dir.resolve("encode.hgrm"), h, TimeUnit.MICROSECONDS);
        List<String> lines = Files.readAllLines(file);

        assertEquals(HEADER, lines.get(0));
        int n = lines.size();
        assertTrue(lines.get(n - 3).startsWith("#[Mean"), lines.get(n - 3));
        assertTrue(lines.get(n - 2).startsWith("#[Max"), lines.get(n - 2));
        assertTrue(lines.get(n - 1).startsWith("#[Buckets"), lines.get(n - 1));

        double max = Double.parseDouble(lines.get(n - 2).replaceAll("^#\\[Max\\s*=\\s*([0-9.]+),.*$", "$1"));
        assertEquals(h.getMaxValue() / 1000.0, max, 0.0005, "max in µs");
        assertTrue(max > 1000 && max < 1001, "max " + max);

        String median = lines.stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.equals(HEADER))
                .filter(l -> Double.parseDouble(l.trim().split("\\s+")[1]) == 0.5)
                .findFirst().orElseThrow();
        assertEquals(h.getValueAtPercentile(50) / 1000.0, Double.parseDouble(median.trim().split("\\s+")[0]), 0.0005);
        assertEquals("500", median.trim().split("\\s+")[2], "total count at the median");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no partial file left behind");
        }
    }

    @Test
    void usesADecimalPointWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String text = Hgrm.render(uniform(), TimeUnit.MILLISECONDS);
            assertTrue(text.contains("\n       1.000 1.000000000000       1000\n"), text);
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void replacesAnEarlierFileWhole(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rt.hgrm");
        Hgrm.write(file, uniform(), TimeUnit.MICROSECONDS);
        Histogram small = new Histogram(3);
        small.recordValue(42);
        Hgrm.write(file, small, TimeUnit.NANOSECONDS);
        assertEquals(Hgrm.render(small, TimeUnit.NANOSECONDS), Files.readString(file));
    }

    @Test
    void writesIntoARunFolder(@TempDir Path root) throws Exception {
        RunFolder folder = RunFolder.create(root, LocalDateTime.of(2026, 1, 2, 3, 4, 5), "h");
        Path file = Hgrm.write(folder, "fix-rtt.hgrm", uniform(), TimeUnit.MICROSECONDS);
        assertEquals(folder.resolve("fix-rtt.hgrm"), file);
        assertEquals(HEADER, Files.readAllLines(file).get(0));
    }

    @Test
    void leavesNoPartialFileWhenTheTargetCannotBeReplaced(@TempDir Path dir) throws Exception {
        Path target = Files.createDirectory(dir.resolve("taken.hgrm"));
        Files.writeString(target.resolve("inside"), "a folder in the way");
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> Hgrm.write(target, uniform(), TimeUnit.MICROSECONDS));
        assertTrue(e.getMessage().startsWith("cannot write " + target + ": "), e.getMessage());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "only the folder that was there");
        }
    }
}
