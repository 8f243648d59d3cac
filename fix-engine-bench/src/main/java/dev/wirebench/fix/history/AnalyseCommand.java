package dev.wirebench.fix.history;

import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.LatencyRecorder;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.PercentileTable;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code fix analyse FILE}: per-message round-trip percentiles from a history file that the ping-pong
 * wrote with {@link HistoryWriter}, with bootstrap confidence intervals.
 *
 * <p>Every request is timed to its own fill and ack: the percentiles are of messages, never of window
 * means. The first table is the live run's own (the same {@link LatencyRecorder} and
 * {@link PercentileTable}), so analysing the file a run wrote reproduces that run's figures; the
 * second gives each percentile from the exact sorted RTTs with a 95% interval
 * ({@link OrderStatisticBootstrap}). The run folder gets {@code analyse.out} (what was printed),
 * {@code rtt.hgrm} (fill RTTs), {@code ack.hgrm} and {@code rtt.png} (a percentile plot).
 *
 * <p>Exit status: 0 done, 1 bad options (or no run folder could be made), 2 the file is missing,
 * unreadable or malformed.
 */
public final class AnalyseCommand extends AbstractSubcommand {

    public AnalyseCommand() {
        super("analyse", "per-message round-trip percentiles, with bootstrap intervals, of a history file the "
                + "ping-pong wrote", "FILE   (one <nanotime>;<FIX message> line per message the client sent or received)", """
                A request's RTT ends at the first later message with its ClOrdID (11) and ExecType 150=F (the
                fill); its ack RTT at the first with 150=0. Prints the percentile table in µs and each percentile's
                95% bootstrap confidence interval (fixed seed 20251121, so reruns agree); the run folder gets
                analyse.out, rtt.hgrm (fills), ack.hgrm and rtt.png.""");
    }


    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    /** Below this many values above a percentile's rank, its interval is rough. */
    static final int FEW_ABOVE = 10;
    private static final String NAME = "wirebench fix analyse: ";

    /**
     * Runs {@code fix analyse} with {@code args} (after the subcommand's name): tables on {@code out},
     * errors and the run folder's path on {@code err}.
     *
     * @return 0 done, 1 bad options or no run folder, 2 a missing, unreadable or malformed file
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new AnalyseCommand(), "fix analyse", args, out, err).code();
    }

    @Override
    public void declare(OptionParser parser) {
        AnalyseOptions.declare(parser);
    }

    @Override
    public ExitStatus run(OptionSet set, PrintStream out, PrintStream err) {
        return analyse(AnalyseOptions.from(set), out, err);
    }

    private static ExitStatus analyse(AnalyseOptions options, PrintStream out, PrintStream err) {
        RoundTrips trips;
        try {
            trips = read(options);
        } catch (HistoryFormatException e) {
            err.println(NAME + options.file() + " " + e.getMessage());
            return ExitStatus.UNREADABLE;
        } catch (IOException e) {
            err.println(NAME + unreadable(options, e));
            return ExitStatus.UNREADABLE;
        }
        Histogram fills = histogram(trips.fills());
        Histogram acks = histogram(trips.acks());
        String text = report(options, trips, fills, acks);
        out.print(text);
        try {
            RunFolder folder = RunFolder.start(options.resultsDir());
            folder.writeText("analyse.out", text);
            Hgrm.write(folder, "rtt.hgrm", fills, TimeUnit.MICROSECONDS);
            Hgrm.write(folder, "ack.hgrm", acks, TimeUnit.MICROSECONDS);
            PercentilePlot plot = new PercentilePlot("FIX round trips in " + options.file().getFileName(),
                    List.of(new PercentileLine("fill (150=F)", fills), new PercentileLine("ack (150=0)", acks)),
                    TimeUnit.MICROSECONDS);
            Charts.writePng(plot, folder.resolve("rtt.png"));
            err.println("Run folder: " + folder + "/");
        } catch (UncheckedIOException e) {
            err.println(NAME + e.getMessage() + " (choose another folder with --results-dir DIR)");
            return ExitStatus.FAILED;
        }
        return ExitStatus.DONE;
    }

    private static RoundTrips read(AnalyseOptions options) throws IOException {
        if (Files.isDirectory(options.file())) {
            throw new IOException(options.file() + " is a directory, not a history file");
        }
        return RoundTrips.read(options.file(), options.requestField(), options.warmupNanos());
    }

    private static String unreadable(AnalyseOptions options, IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no history file " + options.file() + ": check the path (the ping-pong writes one when asked for history)";
        }
        if (e instanceof AccessDeniedException) {
            return "cannot read " + options.file() + ": permission denied";
        }
        String message = e.getMessage();
        return message != null && message.startsWith(options.file().toString()) ? message
                : "cannot read " + options.file() + ": " + message;
    }

    private static Histogram histogram(long[] nanos) {
        LatencyRecorder recorder = new LatencyRecorder();
        for (long rtt : nanos) {
            recorder.record(rtt);
        }
        return recorder.snapshot();
    }

    private static String report(AnalyseOptions options, RoundTrips trips, Histogram fills, Histogram acks) {
        StringBuilder text = new StringBuilder();
        text.append("History ").append(options.file()).append(": ").append(trips.lines()).append(" lines\n");
        text.append("Requests (").append(options.requestField()).append("): ").append(trips.timed()).append(" timed, ")
                .append(trips.skipped()).append(" skipped in the warm-up (first ").append(seconds(options.warmupNanos()))
                .append(" s), ")
                .append(trips.unanswered()).append(" unanswered (no 150=F by the end of the file)\n");
        if (trips.reused() > 0) {
            text.append(trips.reused()).append(" requests reused the ClOrdID of one still unanswered;"
                    + " each earlier one counts as unanswered\n");
        }
        if (trips.strayReplies() > 0) {
            text.append(trips.strayReplies()).append(" replies (150=0 or 150=F) match no request in the file by"
                    + " ClOrdID: the file lacks its start, or their orders were not filed\n");
        }
        long overLimit = Arrays.stream(trips.fills()).filter(v -> v > LatencyRecorder.DEFAULT_HIGHEST_TRACKABLE_NANOS).count();
        if (overLimit > 0) {
            text.append(overLimit).append(" fill RTTs over 1 h are recorded as 1 h in the first table: its top is a floor\n");
        }
        text.append("\nRound-trip time from each request to its ack and its fill (HdrHistogram, as the live run reports it):\n");
        text.append(new PercentileTable(TimeUnit.MICROSECONDS).add("ack", acks).add("fill", fills).toText());
        text.append("\nPercentiles of the exact RTTs (nearest rank) with 95% bootstrap confidence intervals (")
                .append(options.samples()).append(" replicates, seed ").append(OrderStatisticBootstrap.SEED).append("):\n");
        OrderStatisticBootstrap bootstrap = new OrderStatisticBootstrap(OrderStatisticBootstrap.SEED, options.samples());
        IntervalTable table = new IntervalTable();
        addIntervals(table, "ack", trips.acks(), bootstrap);
        addIntervals(table, "fill", trips.fills(), bootstrap);
        text.append(table.toText());
        text.append("Above: RTTs above the estimate; with fewer than ").append(FEW_ABOVE)
                .append(" the interval is rough (the bootstrap cannot see beyond the largest RTT).\n");
        return text.toString();
    }

    /** Nanoseconds as seconds, every digit kept: 0, 0.5, 60. */
    private static String seconds(long nanos) {
        return java.math.BigDecimal.valueOf(nanos).movePointLeft(9).stripTrailingZeros().toPlainString();
    }

    private static void addIntervals(IntervalTable table, String name, long[] sorted, OrderStatisticBootstrap bootstrap) {
        if (sorted.length == 0) {
            table.addEmpty(name);
            return;
        }
        List<PercentileInterval> intervals = new ArrayList<>();
        for (double p : PERCENTILES) {
            intervals.add(bootstrap.interval(sorted, p));
        }
        table.add(name, sorted.length, intervals);
    }
}
