package dev.wirebench.harness;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws {@link BarChart}s and {@link PercentilePlot}s as PNG files, without a display. Of bar charts: XChart lays out the chart and draws the
 * bars; error bars and value labels are drawn here on top, because XChart's own error bars are wrong
 * on a log axis (symmetric, {@code log10(error)} decades long) and make it reject a log axis whenever
 * {@code value - error <= 0}.
 *
 * <p>On a log axis a value {@code <= 0} has no bar (its value label, if asked for, sits on the axis),
 * and an error bar whose lower end {@code value - error} is {@code <= 0} runs down to the bottom of
 * the plot with no cap there: its interval has no lower bound on that axis.
 */
public final class Charts {

    static {
        // Before any AWT class loads: java.awt.Color's own initialiser already asks whether the JVM
        // is headless, and the answer is kept. A display named by DISPLAY but not reachable would
        // otherwise fail the first drawing. An explicit -Djava.awt.headless=false is respected.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /**
     * Does nothing but make sure this class is initialised, and so AWT headless: for classes that draw
     * without calling into this one first.
     */
    static void init() {
    }

    public static final int DEFAULT_WIDTH = 1200;
    public static final int DEFAULT_HEIGHT = 700;
    static final int MIN_WIDTH = 300;
    static final int MIN_HEIGHT = 200;

    /** Okabe & Ito's colours, told apart with the common colour-vision deficiencies (black made grey). */
    private static final List<Color> PALETTE = List.of(
            new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73), new Color(0xD55E00),
            new Color(0x56B4E9), new Color(0xCC79A7), new Color(0xF0E442), new Color(0x808080));
    /**
     * Lines' colours: the palette's without its grey (kept for reference lines) and its yellow (too
     * faint as a line on white), then black and three of Paul Tol's (wine, olive, indigo).
     */
    private static final List<Color> LINE_PALETTE = List.of(
            PALETTE.get(0), PALETTE.get(1), PALETTE.get(2), PALETTE.get(3), PALETTE.get(4), PALETTE.get(5),
            Color.BLACK, new Color(0x882255), new Color(0x999933), new Color(0x332288));
    private static final Color INK = new Color(0x222222);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    private Charts() {
    }

    /** Writes {@code chart} as a {@value #DEFAULT_WIDTH}x{@value #DEFAULT_HEIGHT} PNG; see {@link #writePng(BarChart, Path, int, int)}. */
    public static Path writePng(BarChart chart, Path file) {
        return writePng(chart, file, DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /**
     * Writes {@code chart} as a PNG of {@code width} x {@code height} pixels to {@code file}, replacing it
     * whole (written beside it, then moved), so a reader never sees half a file.
     *
     * @return {@code file}
     * @throws IllegalArgumentException if the size is under {@value #MIN_WIDTH}x{@value #MIN_HEIGHT}
     * @throws UncheckedIOException     naming the file if it cannot be written, and the directory if that
     *                                  does not exist (it is not created: a misspelt path fails here)
     */
    public static Path writePng(BarChart chart, Path file, int width, int height) {
        checkWritable(file, width, height);
        return writeImage(render(chart, width, height), file);
    }

    /**
     * Writes {@code panels} one above the other as one PNG, each {@code width} x {@code panelHeight}
     * pixels, replacing the file whole as {@link #writePng(BarChart, Path, int, int)} does: for measures
     * in different units over the same categories (throughput and latency per window), which one y axis
     * could not show both of.
     *
     * @return {@code file}
     * @throws IllegalArgumentException if there are no panels or a panel is under {@value #MIN_WIDTH}x{@value #MIN_HEIGHT}
     * @throws UncheckedIOException     naming the file if it cannot be written, and the directory if that does not exist
     */
    public static Path writePng(List<BarChart> panels, Path file, int width, int panelHeight) {
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("no panels to draw into " + file);
        }
        checkWritable(file, width, panelHeight);
        BufferedImage image = new BufferedImage(width, panelHeight * panels.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            for (int i = 0; i < panels.size(); i++) {
                g.drawImage(render(panels.get(i), width, panelHeight), 0, i * panelHeight, null);
            }
        } finally {
            g.dispose();
        }
        return writeImage(image, file);
    }

    /** Writes {@code plot} as a {@value #DEFAULT_WIDTH}x{@value #DEFAULT_HEIGHT} PNG; see {@link #writePng(PercentilePlot, Path, int, int)}. */
    public static Path writePng(PercentilePlot plot, Path file) {
        return writePng(plot, file, DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /**
     * Writes {@code plot} as a PNG of {@code width} x {@code height} pixels to {@code file}, replacing it
     * whole, as {@link #writePng(BarChart, Path, int, int)} does; {@link PercentilePlot} says what is drawn.
     *
     * @return {@code file}
     * @throws IllegalArgumentException if the size is under {@value #MIN_WIDTH}x{@value #MIN_HEIGHT}
     * @throws UncheckedIOException     naming the file if it cannot be written, and the directory if that
     *                                  does not exist
     */
    public static Path writePng(PercentilePlot plot, Path file, int width, int height) {
        checkWritable(file, width, height);
        return writeImage(PercentileCharts.render(plot, width, height), file);
    }

    private static void checkWritable(Path file, int width, int height) {
        if (width < MIN_WIDTH || height < MIN_HEIGHT) {
            throw new IllegalArgumentException("a chart of " + width + "x" + height + " px is too small to read; at least "
                    + MIN_WIDTH + "x" + MIN_HEIGHT);
        }
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new UncheckedIOException("cannot write chart " + file + ": directory " + dir + " does not exist",
                    new NoSuchFileException(dir.toString()));
        }
    }

    private static Path writeImage(BufferedImage image, Path file) {
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        // in memory, not spooled through java.io.tmpdir as ImageIO's stream cache would
        try (var out = new javax.imageio.stream.MemoryCacheImageOutputStream(png)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("this JDK has no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + file + ": " + e.getMessage(), e);
        }
        return AtomicFiles.write(file, png.toByteArray());
    }

    /** The colour of the series at {@code index} (bars and legend), as drawn. */
    static Color seriesColor(int index) {
        return PALETTE.get(index);
    }

    /** The colour of the line at {@code index} among a plot's lines that are not reference lines. */
    static Color lineColor(int index) {
        return LINE_PALETTE.get(index);
    }

    /** The colour of reference lines: the palette's grey. */
    static Color referenceColor() {
        return PALETTE.get(PALETTE.size() - 1);
    }

    /** The error bars and value labels' colour. */
    static Color inkColor() {
        return INK;
    }

    /** The chart as an image, for {@link #writePng} and tests. */
    static BufferedImage render(BarChart spec, int width, int height) {
        CategoryChart chart = build(spec, width, height);
        BufferedImage image = paint(chart, width, height);
        if (layOutCategoryLabels(spec, chart)) {
            // turning the labels changes the plot's height only, so the first layout's widths still hold
            image = paint(chart, width, height);
        }
        Graphics2D g = image.createGraphics();
        try {
            drawErrorBarsAndLabels(spec, chart, g);
        } finally {
            g.dispose();
        }
        return image;
    }

    private static CategoryChart build(BarChart spec, int width, int height) {
        CategoryChart chart = new CategoryChartBuilder().width(width).height(height).title(spec.title())
                .xAxisTitle(spec.xAxisTitle()).yAxisTitle(spec.yAxisTitle()).build();
        CategoryStyler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setLegendPosition(LegendPosition.OutsideS);
        styler.setLegendLayout(LegendLayout.Horizontal);
        styler.setAvailableSpaceFill(0.8);
        styler.setYAxisLogarithmic(spec.logScale());
        double[] range = yRange(spec);
        styler.setYAxisMin(range[0]);
        styler.setYAxisMax(range[1]);
        styler.setYAxisTickLabelsFormattingFunction(Charts::shortNumber);
        for (int s = 0; s < spec.series().size(); s++) {
            BarSeries series = spec.series().get(s);
            List<Double> bars = new ArrayList<>();
            for (double v : series.values()) {
                // null is XChart's "no bar here"; it would also refuse a log axis that reaches 0
                bars.add(drawable(v, spec.logScale()) ? v : null);
            }
            chart.addSeries(series.name(), spec.categories(), bars).setFillColor(seriesColor(s));
        }
        return chart;
    }

    /** Any XChart chart painted onto a new image of its size (bar charts here, percentile plots too). */
    static BufferedImage paint(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            chart.paint(g, width, height);
        } finally {
            g.dispose();
        }
        return image;
    }

    static boolean drawable(double value, boolean logScale) {
        return !Double.isNaN(value) && (!logScale || value > 0);
    }

    /**
     * The y axis range {min, max}: every bar and error bar, room above for value labels; a log axis
     * starts at a power of ten, a linear one at 0 (or below, for negative values).
     */
    static double[] yRange(BarChart spec) {
        boolean log = spec.logScale();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (BarSeries s : spec.series()) {
            for (int i = 0; i < s.values().size(); i++) {
                double v = s.values().get(i);
                if (!drawable(v, log)) {
                    continue;
                }
                double e = Double.isNaN(s.error(i)) ? 0 : s.error(i);
                hi = Math.max(hi, v + e);
                lo = Math.min(lo, log && v - e <= 0 ? v : v - e);
            }
        }
        double room = spec.valueLabels() ? 0.12 : 0.04;
        if (log) {
            if (lo == Double.POSITIVE_INFINITY) {
                return new double[] {1, 10};
            }
            // a little below the lowest value, so that a value of exactly 10^k still shows a bar
            double logMin = Math.floor(Math.log10(lo) - 0.05);
            double logMax = Math.log10(hi);
            logMax += room * Math.max(logMax - logMin, 1);
            return new double[] {Math.pow(10, logMin), Math.pow(10, logMax)};
        }
        if (lo == Double.POSITIVE_INFINITY) {
            return new double[] {0, 1};
        }
        lo = Math.min(lo, 0);
        hi = Math.max(hi, 0);
        if (hi == lo) {
            hi = 1; // every value is 0
        }
        double pad = (hi - lo) * room;
        return new double[] {lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 0};
    }

    /**
     * Turns the category labels by the least of 0, 45 or 90 degrees at which they do not run into
     * each other, and has XChart label every category (by default it leaves out every other label
     * when a category is narrower than 74 px), unless even upright they cannot fit.
     *
     * @return whether the chart changed and needs painting again
     */
    private static boolean layOutCategoryLabels(BarChart spec, CategoryChart chart) {
        CategoryStyler styler = chart.getStyler();
        Font font = styler.getAxisTickLabelsFont();
        double widest = 0;
        for (String category : spec.categories()) {
            widest = Math.max(widest, font.getStringBounds(category, FRC).getWidth());
        }
        double line = font.getLineMetrics("Xg", FRC).getHeight();
        double cell = chart.getScreenXFromChart(1) - chart.getScreenXFromChart(0);
        // the narrowest cell at which neighbouring labels keep apart: turned by 45 degrees they are
        // cell * sin 45 apart across their lines, turned by 90 degrees a whole cell
        double flat = widest + line;
        double turned45 = 1.5 * line / Math.sqrt(0.5);
        double turned90 = 1.5 * line;
        int rotation = cell >= flat ? 0 : cell >= turned45 ? 45 : 90;
        int spacing = (int) Math.floor(rotation == 0 ? flat : rotation == 45 ? turned45 : turned90);
        // XChart skips labels when the cell is narrower than the spacing hint
        boolean changed = rotation != styler.getXAxisLabelRotation()
                || (cell < styler.getXAxisTickMarkSpacingHint()) != (cell < spacing);
        styler.setXAxisLabelRotation(rotation);
        styler.setXAxisTickMarkSpacingHint(spacing);
        return changed;
    }

    private static void drawErrorBarsAndLabels(BarChart spec, CategoryChart chart, Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(INK);
        g.setStroke(new BasicStroke(1.5f));
        g.setFont(LABEL_FONT);
        boolean log = spec.logScale();
        double axisBottom = chart.getScreenYFromChart(chart.getStyler().getYAxisMin());
        int n = spec.series().size();
        // XChart's layout of a group: the bars fill that share of the category's cell, centred in it
        double fill = chart.getStyler().getAvailableSpaceFill();
        double cell = chart.getScreenXFromChart(1) - chart.getScreenXFromChart(0);
        double barWidth = cell * fill / n;
        // all labels upright, or all turned when one would not fit its bar
        boolean upright = widestLabel(spec) <= barWidth - 2;
        for (int c = 0; c < spec.categories().size(); c++) {
            double cellLeft = chart.getScreenXFromChart(c);
            for (int s = 0; s < n; s++) {
                BarSeries series = spec.series().get(s);
                double v = series.values().get(c);
                if (Double.isNaN(v)) {
                    continue;
                }
                double x = cellLeft + cell * (1 - fill) / 2 + (s + 0.5) * barWidth;
                double e = series.error(c);
                double labelAt;
                if (!drawable(v, log)) {
                    labelAt = axisBottom;
                } else if (Double.isNaN(e) || e == 0) {
                    labelAt = chart.getScreenYFromChart(v);
                } else {
                    double top = chart.getScreenYFromChart(v + e);
                    double bottom = log && v - e <= 0 ? axisBottom : chart.getScreenYFromChart(v - e);
                    double cap = Math.min(6, barWidth / 4);
                    g.draw(new Line2D.Double(x, top, x, bottom));
                    g.draw(new Line2D.Double(x - cap, top, x + cap, top));
                    if (!(log && v - e <= 0)) {
                        g.draw(new Line2D.Double(x - cap, bottom, x + cap, bottom));
                    }
                    labelAt = v < 0 ? bottom : top;
                }
                if (spec.valueLabels()) {
                    drawLabel(g, shortNumber(v), x, labelAt, upright, v < 0);
                }
            }
        }
    }

    private static double widestLabel(BarChart spec) {
        double widest = 0;
        for (BarSeries series : spec.series()) {
            for (double v : series.values()) {
                if (!Double.isNaN(v)) {
                    widest = Math.max(widest, LABEL_FONT.getStringBounds(shortNumber(v), FRC).getWidth());
                }
            }
        }
        return widest;
    }

    /** {@code text} centred on {@code x}, just above {@code y} (below if {@code below}), upright or reading upwards. */
    private static void drawLabel(Graphics2D g, String text, double x, double y, boolean upright, boolean below) {
        Rectangle2D box = LABEL_FONT.getStringBounds(text, FRC);
        float ascent = LABEL_FONT.getLineMetrics(text, FRC).getAscent() * 0.75f; // digits stand about 3/4 of the ascent
        double gap = 4;
        if (upright) {
            double baseline = below ? y + gap + ascent : y - gap;
            g.drawString(text, (float) (x - box.getWidth() / 2), (float) baseline);
            return;
        }
        Graphics2D turned = (Graphics2D) g.create();
        try {
            // reads bottom to top; its baseline is a vertical line, the digits to the left of it
            turned.translate(x + ascent / 2, below ? y + gap + box.getWidth() : y - gap);
            turned.rotate(-Math.PI / 2);
            turned.drawString(text, 0f, 0f);
        } finally {
            turned.dispose();
        }
    }

    /** {@code value} in at most 3 significant digits, thousands as k, M, G, T: 0, 0.25, 31.2, 4.87k, 123M. */
    static String shortNumber(double value) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value == 0 ? "0" : Double.toString(value);
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(3));
        double abs = Math.abs(rounded.doubleValue());
        if (abs < 1e-3) {
            return rounded.stripTrailingZeros().toString();
        }
        String[] suffixes = {"", "k", "M", "G", "T"};
        int k = 0;
        while (k < suffixes.length - 1 && abs >= 1000) {
            rounded = rounded.movePointLeft(3);
            abs /= 1000;
            k++;
        }
        return rounded.stripTrailingZeros().toPlainString() + suffixes[k];
    }
}
