package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.Environment;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.results.Comparison;
import dev.wirebench.harness.results.Comparison.Row;
import dev.wirebench.harness.results.Comparison.Verdict;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import dev.wirebench.harness.stats.Estimate;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare <base> <new> [--threshold 5%]}: two runs of one suite (run folders of jmh, fix, smpp, pg or
 * latency, or JMH JSON files) measure by measure, judged on their samples ({@link Comparison}); exit status 3
 * when at least one measure got worse.
 */
public final class CompareCommand extends AbstractSubcommand {

    public CompareCommand() {
        super("compare", "two runs of one suite (jmh, fix, smpp, pg, latency) measure by measure: worse, better, ~ "
                + "or inconclusive", "<base> <new>   (run folders of one suite, or JMH JSON files)", """
                Each fork (JMH) or repeat (fix, smpp, pg, latency) is a sample. A change counts when a Mann-Whitney test
                of the two runs' samples, Holm-corrected over all measures, has p < 5% and the change (Hodges-Lehmann,
                new / base) exceeds the threshold; worse and better follow each metric's direction (a time that rises, a
                rate that falls is worse). ~ is no significant change; inconclusive means too few samples to decide.""");
    }


    private OptionSpec<String> thresholdSpec;
    private OptionSpec<String> resultsDir;

    @Override
    public void declare(OptionParser parser) {
        thresholdSpec = parser.accepts("threshold", "the smallest change that counts, in percent of the base")
                .withRequiredArg().describedAs("P%").defaultsTo(format(Comparison.DEFAULT_THRESHOLD_PERCENT) + "%");
        resultsDir = CommonOptions.resultsDir(parser, "where the run folder (env.json, compare.out) goes");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        List<String> files = options.nonOptionArguments().stream().map(Object::toString).toList();
        if (files.size() != 2) {
            throw new IllegalArgumentException("two runs to compare, got " + files.size());
        }
        double threshold = threshold(options.valueOf(thresholdSpec));
        return KeptOutput.run(name(), CommonOptions.resultsDir(options, resultsDir), out, err,
                tee -> compare(files, threshold, tee, err), ExitStatus.WORSE);
    }

    private static double threshold(String value) {
        double threshold;
        try {
            threshold = Double.parseDouble(value.endsWith("%") ? value.substring(0, value.length() - 1) : value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--threshold takes a percentage such as 5%, not " + value);
        }
        if (!(threshold >= 0)) {
            throw new IllegalArgumentException("--threshold must be 0% or more, not " + value);
        }
        return threshold;
    }

    private static ExitStatus compare(List<String> files, double threshold, PrintStream out, PrintStream err) {
        RunResults base;
        RunResults next;
        try {
            base = Runs.read(Path.of(files.get(0)));
            next = Runs.read(Path.of(files.get(1)));
        } catch (ResultsException e) {
            err.println("wirebench compare: " + e.getMessage());
            return ExitStatus.UNREADABLE;
        }
        if (!base.suite().equals(next.suite())) {
            err.println("wirebench compare: " + files.get(0) + " is a " + base.suite() + " run and " + files.get(1)
                    + " a " + next.suite() + " run; only runs of one suite compare");
            return ExitStatus.UNREADABLE;
        }
        Comparison comparison = Comparison.of(base.measures(), next.measures(), threshold);
        print(comparison, files, out);
        List<String> differences = machineDifferences(base, next);
        if (!differences.isEmpty()) {
            out.println();
            out.println("The runs did not run alike (env.json), so a change may be the machine's, not the code's:");
            differences.forEach(d -> out.println("  " + d));
        }
        return comparison.hasRegression() ? ExitStatus.WORSE : ExitStatus.DONE;
    }

    /** What differs between where the two runs ran; nothing when either did not record it. */
    static List<String> machineDifferences(RunResults base, RunResults next) {
        if (base.environment().isEmpty() || next.environment().isEmpty()) {
            return List.of();
        }
        ObjectMapper json = new ObjectMapper();
        return Environment.differences(json.valueToTree(base.environment()), json.valueToTree(next.environment()));
    }

    private static void print(Comparison c, List<String> files, PrintStream out) {
        out.printf(Locale.ROOT, "base: %s (%d measures)%nnew:  %s (%d measures)%n", files.get(0),
                c.rows().size() + c.onlyInBase().size(), files.get(1), c.rows().size() + c.onlyInNew().size());
        out.printf(Locale.ROOT, "Per measure: the median of the samples [95%% interval] (samples); change: new ÷ base "
                + "(Hodges–Lehmann) [95%% interval]; p: Mann–Whitney on the samples, Holm-corrected over %d measures.%n"
                + "worse/better: p < %s and a change beyond ±%s%%, in the metric's direction; ~: no significant change; "
                + "inconclusive: too few samples to decide (this table needs %d per run).%n%n",
                c.rows().stream().filter(r -> !Double.isNaN(r.pValue())).count(), format(Comparison.ALPHA * 100) + "%",
                format(c.thresholdPercent()), c.samplesNeeded());
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"Case", "Metric", "Base", "New", "Unit", "Change", "p", "Verdict"});
        for (Row row : c.rows()) {
            cells.add(new String[]{row.base().caseLabel(), row.base().metric(), estimate(row.baseEstimate()),
                    estimate(row.nextEstimate()), row.base().unit(), change(row),
                    Double.isNaN(row.adjustedP()) ? "–" : pValue(row.adjustedP()), row.verdict().toString()});
        }
        int[] width = new int[cells.get(0).length];
        for (String[] line : cells) {
            for (int i = 0; i < line.length; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        for (String[] line : cells) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                boolean left = i == 0 || i == 1 || i == 4 || i == line.length - 1;
                String pad = " ".repeat(width[i] - line[i].length());
                text.append(i == 0 ? "" : "  ").append(left ? line[i] + (i == line.length - 1 ? "" : pad) : pad + line[i]);
            }
            out.println(text);
        }
        listOnly("Only in base (not measured in the new run):", c.onlyInBase(), out);
        listOnly("Only in new (not measured in the base run):", c.onlyInNew(), out);
        out.printf(Locale.ROOT, "%n%d worse, %d better, %d ~, %d inconclusive; %d only in base, %d only in new.%n",
                c.count(Verdict.WORSE), c.count(Verdict.BETTER), c.count(Verdict.SAME), c.count(Verdict.INCONCLUSIVE),
                c.onlyInBase().size(), c.onlyInNew().size());
        long lone = c.rows().stream().filter(r -> r.base().sample() != Sample.EXACT
                && (r.baseEstimate().n() < 2 || r.nextEstimate().n() < 2)).count();
        if (lone > 0) {
            out.printf(Locale.ROOT, "%d measures have one sample in a run: a single sample cannot show a change, however "
                    + "large; run %d or more (--rounds or a --preset for JMH, --repeats for the others).%n", lone,
                    c.samplesNeeded());
        }
    }

    private static String estimate(Estimate e) {
        if (e.n() < 2) {
            return SummaryMarkdown.number(e.median()) + " (" + e.n() + ")";
        }
        return SummaryMarkdown.number(e.median()) + " [" + SummaryMarkdown.number(e.low()) + ", " + SummaryMarkdown.number(e.high()) + "] ("
                + e.n() + ")";
    }

    private static String change(Row row) {
        String point = Double.isInfinite(row.ratio()) ? "from 0" : String.format(Locale.ROOT, "%+.1f%%", row.changePercent());
        if (!row.hasInterval()) {
            return point;
        }
        return String.format(Locale.ROOT, "%s [%+.1f, %+.1f]", point, (row.ratioLow() - 1) * 100,
                (row.ratioHigh() - 1) * 100);
    }

    private static String pValue(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static void listOnly(String title, List<Measure> measures, PrintStream out) {
        if (measures.isEmpty()) {
            return;
        }
        out.println();
        out.println(title);
        for (Measure m : measures) {
            out.printf(Locale.ROOT, "  %s  %s  %s %s%n", m.caseLabel(), m.metric(), estimate(m.estimate()), m.unit());
        }
    }

    private static String format(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
    }
}
