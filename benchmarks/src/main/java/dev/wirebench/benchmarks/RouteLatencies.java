package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.LatencyRecorder;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How long {@code serve} took to handle each request since it started, one {@link LatencyRecorder} per
 * route template ({@code /api/test/{format}}, not each format), and the report of it: JSON for
 * {@code /api/test/hdr/report}, and a run folder with env.json, one {@code .hgrm} per route,
 * {@value #TABLE_FILE} and the percentile plot {@value #PLOT_FILE}.
 *
 * <p>A request's time runs from the handler's entry to the end of its response body; the time the JDK's
 * dispatcher spends accepting the connection and reading the headers is not in it. Not thread-safe:
 * the server records and reports from its single request thread.
 */
final class RouteLatencies {

    static final String TABLE_FILE = "latency.md";
    static final String PLOT_FILE = "latency.png";
    private static final double NANOS_PER_MICRO = 1_000.0;

    private final Map<String, LatencyRecorder> byRoute = new LinkedHashMap<>();
    private final LocalDateTime since;

    /** No routes yet; recording starts at {@code since}. */
    RouteLatencies(LocalDateTime since) {
        this.since = since;
    }

    /** A route reports list in the order they were added; one that was not is added when first recorded. */
    void add(String route) {
        byRoute.putIfAbsent(route, new LatencyRecorder());
    }

    void record(String route, long nanos) {
        byRoute.computeIfAbsent(route, r -> new LatencyRecorder()).record(nanos);
    }

    /**
     * Every route that handled a request so far (this report's own request is not finished, so not
     * counted), written to a new run folder under {@code resultsDir} and returned as JSON.
     *
     * @throws java.io.UncheckedIOException if the run folder cannot be written
     */
    ObjectNode report(Path resultsDir) {
        Map<String, Histogram> recorded = new LinkedHashMap<>();
        byRoute.forEach((route, recorder) -> {
            Histogram histogram = recorder.snapshot();
            if (histogram.getTotalCount() > 0) {
                recorded.put(route, histogram);
            }
        });
        LocalDateTime now = LocalDateTime.now();
        RunFolder folder = RunFolder.start(resultsDir);
        PercentileTable table = new PercentileTable(TimeUnit.MICROSECONDS);
        ObjectNode body = ServeReply.JSON.createObjectNode();
        body.put("runFolder", folder.path().toString())
                .put("since", since.truncatedTo(ChronoUnit.SECONDS).toString())
                .put("until", now.truncatedTo(ChronoUnit.SECONDS).toString())
                .put("unit", "µs");
        ObjectNode endpoints = body.putObject("endpoints");
        recorded.forEach((route, histogram) -> {
            String hgrm = fileName(route) + ".hgrm";
            Hgrm.write(folder, hgrm, histogram, TimeUnit.MICROSECONDS);
            table.add(route, histogram);
            endpoints.putObject(route)
                    .put("count", histogram.getTotalCount())
                    .put("min", micros(histogram.getMinValue()))
                    .put("mean", histogram.getMean() / NANOS_PER_MICRO)
                    .put("p50", micros(histogram.getValueAtPercentile(50)))
                    .put("p90", micros(histogram.getValueAtPercentile(90)))
                    .put("p99", micros(histogram.getValueAtPercentile(99)))
                    .put("p99.9", micros(histogram.getValueAtPercentile(99.9)))
                    .put("max", micros(histogram.getMaxValue()))
                    .put("hgrm", hgrm);
        });
        folder.writeText(TABLE_FILE, "# wirebench serve: request handling time\n\n"
                + "Every request the server finished from " + body.get("since").asText() + " to "
                + body.get("until").asText() + ", per route, from the handler's entry to the end of the response"
                + " (the report's own request is not counted). One `.hgrm` file per route holds the whole"
                + " distribution.\n\n" + table.toMarkdown()
                + (recorded.isEmpty() ? "" : "\n![request handling time by percentile](" + PLOT_FILE + ")\n"));
        writePlot(folder, recorded);
        body.put("table", TABLE_FILE);
        if (!recorded.isEmpty()) {
            body.put("chart", PLOT_FILE);
        }
        return body;
    }

    /** The percentile plot of every route that had requests, into {@code folder}; nothing when none had. */
    private static void writePlot(RunFolder folder, Map<String, Histogram> byEndpoint) {
        if (byEndpoint.isEmpty()) {
            return;
        }
        List<PercentileLine> lines = new ArrayList<>();
        byEndpoint.forEach((route, histogram) -> lines.add(new PercentileLine(route, histogram)));
        Charts.writePng(new PercentilePlot("serve: request handling time by percentile", lines, TimeUnit.MICROSECONDS),
                folder.resolve(PLOT_FILE));
    }

    /** A route template as a file name: {@code /api/test/{format}} is {@code api-test-format}, {@code /} is {@code index}. */
    static String fileName(String route) {
        String name = route.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return name.isEmpty() ? "index" : name;
    }

    private static double micros(long nanos) {
        return nanos / NANOS_PER_MICRO;
    }
}
