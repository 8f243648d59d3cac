package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PercentileChartsTest {

    /** {@code count} values of exactly {@code nanos}: a flat line from 0% to the one-in-count point. */
    private static Histogram constant(long nanos, int count) {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        h.recordValueWithCount(nanos, count);
        return h;
    }

    /** 10,000 values around {@code typicalNanos}, one in a hundred up to 10 times that. */
    private static Histogram spread(long typicalNanos, long seed) {
        Histogram h = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        Random random = new Random(seed);
        for (int i = 0; i < 10_000; i++) {
            double v = typicalNanos * (1 + 0.2 * random.nextDouble());
            h.recordValue(Math.round(random.nextInt(100) == 0 ? v * (1 + 9 * random.nextDouble()) : v));
        }
        return h;
    }

    private static PercentilePlot plot(PercentileLine... lines) {
        return new PercentilePlot("decode", List.of(lines), TimeUnit.NANOSECONDS);
    }

    @Test
    void writesAPngOfTheRequestedSizeWithEveryLineInItsOwnColour(@TempDir Path dir) throws Exception {
        PercentilePlot plot = plot(new PercentileLine("sbe", spread(60, 1)), new PercentileLine("protobuf", spread(600, 2)),
                new PercentileLine("jdk", spread(5000, 3)));
        Path file = dir.resolve("decode.png");
        assertSame(file, Charts.writePng(plot, file, 900, 500));
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(500, image.getHeight());
        for (int i = 0; i < 3; i++) {
            // a legend swatch is 40 x 2 px; a line across the plot several hundred
            int pixels = count(image, Charts.lineColor(i));
            assertTrue(pixels > 600, "line " + i + " has " + pixels + " pixels of its colour");
        }
        BufferedImage defaultSize = ImageIO.read(Charts.writePng(plot, dir.resolve("d.png")).toFile());
        assertEquals(Charts.DEFAULT_WIDTH, defaultSize.getWidth());
        assertEquals(Charts.DEFAULT_HEIGHT, defaultSize.getHeight());
    }

    @Test
    void aLineOfTenTimesTheValuesLiesHigherOnALinearAndOnALogAxis() {
        // 100 and 1000 ns span one decade: a linear axis; with 100 µs too, five: a log axis
        for (boolean log : new boolean[] {false, true}) {
            List<PercentileLine> lines = new ArrayList<>(List.of(
                    new PercentileLine("fast", spread(100, 4)), new PercentileLine("slow", spread(1000, 5))));
            if (log) {
                lines.add(new PercentileLine("slowest", spread(100_000, 6)));
            }
            BufferedImage image = PercentileCharts.render(plot(lines.toArray(PercentileLine[]::new)), 1000, 600);
            double fast = meanY(image, Charts.lineColor(0));
            double slow = meanY(image, Charts.lineColor(1));
            assertTrue(slow < fast - 20, "log " + log + ": the slow line's mean y " + slow + " above the fast one's " + fast);
        }
    }

    @Test
    void aLogAxisSpacesValuesByTheirRatio() {
        // flat lines at 100 ns, 1 µs and 100 µs: one decade between the first two, two between the last two
        PercentilePlot plot = plot(new PercentileLine("a", constant(100, 1000)),
                new PercentileLine("b", constant(1000, 1000)), new PercentileLine("c", constant(100_000, 1000)));
        BufferedImage image = PercentileCharts.render(plot, 1000, 600);
        double a = meanY(image, Charts.lineColor(0));
        double b = meanY(image, Charts.lineColor(1));
        double c = meanY(image, Charts.lineColor(2));
        assertEquals(2 * (a - b), b - c, 3, "pixels per decade: " + (a - b) + " then " + (b - c) / 2);
    }

    @Test
    void aReferenceLineIsDrawnDashedInGrey() {
        PercentilePlot plot = plot(new PercentileLine("clock", constant(20, 10_000), true),
                new PercentileLine("raw", constant(200, 10_000)));
        BufferedImage image = PercentileCharts.render(plot, 1000, 600);
        int[] dashed = runs(image, Charts.referenceColor());
        assertTrue(dashed[0] > 20 && dashed[1] < 20, "the clock line's row: " + dashed[0] + " runs of grey, the longest "
                + dashed[1] + " px");
        int[] solid = runs(image, Charts.lineColor(0));
        assertTrue(solid[1] > 400, "the raw line's row: one long run, the longest " + solid[1] + " px");
    }

    @Test
    void anEmptyHistogramHasNoLineButANameInTheLegend() {
        PercentilePlot plot = plot(new PercentileLine("idle", new Histogram(3)), new PercentileLine("busy", spread(500, 7)));
        BufferedImage image = PercentileCharts.render(plot, 800, 500);
        int legendOnly = count(image, Charts.lineColor(0));
        assertTrue(legendOnly > 0 && legendOnly < 200, "legend swatch of the empty line: " + legendOnly + " px");
        assertTrue(count(image, Charts.lineColor(1)) > 600, "the line with values");

        BufferedImage nothing = PercentileCharts.render(plot(new PercentileLine("idle", new Histogram(3))), 800, 500);
        assertTrue(count(nothing, Charts.lineColor(0)) > 0, "a plot of nothing still has a legend");
    }

    @Test
    void zerosOnALogAxisSitOnItsBottomInsteadOfFailing() {
        Histogram clock = new Histogram(TimeUnit.HOURS.toNanos(1), 3);
        clock.recordValueWithCount(0, 500);
        clock.recordValueWithCount(25, 500);
        PercentilePlot plot = plot(new PercentileLine("clock", clock, true), new PercentileLine("jdk", spread(50_000, 8)));
        assertTrue(PercentileCharts.yRange(List.of(PercentileCharts.points(clock, 1),
                PercentileCharts.points(plot.lines().get(1).nanos(), 1)))[2] != 0, "a log axis");
        BufferedImage image = PercentileCharts.render(plot, 800, 500);
        assertTrue(count(image, Charts.referenceColor()) > 100);
    }

    @Test
    void theYAxisIsLogarithmicOnlyBeyondTwoDecades() {
        double[] linear = PercentileCharts.yRange(List.<double[][]>of(new double[][] {{1, 2}, {20, 1900}}));
        assertArrayEquals(new double[] {0, 1995, 0}, linear, 1e-9);
        double[] log = PercentileCharts.yRange(List.of(new double[][] {{1, 2}, {20, 40}}, new double[][] {{1}, {2100}}));
        assertEquals(1, log[2], "log");
        assertTrue(log[0] < 20 && log[0] > 10 && log[1] > 2100 && log[1] < 3000, Arrays.toString(log));
        assertArrayEquals(new double[] {0, 1, 0}, PercentileCharts.yRange(List.<double[][]>of(new double[2][0])), "no values");
    }

    @Test
    void everyPercentileLevelBecomesAPointAndTheLastStopsAtTheCount() {
        // 999 values of 10 ns and one of 1000 ns: HdrHistogram reaches the maximum at 99.9023% (x = 1024),
        // then reports it again at 100%, which has no finite x and adds nothing
        Histogram h = constant(10, 999);
        h.recordValue(1000);
        double[][] xy = PercentileCharts.points(h, 1);
        int last = xy[0].length - 1;
        assertEquals(1, xy[0][0]);
        assertEquals(10, xy[1][0], "the 0% point is the minimum");
        assertEquals(1024, xy[0][last], 1e-6);
        assertEquals(1000, xy[1][last], "the maximum");
        assertEquals(10, xy[1][last - 1]);
        for (int i = 1; i <= last; i++) {
            assertTrue(xy[0][i] > xy[0][i - 1], "x rises at point " + i);
        }
        // a single bucket: 0% then 100%, which goes to the one-in-50 point; in microseconds
        assertArrayEquals(new double[][] {{1, 50}, {0.1, 0.1}}, PercentileCharts.points(constant(100, 50), 1000));
        assertArrayEquals(new double[][] {{1}, {7}}, PercentileCharts.points(constant(7, 1), 1), "one sample, one point");
        assertArrayEquals(new double[][] {{}, {}}, PercentileCharts.points(new Histogram(3), 1));
    }

    @Test
    void theXAxisIsLabelledInPercentilesEquallySpacedPerNine() {
        assertEquals(1, PercentileCharts.percentileToX(0));
        assertEquals(10, PercentileCharts.percentileToX(90), 1e-9);
        assertEquals(1000, PercentileCharts.percentileToX(99.9), 1e-6);
        assertEquals("0%", PercentileCharts.percentileLabel(1));
        assertEquals("90%", PercentileCharts.percentileLabel(10.000000000000002));
        assertEquals("99%", PercentileCharts.percentileLabel(100));
        assertEquals("99.9%", PercentileCharts.percentileLabel(999.9999999999999));
        assertEquals("99.999%", PercentileCharts.percentileLabel(100_000));

        XYChart chart = PercentileCharts.build(plot(new PercentileLine("a", spread(100, 9))), 1000, 600);
        chart.paint(new BufferedImage(1000, 600, BufferedImage.TYPE_INT_RGB).createGraphics(), 1000, 600); // lays it out
        double p90 = chart.getScreenXFromChart(PercentileCharts.percentileToX(90));
        double p99 = chart.getScreenXFromChart(PercentileCharts.percentileToX(99));
        double p999 = chart.getScreenXFromChart(PercentileCharts.percentileToX(99.9));
        assertTrue(p90 < p99 && p99 < p999, p90 + " < " + p99 + " < " + p999);
        assertEquals(p99 - p90, p999 - p99, 1, "a nine more is as far right as the one before");
    }

    @Test
    void rejectsAPlotWithoutLinesOrWithLinesItCannotTellApart() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PercentilePlot("decode", List.of(), TimeUnit.NANOSECONDS));
        assertEquals("percentile plot decode has no lines", e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> new PercentileLine(null, new Histogram(3)));
        assertEquals("a percentile line needs a name, was null", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PercentileLine("sbe", null));
        assertEquals("percentile line sbe has no histogram (null)", e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> plot(new PercentileLine("sbe", new Histogram(3)),
                new PercentileLine("sbe", new Histogram(3), true)));
        assertEquals("percentile plot decode has two lines named sbe", e.getMessage());

        List<PercentileLine> eleven = new ArrayList<>();
        for (int i = 0; i <= PercentilePlot.MAX_LINES; i++) {
            eleven.add(new PercentileLine("format " + i, new Histogram(3)));
        }
        e = assertThrows(IllegalArgumentException.class, () -> new PercentilePlot("decode", eleven, TimeUnit.NANOSECONDS));
        assertEquals("percentile plot decode has 11 lines and 0 reference lines; at most 10 and 3 can be told apart",
                e.getMessage());
        eleven.set(0, new PercentileLine("clock", new Histogram(3), true));
        assertEquals(11, new PercentilePlot("decode", eleven, TimeUnit.NANOSECONDS).lines().size(), "10 lines and a clock");
    }

    /** The mean y of the pixels of {@code colour} in the plot, left of the legend (which stands at the right). */
    private static double meanY(BufferedImage image, Color colour) {
        long sum = 0;
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth() * 3 / 4; x++) {
                if (image.getRGB(x, y) == colour.getRGB()) {
                    sum += y;
                    n++;
                }
            }
        }
        assertTrue(n > 100, "pixels of " + colour + " in the plot: " + n);
        return (double) sum / n;
    }

    /**
     * {number of runs, longest run} of {@code colour} in the row (left of the legend) where it has the
     * most pixels: a flat solid line is one long run, a dashed one many short ones.
     */
    private static int[] runs(BufferedImage image, Color colour) {
        int bestRow = 0;
        int most = -1;
        for (int y = 0; y < image.getHeight(); y++) {
            int n = count(image, colour, y, image.getWidth() * 3 / 4);
            if (n > most) {
                most = n;
                bestRow = y;
            }
        }
        int runs = 0;
        int longest = 0;
        int current = 0;
        for (int x = 0; x <= image.getWidth() * 3 / 4; x++) {
            if (x < image.getWidth() * 3 / 4 && image.getRGB(x, bestRow) == colour.getRGB()) {
                current++;
            } else if (current > 0) {
                runs++;
                longest = Math.max(longest, current);
                current = 0;
            }
        }
        return new int[] {runs, longest};
    }

    private static int count(BufferedImage image, Color colour) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            n += count(image, colour, y, image.getWidth());
        }
        return n;
    }

    /** The pixels of {@code colour} in row {@code y}, left of {@code width}. */
    private static int count(BufferedImage image, Color colour, int y, int width) {
        int n = 0;
        for (int x = 0; x < width; x++) {
            n += image.getRGB(x, y) == colour.getRGB() ? 1 : 0;
        }
        return n;
    }
}
