package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.Comparison;
import dev.wirebench.harness.Comparison.Row;
import dev.wirebench.harness.Comparison.Verdict;
import dev.wirebench.harness.Environment;
import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Metric;
import dev.wirebench.harness.ResultsException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare <base> <new> [--threshold 5%]}: two JMH result files (or run folders) benchmark by
 * benchmark, with a verdict each; exit status 3 when at least one benchmark got slower.
 */
final class CompareCommand {

    static final int REGRESSION = 3;
    static final int UNREADABLE = 2;
    static final String USAGE = """
            Usage: java -jar benchmarks.jar compare <base> <new> [--threshold 5%]
              <base>, <new>   JMH JSON files (-rf json) or run folders holding a jmh.json
              --threshold P   the smallest change that counts, in percent of the base score (default 5%)
            A change counts only when the two 99.9% error intervals do not overlap and it exceeds the threshold.
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
        out.printf(Locale.ROOT, "A change counts when the 99.9%% intervals do not overlap and it exceeds %s%%.%n%n",
                format(c.thresholdPercent()));
        int width = "Benchmark".length();
        for (Row row : c.rows()) {
            width = Math.max(width, row.base().label().length());
        }
        String line = "%-" + width + "s  %-5s  %22s  %22s  %-6s  %8s  %s%n";
        out.printf(Locale.ROOT, line, "Benchmark", "Mode", "Base", "New", "Unit", "Change", "Verdict");
        int[] counts = new int[Verdict.values().length];
        for (Row row : c.rows()) {
            counts[row.verdict().ordinal()]++;
            out.printf(Locale.ROOT, line, row.base().label(), row.base().mode(), scored(row.base().primary()),
                    scored(row.next().primary()), row.base().primary().unit(),
                    String.format(Locale.ROOT, "%+.1f%%", row.changePercent()), row.verdict());
        }
        listOnly("Only in base (not measured in the new run):", c.onlyInBase(), out);
        listOnly("Only in new (not measured in the base run):", c.onlyInNew(), out);
        out.printf(Locale.ROOT, "%n%d slower, %d faster, %d no change; %d only in base, %d only in new.%n",
                counts[Verdict.SLOWER.ordinal()], counts[Verdict.FASTER.ordinal()], counts[Verdict.NO_CHANGE.ordinal()],
                c.onlyInBase().size(), c.onlyInNew().size());
    }

    private static void listOnly(String title, List<JmhResult> results, PrintStream out) {
        if (results.isEmpty()) {
            return;
        }
        out.println();
        out.println(title);
        for (JmhResult r : results) {
            out.printf(Locale.ROOT, "  %s %s  %s %s%n", r.label(), r.mode(), scored(r.primary()), r.primary().unit());
        }
    }

    private static String scored(Metric m) {
        return String.format(Locale.ROOT, "%.3f ± %.3f", m.score(), m.error());
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
