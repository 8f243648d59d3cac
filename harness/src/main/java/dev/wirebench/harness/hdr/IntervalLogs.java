package dev.wirebench.harness.hdr;

import dev.wirebench.harness.results.RecordedHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads back what {@link IntervalLog} wrote, refusing anything else in one line that names the file. */
public final class IntervalLogs {

    /**
     * One client's log.
     *
     * @param config          what ran, as the header says
     * @param host            the client's host
     * @param responses       the response names
     * @param measuredSeconds the measured time's length
     * @param startMillis     when the measured time began, epoch milliseconds by the client's clock
     * @param totals          per response, every interval added up
     * @param intervals       windows read
     */
    public record Log(Path file, Map<String, String> config, String host, List<String> responses, double measuredSeconds,
                      long startMillis, Map<String, Histogram> totals, int intervals) {
    }

    private IntervalLogs() {
    }

    /**
     * Reads one log whole.
     *
     * @throws IllegalArgumentException naming the file and what is wrong: missing, not a wirebench interval log,
     *                                  cut short (no end line, or fewer intervals than it says), or damaged
     */
    public static Log read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage());
        }
        if (lines.isEmpty() || !lines.get(0).equals(IntervalLog.MAGIC)) {
            throw new IllegalArgumentException(file + " is not a wirebench interval log (its first line is not '"
                    + IntervalLog.MAGIC + "')");
        }
        Map<String, String> config = new LinkedHashMap<>();
        String host = null;
        List<String> responses = null;
        double measured = Double.NaN;
        int declared = -1;
        for (String line : lines) {
            if (line.startsWith(IntervalLog.CONFIG)) {
                String entry = line.substring(IntervalLog.CONFIG.length());
                int eq = entry.indexOf('=');
                if (eq > 0) {
                    config.put(entry.substring(0, eq), entry.substring(eq + 1));
                }
            } else if (line.startsWith(IntervalLog.HOST)) {
                host = line.substring(IntervalLog.HOST.length());
            } else if (line.startsWith(IntervalLog.RESPONSES)) {
                responses = List.of(line.substring(IntervalLog.RESPONSES.length()).split(","));
            } else if (line.startsWith(IntervalLog.MEASURED)) {
                measured = number(file, line.substring(IntervalLog.MEASURED.length()));
            } else if (line.startsWith(IntervalLog.END)) {
                declared = (int) number(file, line.substring(IntervalLog.END.length()));
            }
        }
        if (host == null || responses == null || Double.isNaN(measured) || config.isEmpty()) {
            throw new IllegalArgumentException(file + " is damaged: its header lacks the configuration, host, responses"
                    + " or measured time");
        }
        if (declared < 0) {
            throw new IllegalArgumentException(file + " is cut short: it has no end line (was its client stopped, or the"
                    + " file copied while it ran?)");
        }
        for (String line : lines) {
            // HdrHistogram allocates what each interval's header claims as it reads it: those claims are checked first
            if (!line.isEmpty() && line.charAt(0) != '#' && line.charAt(0) != '"') {
                try {
                    RecordedHistogram.requireRecordable(Base64.getDecoder().decode(line.substring(line.lastIndexOf(',') + 1)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + " is damaged: an interval's histogram: " + e.getMessage());
                }
            }
        }
        Map<String, Histogram> totals = new LinkedHashMap<>();
        int histograms = 0;
        long start;
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (!(h instanceof Histogram histogram)) {
                    throw new IllegalArgumentException("an interval is not an integer histogram");
                }
                String tag = histogram.getTag();
                if (tag == null || !responses.contains(tag)) {
                    throw new IllegalArgumentException("an interval's tag '" + tag + "' is none of " + responses);
                }
                Histogram total = totals.computeIfAbsent(tag, t -> new Histogram(3));
                total.add(histogram);
                histograms++;
            }
            start = (long) (reader.getStartTimeSec() * 1000);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is damaged: " + e.getMessage());
        }
        if (histograms != declared * responses.size()) {
            throw new IllegalArgumentException(file + " is damaged: its end line says " + declared + " intervals of "
                    + responses.size() + " response(s), " + histograms + " histograms were read");
        }
        for (String r : responses) {
            totals.computeIfAbsent(r, t -> new Histogram(3));
        }
        return new Log(file, config, host, responses, measured, start, totals, declared);
    }

    private static double number(Path file, String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " is damaged: '" + text + "' is not a number");
        }
    }

    /**
     * Checks that every log is of the same configuration and has the same responses.
     *
     * @throws IllegalArgumentException naming two files and the first setting they differ in
     */
    public static void requireSameRun(List<Log> logs) {
        Log first = logs.get(0);
        for (Log other : logs.subList(1, logs.size())) {
            if (!other.config().equals(first.config()) || !other.responses().equals(first.responses())) {
                String key = first.config().keySet().stream().filter(k -> !first.config().get(k).equals(other.config().get(k)))
                        .findFirst().orElse(null);
                String what = key != null ? key + " is '" + first.config().get(key) + "' in one and '"
                        + other.config().get(key) + "' in the other"
                        : !other.responses().equals(first.responses()) ? "their responses differ"
                        : "their settings differ";
                throw new IllegalArgumentException(first.file() + " and " + other.file() + " are of different runs: " + what);
            }
        }
    }
}
