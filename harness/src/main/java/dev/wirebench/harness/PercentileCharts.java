package dev.wirebench.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws {@link PercentilePlot}s, as that record describes, with XChart's {@link XYChart}: a logarithmic
 * x axis whose decades XChart labels through {@link #percentileLabel}.
 */
final class PercentileCharts {

    static {
        Charts.init(); // headless before any AWT class loads
    }

    /** The y axis turns logarithmic when the largest value is more than this many times the smallest. */
    static final double LOG_SPAN = 100;
    /** How far a logarithmic axis reaches past the values at either end, as a factor. */
    private static final double ROOM = 1.25;
    private static final float LINE_WIDTH = 2f;
    private static final float[][] DASHES = {{9f, 5f}, {2f, 4f}, {9f, 4f, 2f, 4f}};

    private PercentileCharts() {
    }

    /** The plot as an image, for {@link Charts#writePng(PercentilePlot, java.nio.file.Path, int, int)} and tests. */
    static BufferedImage render(PercentilePlot plot, int width, int height) {
        return Charts.paint(build(plot, width, height), width, height);
    }

    /** The chart, not yet laid out: XChart does that as it paints. */
    static XYChart build(PercentilePlot plot, int width, int height) {
        double nanosPerUnit = plot.unit().toNanos(1);
        List<double[][]> data = new ArrayList<>();
        for (PercentileLine line : plot.lines()) {
            data.add(points(line.nanos(), nanosPerUnit));
        }
        double[] y = yRange(data);
        boolean log = y[2] != 0;
        double xMax = xMax(data);
        String unit = PercentileTable.label(plot.unit());
        XYChart chart = new XYChartBuilder().width(width).height(height).title(plot.title())
                .xAxisTitle("percentile").yAxisTitle("latency in " + unit + (log ? " (log scale)" : "")).build();
        XYStyler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        // a grid line at every minor tick of two log axes: faint and solid, or it drowns the lines
        styler.setPlotGridLinesColor(new Color(0xE4E4E4));
        styler.setPlotGridLinesStroke(new BasicStroke(1f));
        styler.setLegendPosition(LegendPosition.OutsideE);
        styler.setLegendLayout(LegendLayout.Vertical);
        styler.setLegendSeriesLineLength(40); // long enough to show a dash pattern
        styler.setXAxisLogarithmic(true);
        styler.setXAxisLogarithmicDecadeOnly(true);
        styler.setXAxisMin(1.0);
        styler.setXAxisMax(xMax);
        styler.setXAxisTickLabelsFormattingFunction(PercentileCharts::percentileLabel);
        styler.setYAxisLogarithmic(log);
        styler.setYAxisLogarithmicDecadeOnly(true);
        styler.setYAxisMin(y[0]);
        styler.setYAxisMax(y[1]);
        styler.setYAxisTickLabelsFormattingFunction(Charts::shortNumber);
        int ordinary = 0;
        int reference = 0;
        for (int i = 0; i < data.size(); i++) {
            PercentileLine line = plot.lines().get(i);
            double[][] xy = data.get(i);
            double[] ys = xy[1].clone();
            for (int k = 0; k < ys.length; k++) {
                // XChart refuses a log axis with a value <= 0
                ys[k] = log ? Math.max(ys[k], y[0]) : ys[k];
            }
            XYSeries series;
            if (xy[0].length == 0) {
                // nothing to draw, but the legend still lists it; XChart skips NaN
                series = chart.addSeries(line.name() + " (no values)", new double[] {1}, new double[] {Double.NaN});
            } else {
                series = chart.addSeries(line.name(), xy[0], ys);
            }
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            series.setMarker(xy[0].length == 1 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            if (line.reference()) {
                series.setLineColor(Charts.referenceColor());
                series.setMarkerColor(Charts.referenceColor());
                series.setLineStyle(new BasicStroke(LINE_WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                        DASHES[reference++], 0f));
            } else {
                series.setLineColor(Charts.lineColor(ordinary));
                series.setMarkerColor(Charts.lineColor(ordinary++));
                series.setLineStyle(new BasicStroke(LINE_WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            }
        }
        return chart;
    }

    /**
     * The points of a histogram's line, {x[], y[]}: y in the unit of {@code nanosPerUnit} nanoseconds;
     * none for an empty histogram.
     */
    static double[][] points(Histogram nanos, double nanosPerUnit) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (HistogramIterationValue v : nanos.percentiles(5)) {
            double level = v.getPercentileLevelIteratedTo();
            double x = level < 100 ? percentileToX(level)
                    : Math.max(xs.isEmpty() ? 1 : xs.get(xs.size() - 1), nanos.getTotalCount());
            double y = v.getValueIteratedTo() / nanosPerUnit;
            if (!xs.isEmpty() && x == xs.get(xs.size() - 1) && y == ys.get(ys.size() - 1)) {
                continue; // the 100% point where the one before it already stands
            }
            xs.add(x);
            ys.add(y);
        }
        double[][] xy = new double[2][xs.size()];
        for (int i = 0; i < xs.size(); i++) {
            xy[0][i] = xs.get(i);
            xy[1][i] = ys.get(i);
        }
        return xy;
    }

    /** Where a percentile ({@code 0 <= p < 100}) lies on the x axis: {@code 1/(1-p/100)}; 90 -> 10, 99.9 -> 1000. */
    static double percentileToX(double percentile) {
        return 100 / (100 - percentile);
    }

    /** The label of the tick at {@code x}: the percentile there, {@code 1 -> "0%"}, {@code 1000 -> "99.9%"}. */
    static String percentileLabel(double x) {
        // x is a power of ten give or take XChart's rounding: keep the decimals its nines need
        int decimals = Math.max(0, (int) Math.round(Math.log10(x)) - 2);
        BigDecimal percentile = BigDecimal.valueOf(100 - 100 / x).setScale(decimals, java.math.RoundingMode.HALF_UP);
        return percentile.stripTrailingZeros().toPlainString() + "%";
    }

    /** The x axis' right end: a little past the rightmost point, and at least 10 (90%). */
    private static double xMax(List<double[][]> data) {
        double max = 0;
        for (double[][] xy : data) {
            for (double x : xy[0]) {
                max = Math.max(max, x);
            }
        }
        return Math.max(10, max * ROOM);
    }

    /**
     * The y axis {min, max, log ? 1 : 0}: logarithmic from a little below the smallest value above 0 to
     * a little above the largest, when they are more than {@link #LOG_SPAN} apart; otherwise linear
     * from 0 to a little above the largest.
     */
    static double[] yRange(List<double[][]> data) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double[][] xy : data) {
            for (double y : xy[1]) {
                hi = Math.max(hi, y);
                if (y > 0) {
                    lo = Math.min(lo, y);
                }
            }
        }
        if (hi == 0) {
            return new double[] {0, 1, 0}; // no values, or only zeros
        }
        if (hi / lo > LOG_SPAN) {
            // a little room, so that no line hides in the plot's border
            return new double[] {lo / ROOM, hi * ROOM, 1};
        }
        return new double[] {0, hi * 1.05, 0};
    }
}
