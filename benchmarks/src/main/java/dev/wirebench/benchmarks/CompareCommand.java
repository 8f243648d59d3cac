package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.Comparison;
import dev.wirebench.harness.Comparison.Row;
import dev.wirebench.harness.Comparison.Verdict;
import dev.wirebench.harness.Environment;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.Summary;
import dev.wirebench.harness.stats.Estimate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare <base> <new> [--threshold 5%]}: two JMH result files (or run folders) case by case,
 * judged on their fork samples ({@link Comparison}); exit status 3 when at least one case got slower.
 */
final class CompareCommand {

    static final int REGRESSION = 3;
    static final int UNREADABLE = 2;
    static final String USAGE = """
            Usage: java -jar benchmarks.jar compare <base> <new> [--threshold 5%]
              <base>, <new>   JMH JSON files (-rf json) or run folders holding a jmh.json
              --threshold P   the smallest change that counts, in percent of the base score (default 5%)
            Each fork is a sample. A change counts when a Mann-Whitney test of the two runs' forks, Holm-corrected
            over all cases, has p < 5% and the change (Hodges-Lehmann, new / base) exceeds the threshold.
            ~ is no significant change; inconclusive means too few forks to decide (one fork never can).
            Exit status: 0 no benchmark slower, 3 at least one slower, 2 a file cannot be read, 1 bad options.""";
    private static final double DEFAULT_THRESHOLD = 5;

    private CompareCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> files = new ArrayList<>();
        double threshold = DEFAULT_THRESHOLD;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                out.println(USAGE);
                return 0;
            } else if (arg.equals("--threshold")) {
                if (i + 1 == args.length) {
                    return usage(err, "--threshold needs a value, e.g. 5%");
                }
                String value = args[++i];
                try {
                    threshold = Double.parseDouble(value.endsWith("%") ? value.substring(0, value.length() - 1) : value);
                } catch (NumberFormatException e) {
                    return usage(err, "--threshold takes a percentage such as 5%, not " + value);
                }
                if (!(threshold >= 0)) {
                    return usage(err, "--threshold must be 0% or more, not " + value);
                }
            } else if (arg.startsWith("-")) {
                return usage(err, "unknown option " + arg);
            } else {
                files.add(arg);
            }
        }
        if (files.size() != 2) {
            return usage(err, "two result files to compare, got " + files.size());
        }
        List<JmhResult> base;
        List<JmhResult> next;
        try {
            base = JmhJson.read(Path.of(files.get(0)));
            next = JmhJson.read(Path.of(files.get(1)));
        } catch (ResultsException e) {
            err.println("wirebench compare: " + e.getMessage());
            return UNREADABLE;
        }
        Comparison comparison = Comparison.of(base, next, threshold);
        print(comparison, files, out);
        List<String> differences = machineDifferences(Path.of(files.get(0)), Path.of(files.get(1)));
        if (!differences.isEmpty()) {
            out.println();
            out.println("The runs did not run alike (env.json), so a change may be the machine's, not the code's:");
            differences.forEach(d -> out.println("  " + d));
        }
        return comparison.hasRegression() ? REGRESSION : 0;
    }

    /** What differs between the env.json files of the two runs' folders; nothing when either has none. */
    static List<String> machineDifferences(Path base, Path next) {
        JsonNode a = env(base);
        JsonNode b = env(next);
        return a == null || b == null ? List.of() : Environment.differences(a, b);
    }

    private static JsonNode env(Path result) {
        Path folder = Files.isDirectory(result) ? result : result.toAbsolutePath().getParent();
        Path env = folder.resolve(Main.ENV_FILE);
        try {
            return Files.isRegularFile(env) ? new ObjectMapper().readTree(env.toFile()) : null;
        } catch (IOException unreadable) {
            return null;
        }
    }

    private static void print(Comparison c, List<String> files, PrintStream out) {
        out.printf(Locale.ROOT, "base: %s (%d benchmarks)%nnew:  %s (%d benchmarks)%n", files.get(0),
                c.rows().size() + c.onlyInBase().size(), files.get(1), c.rows().size() + c.onlyInNew().size());
        out.printf(Locale.ROOT, "Per case: the median of the fork scores [95%% interval] (forks); change: new ÷ base "
                + "(Hodges–Lehmann) [95%% interval]; p: Mann–Whitney on the forks, Holm-corrected over %d cases.%n"
                + "slower/faster: p < %s and a change beyond ±%s%%; ~: no significant change; inconclusive: too few "
                + "forks to decide (this table needs %d per run).%n%n",
                c.rows().stream().filter(r -> !Double.isNaN(r.pValue())).count(), format(Comparison.ALPHA * 100) + "%",
                format(c.thresholdPercent()), c.forksNeeded());
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"Benchmark", "Mode", "Base", "New", "Unit", "Change", "p", "Verdict"});
        for (Row row : c.rows()) {
            cells.add(new String[]{row.base().label(), row.base().mode(), estimate(row.baseEstimate()),
                    estimate(row.nextEstimate()), row.base().primary().unit(), change(row),
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
        out.printf(Locale.ROOT, "%n%d slower, %d faster, %d ~, %d inconclusive; %d only in base, %d only in new.%n",
                c.count(Verdict.SLOWER), c.count(Verdict.FASTER), c.count(Verdict.SAME), c.count(Verdict.INCONCLUSIVE),
                c.onlyInBase().size(), c.onlyInNew().size());
        long lone = c.rows().stream().filter(r -> r.baseEstimate().n() < 2 || r.nextEstimate().n() < 2).count();
        if (lone > 0) {
            out.printf(Locale.ROOT, "%d cases have one fork in a run: a single fork cannot show a change, however large; "
                    + "run %d or more (--rounds, or a --preset).%n", lone, c.forksNeeded());
        }
    }

    private static String estimate(Estimate e) {
        if (e.n() < 2) {
            return Summary.number(e.median()) + " (" + e.n() + ")";
        }
        return Summary.number(e.median()) + " [" + Summary.number(e.low()) + ", " + Summary.number(e.high()) + "] ("
                + e.n() + ")";
    }

    private static String change(Row row) {
        String point = String.format(Locale.ROOT, "%+.1f%%", row.changePercent());
        if (row.ratioLow() <= 0 && Double.isInfinite(row.ratioHigh())) {
            return point;
        }
        return String.format(Locale.ROOT, "%s [%+.1f, %+.1f]", point, (row.ratioLow() - 1) * 100,
                (row.ratioHigh() - 1) * 100);
    }

    private static String pValue(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static void listOnly(String title, List<JmhResult> results, PrintStream out) {
        if (results.isEmpty()) {
            return;
        }
        out.println();
        out.println(title);
        for (JmhResult r : results) {
            out.printf(Locale.ROOT, "  %s %s  %s %s%n", r.label(), r.mode(), estimate(Estimate.of(r.primary().samples())),
                    r.primary().unit());
        }
    }

    private static String format(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
    }

    private static int usage(PrintStream err, String problem) {
        err.println("wirebench compare: " + problem);
        err.println(USAGE);
        return 1;
    }
}
