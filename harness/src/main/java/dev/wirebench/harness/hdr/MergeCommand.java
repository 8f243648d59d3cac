package dev.wirebench.harness.hdr;

import dev.wirebench.harness.Charts;
import dev.wirebench.harness.Hgrm;
import dev.wirebench.harness.PercentileLine;
import dev.wirebench.harness.PercentilePlot;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.report.Layout;
import dev.wirebench.harness.report.Layout.Column;
import dev.wirebench.harness.report.Layout.Section;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RecordedHistogram;
import dev.wirebench.harness.results.Repeats;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code merge}: the interval logs of several client hosts, measured against one server at the same time, as one
 * distribution. Percentiles cannot be averaged; the histograms are added and read again. Logs of different
 * configurations are refused.
 */
public final class MergeCommand extends AbstractSubcommand {

    static final String SUMMARY = "summary.md";
    static final String PLOT = "merged.png";
    private OptionSpec<String> resultsDir;

    public MergeCommand() {
        super("merge", "the .hlog interval logs that several client hosts wrote in one fix or smpp run, as one histogram, "
                + "table and plot", "<.hlog or run folder>...", """
                Each client of a multi-host run (fix or smpp --role client, one per host, against one --role server)
                writes an .hlog per case and round into its run folder. Copy them to one machine and pass the files (or
                the folders: every .hlog in them): their settings must agree. The run folder gets summary.md (a row per
                client and one for all of them: count, rate, percentiles from the added histograms), results.json, one
                .hgrm per response and merged.png.""");
    }

    @Override
    public void declare(OptionParser parser) {
        resultsDir = CommonOptions.resultsDir(parser, "where the run folder goes");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        List<Path> files = new ArrayList<>();
        for (Object operand : options.nonOptionArguments()) {
            Path p = Path.of(operand.toString());
            if (Files.isDirectory(p)) {
                try (Stream<Path> in = Files.list(p)) {
                    in.filter(f -> f.getFileName().toString().endsWith(".hlog")).sorted().forEach(files::add);
                } catch (IOException e) {
                    err.println("wirebench merge: " + p + " cannot be read: " + e.getMessage());
                    return ExitStatus.UNREADABLE;
                }
            } else {
                files.add(p);
            }
        }
        if (files.size() < 2) {
            throw new IllegalArgumentException("merge needs two or more .hlog files (or run folders holding them), got "
                    + files.size());
        }
        List<IntervalLogs.Log> logs = new ArrayList<>();
        try {
            for (Path f : files) {
                logs.add(IntervalLogs.read(f));
            }
            IntervalLogs.requireSameRun(logs);
        } catch (IllegalArgumentException e) {
            err.println("wirebench merge: " + e.getMessage());
            return ExitStatus.UNREADABLE;
        }
        RunFolder folder = RunFolder.startOrSay(CommonOptions.resultsDir(options, resultsDir), "merge", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        RunResults model = results(folder, logs);
        write(folder, model, logs);
        out.print(SummaryMarkdown.text(model, layout(logs, false)));
        out.println("Run folder: " + folder + "/");
        return ExitStatus.DONE;
    }

    /** A row per client (by its file) and one for all of them, from the added histograms. */
    static RunResults results(RunFolder folder, List<IntervalLogs.Log> logs) {
        IntervalLogs.Log first = logs.get(0);
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        Map<String, Histogram> all = new LinkedHashMap<>();
        List<String> labels = logs.stream().map(MergeCommand::label).toList();
        if (labels.stream().distinct().count() < labels.size()) {
            // two hosts of one name whose runs started in the same second: their whole paths tell them apart
            labels = logs.stream().map(l -> l.host() + " " + l.file().toAbsolutePath()).toList();
        }
        for (int i = 0; i < logs.size(); i++) {
            IntervalLogs.Log log = logs.get(i);
            add(Map.of("client", labels.get(i)), log.totals(), log.measuredSeconds(), measures, histograms);
            log.totals().forEach((r, h) -> all.computeIfAbsent(r, x -> new Histogram(3)).add(h));
        }
        add(Map.of("client", "all"), all, first.measuredSeconds(), measures, histograms);
        Map<String, String> settings = new LinkedHashMap<>(first.config());
        settings.put("Clients", logs.size() + " logs, started within " + spreadSeconds(logs) + " s of each other"
                + (overlap(logs) ? "" : "; their measured times do not all overlap, so the rate of all is not a load the"
                + " server met at once"));
        return RunResults.of(folder.path(), first.config().getOrDefault("suite", "merge"),
                "Merged interval logs of " + first.config().getOrDefault("target", "a run"), settings, List.of(), measures,
                histograms);
    }

    private static void add(Map<String, String> dims, Map<String, Histogram> totals, double seconds,
                            List<Measure> measures, List<RecordedHistogram> histograms) {
        totals.forEach((response, h) -> Repeats.latency(dims, response, List.of(h), measures, histograms));
        Histogram completing = new ArrayList<>(totals.values()).get(totals.size() - 1);
        measures.add(Measure.exact(dims, "requests/s", "requests/s", Better.HIGHER, completing.getTotalCount() / seconds));
    }

    /** The client's name: its host, and its run folder and file, since two clients may share a host name. */
    private static String label(IntervalLogs.Log log) {
        Path parent = log.file().toAbsolutePath().getParent();
        return log.host() + " " + (parent == null ? "" : parent.getFileName() + "/") + log.file().getFileName();
    }

    private static String spreadSeconds(List<IntervalLogs.Log> logs) {
        long min = logs.stream().mapToLong(IntervalLogs.Log::startMillis).min().orElse(0);
        long max = logs.stream().mapToLong(IntervalLogs.Log::startMillis).max().orElse(0);
        return String.format(Locale.ROOT, "%.1f", (max - min) / 1000.0);
    }

    /** Whether every measured time overlaps every other. */
    private static boolean overlap(List<IntervalLogs.Log> logs) {
        long latestStart = logs.stream().mapToLong(IntervalLogs.Log::startMillis).max().orElse(0);
        long earliestEnd = logs.stream().mapToLong(l -> l.startMillis() + (long) (l.measuredSeconds() * 1000)).min()
                .orElse(0);
        return latestStart < earliestEnd;
    }

    private static Layout layout(List<IntervalLogs.Log> logs, boolean plotted) {
        List<Section> sections = new ArrayList<>();
        for (String response : logs.get(0).responses()) {
            List<Column> columns = new ArrayList<>();
            columns.add(Column.histogram("Count", response, "count", 1));
            columns.add(Column.estimate("Requests/s", "requests/s"));
            for (double p : Repeats.PERCENTILES) {
                columns.add(Column.estimate(Repeats.percentileName(p) + " (µs)", response + " " + Repeats.percentileName(p)));
            }
            columns.add(Column.histogram("Max (µs)", response, "max", 1000));
            sections.add(Section.of("Latency to " + response, Map.of(), List.of("client"), columns));
        }
        return new Layout(List.of("Each client's histogram is every interval of its .hlog added up; the row 'all' adds the"
                        + " clients' histograms and reads its percentiles from the sum (percentiles cannot be averaged)"),
                sections, plotted ? List.of(new Layout.Figure("Merged latency by percentile", PLOT)) : List.of());
    }

    private static void write(RunFolder folder, RunResults model, List<IntervalLogs.Log> logs) {
        List<PercentileLine> lines = new ArrayList<>();
        String completing = logs.get(0).responses().get(logs.get(0).responses().size() - 1);
        for (RecordedHistogram h : model.histograms()) {
            boolean merged = h.dims().get("client").equals("all");
            if (merged) {
                Hgrm.write(folder, "all-" + h.name() + ".hgrm", h.histogram(), TimeUnit.MICROSECONDS);
            }
            if (h.name().equals(completing) && lines.size() < PercentilePlot.MAX_LINES) {
                lines.add(new PercentileLine(h.dims().get("client"), h.histogram(), !merged));
            }
        }
        boolean plotted = lines.stream().anyMatch(l -> l.nanos().getTotalCount() > 0);
        if (plotted) {
            List<PercentileLine> drawn = new ArrayList<>(lines.stream().filter(l -> !l.reference()).toList());
            lines.stream().filter(PercentileLine::reference).limit(PercentilePlot.MAX_REFERENCE_LINES).forEach(drawn::add);
            Charts.writePng(new PercentilePlot("Merged " + completing + " latency by percentile", drawn,
                    TimeUnit.MICROSECONDS), folder.resolve(PLOT));
        }
        ResultsFile.write(folder.path(), model);
        folder.writeText(SUMMARY, SummaryMarkdown.markdown(model, layout(logs, plotted)));
    }
}
