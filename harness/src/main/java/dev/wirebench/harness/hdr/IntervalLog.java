package dev.wirebench.harness.hdr;

import dev.wirebench.harness.rig.WindowListener;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes one client's measurement as an HdrHistogram interval log ({@code .hlog}): one interval histogram per
 * window and response, tagged with the response's name, after a header that says what ran (the configuration
 * {@code merge} compares), on which host, when it started, and how long it measured. HdrHistogram's own tools
 * (HistogramLogProcessor, the plotter) read it as any interval log; the header lines are comments to them.
 */
public final class IntervalLog implements WindowListener, AutoCloseable {

    /** The first line of every log this writes. */
    static final String MAGIC = "#wirebench interval log 1";
    static final String CONFIG = "#wirebench-config ";
    static final String HOST = "#wirebench-host ";
    static final String RESPONSES = "#wirebench-responses ";
    static final String MEASURED = "#wirebench-measured-seconds ";
    static final String END = "#wirebench-end intervals=";

    private final Path file;
    private final OutputStream stream;
    private final PrintStream print;
    private final HistogramLogWriter writer;
    private final List<String> responses;
    private long startMillis = -1;
    private int intervals;

    /**
     * Creates (or replaces) {@code file} and writes the header.
     *
     * @param config      what ran, as {@code merge} compares it: suite, target, load, sessions, in flight, ...
     * @param responses       the response names, the tags of the intervals
     * @param measuredSeconds the measured time's length
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public IntervalLog(Path file, Map<String, String> config, String host, List<String> responses,
                       double measuredSeconds) {
        this.file = file;
        this.responses = List.copyOf(responses);
        try {
            this.stream = Files.newOutputStream(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        this.print = new PrintStream(stream, false, StandardCharsets.UTF_8);
        print.println(MAGIC);
        config.forEach((k, v) -> print.println(CONFIG + k + "=" + v.replace('\n', ' ')));
        print.println(HOST + host);
        print.println(RESPONSES + String.join(",", responses));
        print.println(MEASURED + measuredSeconds);
        writer = new HistogramLogWriter(print);
        print.flush();
    }

    /** Intervals count from the measured time's start, which HdrHistogram's header gives as StartTime. */
    @Override
    public void measuring(long epochMillis) {
        if (startMillis >= 0) {
            return;
        }
        startMillis = epochMillis;
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
    }

    @Override
    public void window(int index, long startNanos, long endNanos, List<Histogram> latency) {
        // a run that failed in its warm-up closes its one window without having begun measuring
        measuring(System.currentTimeMillis());
        for (int i = 0; i < latency.size(); i++) {
            Histogram h = latency.get(i);
            h.setTag(responses.get(i));
            h.setStartTimeStamp(startMillis + startNanos / 1_000_000);
            h.setEndTimeStamp(startMillis + Math.max(endNanos, startNanos + 1_000_000) / 1_000_000);
            writer.outputIntervalHistogram(h);
        }
        intervals++;
        print.flush();
        if (print.checkError()) {
            throw new UncheckedIOException(new IOException("cannot write " + file));
        }
    }

    /** Writes the end line, which a complete log has, and closes the file. */
    @Override
    public void close() {
        print.println(END + intervals);
        print.close();
        if (print.checkError()) {
            throw new UncheckedIOException(new IOException("cannot write " + file));
        }
    }
}
