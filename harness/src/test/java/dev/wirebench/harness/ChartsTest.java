package dev.wirebench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartsTest {

    private static final List<String> FORMATS = List.of("sbe", "protobuf", "protobuf-json", "flatbuffers", "capnp",
            "capnp-packed", "colfer", "jdk", "raw");
    private static final double NaN = Double.NaN;

    private static BarChart codecChart(boolean logScale) {
        return new BarChart("round trip", "format", "ns/op", FORMATS, List.of(
                new BarSeries("encode", List.of(31.0, 180.0, 2150.0, 240.0, 95.0, 160.0, 88.0, 4870.0, 42.0),
                        List.of(1.0, 6.0, 120.0, 9.0, 3.0, 5.0, 2.0, 350.0, 1.0)),
                new BarSeries("decode", List.of(45.0, 260.0, 3900.0, 35.0, 60.0, 210.0, 120.0, 4990.0, 30.0)),
                new BarSeries("traverse", List.of(38.0, 95.0, 120.0, 52.0, 140.0, 310.0, 70.0, 150.0, 33.0))),
                logScale, false);
    }

    /** One bar of {@code value ± error} in the second series' colour (orange, far from the ink of error bars). */
    private static BarChart oneBar(boolean logScale, List<Double> values, List<Double> errors) {
        List<String> categories = FORMATS.subList(0, values.size());
        List<Double> none = values.stream().map(v -> NaN).toList();
        return new BarChart("t", "format", "unit", categories,
                List.of(new BarSeries("nothing", none), new BarSeries("bar", values, errors)), logScale, false);
    }

    @Test
    void writesAPngOfTheRequestedSize(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chart.png");
        assertSame(file, Charts.writePng(codecChart(true), file, 900, 500));
        byte[] signature = Arrays.copyOf(Files.readAllBytes(file), 8);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, signature);
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(500, image.getHeight());

        BufferedImage defaultSize = ImageIO.read(Charts.writePng(codecChart(false), dir.resolve("d.png")).toFile());
        assertEquals(Charts.DEFAULT_WIDTH, defaultSize.getWidth());
        assertEquals(Charts.DEFAULT_HEIGHT, defaultSize.getHeight());
    }

    @Test
    void stacksPanelsOneAboveTheOtherEachAsItWouldBeDrawnAlone(@TempDir Path dir) throws Exception {
        BarChart top = codecChart(false);
        BarChart bottom = codecChart(true);
        Path file = Charts.writePng(List.of(top, bottom), dir.resolve("stacked.png"), 800, 400);
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(800, image.getWidth());
        assertEquals(800, image.getHeight());
        BufferedImage alone = Charts.render(bottom, 800, 400);
        for (int y = 0; y < 400; y += 7) {
            for (int x = 0; x < 800; x += 7) {
                assertEquals(alone.getRGB(x, y), image.getRGB(x, 400 + y), "pixel " + x + "," + y + " of the lower panel");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Charts.writePng(List.of(), dir.resolve("none.png"), 800, 400));
    }

    @Test
    void drawsTheBarsOfEverySeriesInItsOwnColour() {
        BufferedImage image = Charts.render(codecChart(true), 1200, 700);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 20, "text, grid, bars and their antialiased edges: " + colours.size() + " colours");
        for (int s = 0; s < 3; s++) {
            // the legend shows each colour too, but in a swatch of a few hundred pixels, not thousands
            int pixels = count(image, Charts.seriesColor(s));
            assertTrue(pixels > 10_000, "series " + s + " has " + pixels + " pixels of its colour");
        }
    }

    @Test
    void aSeriesWithoutValuesShowsOnlyInTheLegend() {
        BufferedImage drawn = Charts.render(oneBar(false, List.of(100.0), null), 800, 500);
        int legendOnly = count(drawn, Charts.seriesColor(0));
        assertTrue(legendOnly > 0 && legendOnly < 1_000, "legend swatch of the series with no value: " + legendOnly);
        assertTrue(count(drawn, Charts.seriesColor(1)) > legendOnly + 10_000, "the bar of the series with a value");
    }

    @Test
    void anErrorBarStandsOnTheMiddleOfItsBarAsTallAsTheError() {
        BufferedImage image = Charts.render(oneBar(false, List.of(100.0), List.of(25.0)), 800, 500);
        Bar bar = Bar.find(image, Charts.seriesColor(1));
        double middle = (bar.left + bar.right) / 2.0;
        // the error above the bar: ink in the bar's middle columns, from its top up by a quarter of its height
        int top = bar.top - 1;
        while (inkAt(image, bar.left, bar.right, top - 1) >= 0) {
            top--;
        }
        double expected = (bar.bottom - bar.top + 1) * 0.25;
        assertEquals(expected, bar.top - top, 3, "pixels of error bar above the bar");
        int x = inkAt(image, (int) middle - 2, (int) middle + 2, bar.top - 5);
        assertTrue(x >= 0, "the error bar's line is within 2 px of the bar's middle " + middle);
    }

    @Test
    void onALogAxisZeroAndNaNHaveNoBarAndAnErrorBeyondZeroRunsToTheBottom(@TempDir Path dir) throws Exception {
        // 0 and NaN cannot be drawn on a log axis; 50 ± 80 reaches below 0; 500 ± 10 does not
        BarChart chart = oneBar(true, List.of(0.0, NaN, 50.0, 500.0), List.of(1.0, NaN, 80.0, 10.0));
        BufferedImage image = ImageIO.read(Charts.writePng(chart, dir.resolve("log.png"), 1000, 600).toFile());
        List<Bar> bars = Bar.findAll(image, Charts.seriesColor(1));
        assertEquals(2, bars.size(), "bars for 50 and 500 only");
        Bar unbounded = bars.get(0);
        Bar bounded = bars.get(1);
        assertEquals(unbounded.bottom, bounded.bottom, 1, "both bars stand on the axis");
        for (int y = unbounded.top; y <= unbounded.bottom; y++) {
            assertTrue(inkAt(image, unbounded.left, unbounded.right, y) >= 0, "error bar of 50 ± 80 at y " + y);
        }
        int lowestInk = bounded.top;
        while (inkAt(image, bounded.left, bounded.right, lowestInk + 1) >= 0) {
            lowestInk++;
        }
        assertTrue(lowestInk < bounded.top + 10, "500 ± 10 ends just below the bar's top, at " + lowestInk);
    }

    @Test
    void valueLabelsSitJustAboveTheirBars() {
        for (boolean labels : new boolean[] {false, true}) {
            BarChart chart = new BarChart("alloc", "format", "B/op", FORMATS.subList(0, 2), List.of(
                    new BarSeries("nothing", List.of(NaN, NaN)), new BarSeries("bar", List.of(500.0, 1000.0))), false, labels);
            BufferedImage image = Charts.render(chart, 800, 500);
            List<Bar> bars = Bar.findAll(image, Charts.seriesColor(1));
            assertEquals(2, bars.size());
            for (Bar bar : bars) {
                boolean inkAbove = false;
                for (int y = bar.top - 20; y < bar.top; y++) {
                    inkAbove |= inkAt(image, bar.left, bar.right, y) >= 0;
                }
                assertEquals(labels, inkAbove, "text above the bar " + bar + " with labels " + labels);
            }
        }
    }

    @Test
    void rejectsASeriesWhoseValuesDoNotMatchTheCategories() {
        BarSeries shortOne = new BarSeries("decode", List.of(1.0, 2.0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BarChart("t", "x", "y", List.of("a", "b", "c"), List.of(shortOne), false, false));
        assertTrue(e.getMessage().contains("series decode has 2 values for 3 categories"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> new BarSeries("encode", List.of(1.0, 2.0), List.of(0.1)));
        assertTrue(e.getMessage().contains("series encode has 2 values but 1 errors"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> new BarSeries("encode", List.of(1.0), List.of(-0.1)));
        assertTrue(e.getMessage().startsWith("series encode: error -0.1"), e.getMessage());

        assertThrows(IllegalArgumentException.class, () -> new BarChart("t", "x", "y", List.of(), List.of(), false, false));
        assertThrows(IllegalArgumentException.class, () -> new BarChart("t", "x", "y", List.of("a"), List.of(), false, false));
    }

    @Test
    void saysWhichDirectoryIsMissingAndCreatesNone(@TempDir Path dir) {
        Path file = dir.resolve("no-such-dir").resolve("chart.png");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Charts.writePng(codecChart(false), file));
        assertEquals("cannot write chart " + file + ": directory " + file.getParent() + " does not exist", e.getMessage());
        assertFalse(Files.exists(file.getParent()));
    }

    @Test
    void replacesTheFileWholeAndLeavesNoTemporaryFileBehind(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chart.png");
        Charts.writePng(codecChart(false), file, 400, 300);
        Charts.writePng(codecChart(true), file, 640, 480);
        assertEquals(640, ImageIO.read(file.toFile()).getWidth(), "the second chart replaced the first");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void aLogAxisStartsAtAPowerOfTenBelowTheLowestValueALinearOneAtZero() {
        double[] log = Charts.yRange(oneBar(true, List.of(100.0, 5000.0), List.of(1.0, 500.0)));
        assertEquals(10, log[0], 1e-9, "a bar of exactly 100 still shows");
        assertTrue(log[1] > 5500, "room above 5000 + 500: " + log[1]);
        double[] zeros = Charts.yRange(oneBar(false, List.of(0.0, 0.0), null));
        assertEquals(0, zeros[0]);
        assertTrue(zeros[1] > 0);
        double[] negative = Charts.yRange(oneBar(false, List.of(-12.0, 25.0), List.of(2.0, 4.0)));
        assertTrue(negative[0] < -14 && negative[1] > 29, Arrays.toString(negative));
    }

    @Test
    void writesNumbersShortInThreeSignificantDigits() {
        assertEquals("0", Charts.shortNumber(0));
        assertEquals("0.25", Charts.shortNumber(0.25));
        assertEquals("31.4", Charts.shortNumber(31.44));
        assertEquals("100", Charts.shortNumber(100));
        assertEquals("4.87k", Charts.shortNumber(4870));
        assertEquals("1k", Charts.shortNumber(999.6));
        assertEquals("123M", Charts.shortNumber(123_456_789));
        assertEquals("-12", Charts.shortNumber(-12));
        assertEquals("0.000123", Charts.shortNumber(0.00012345));
    }

    /**
     * A DISPLAY that names no X server makes AWT fail on first drawing unless the JVM is headless;
     * the chart writer must make it so on its own, in a JVM where nothing else did.
     */
    @Test
    void drawsWithoutADisplayInAFreshJvm(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("headless.png");
        ProcessBuilder child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HeadlessProbe.class.getName(), file.toString())
                .redirectErrorStream(true);
        child.environment().put("DISPLAY", ":99");
        child.environment().remove("WAYLAND_DISPLAY");
        child.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = child.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the child JVM did not end");
        assertEquals(0, process.exitValue(), output);
        assertEquals(400, ImageIO.read(file.toFile()).getWidth());
    }

    /** The child JVM of {@link #drawsWithoutADisplayInAFreshJvm}: touches no AWT class before {@link Charts}. */
    static final class HeadlessProbe {
        public static void main(String[] args) {
            Charts.writePng(codecChart(true), Path.of(args[0]), 400, 300);
            if (!"true".equals(System.getProperty("java.awt.headless"))) {
                throw new AssertionError("java.awt.headless is " + System.getProperty("java.awt.headless"));
            }
        }
    }

    /**
     * The pixels of one bar: neighbouring columns in which its colour runs at least 30 px tall (the
     * legend's swatch is shorter). An error bar's line hides the colour in up to 3 columns of the middle.
     */
    private record Bar(int left, int right, int top, int bottom) {

        static Bar find(BufferedImage image, Color colour) {
            List<Bar> bars = findAll(image, colour);
            assertEquals(1, bars.size(), "bars of colour " + colour + ": " + bars);
            return bars.get(0);
        }

        static List<Bar> findAll(BufferedImage image, Color colour) {
            List<Bar> bars = new ArrayList<>();
            Bar current = null;
            for (int x = 0; x < image.getWidth(); x++) {
                int[] run = longestRun(image, x, colour);
                if (run[1] - run[0] + 1 < 30) {
                    continue;
                }
                if (current != null && x - current.right <= 4) {
                    current = new Bar(current.left, x, Math.min(current.top, run[0]), Math.max(current.bottom, run[1]));
                } else {
                    if (current != null) {
                        bars.add(current);
                    }
                    current = new Bar(x, x, run[0], run[1]);
                }
            }
            if (current != null) {
                bars.add(current);
            }
            return bars;
        }

        /** {first, last} row of the longest unbroken run of the colour in column x. */
        private static int[] longestRun(BufferedImage image, int x, Color colour) {
            int[] best = {0, -1};
            int start = -1;
            for (int y = 0; y <= image.getHeight(); y++) {
                boolean match = y < image.getHeight() && image.getRGB(x, y) == colour.getRGB();
                if (match && start < 0) {
                    start = y;
                } else if (!match && start >= 0) {
                    if (y - 1 - start > best[1] - best[0]) {
                        best = new int[] {start, y - 1};
                    }
                    start = -1;
                }
            }
            return best;
        }
    }

    /** The first column in [left, right] whose pixel at y is (mostly) the ink of error bars and labels, or -1. */
    private static int inkAt(BufferedImage image, int left, int right, int y) {
        if (y < 0 || y >= image.getHeight()) {
            return -1;
        }
        for (int x = left; x <= right; x++) {
            if (isInk(image.getRGB(x, y))) {
                return x;
            }
        }
        return -1;
    }

    private static boolean isInk(int rgb) {
        Color ink = Charts.inkColor();
        Color c = new Color(rgb);
        int dr = c.getRed() - ink.getRed();
        int dg = c.getGreen() - ink.getGreen();
        int db = c.getBlue() - ink.getBlue();
        return dr * dr + dg * dg + db * db < 80 * 80;
    }

    private static int countInk(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += isInk(image.getRGB(x, y)) ? 1 : 0;
            }
        }
        return n;
    }

    private static int count(BufferedImage image, Color colour) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += image.getRGB(x, y) == colour.getRGB() ? 1 : 0;
            }
        }
        return n;
    }
}
