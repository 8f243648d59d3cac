package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wirebench.harness.stats.Estimate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * A run's {@code summary.md}: a short environment header, then one table per suite with
 * Benchmark | Mode | Score | Error | Unit | Alloc B/op | the suite's own counters | Size B | × baseline. Rows come in ranking
 * groups (e.g. one message and operation) in the order the suite gives them; within a group the best
 * score comes first, so a reader sees the ranking at a glance.
 *
 * <p>The harness knows nothing of what the parameters mean: the suite says which group a result
 * belongs to, which member of a group is the baseline, and how large its message is.
 */
public final class Summary {

    /** The secondary metric the gc profiler reports allocation per operation in. */
    public static final String ALLOC_METRIC = dev.wirebench.harness.results.JmhMeasures.ALLOC_METRIC;
    private static final String NONE = "–";

    /**
     * One benchmark as a suite places it.
     *
     * @param result    what JMH measured
     * @param group     the ranking group, e.g. {@code "order · encode · heap"}
     * @param member    who this row is within the group, e.g. the format {@code "sbe"}; compared with the
     *                  table's baseline
     * @param sizeBytes the encoded size of the message this benchmark handled, when it has one
     */
    public record Entry(JmhResult result, String group, String member, OptionalLong sizeBytes) {
        public Entry {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(member, "member");
            Objects.requireNonNull(sizeBytes, "sizeBytes");
        }
    }

    /**
     * One suite's table.
     *
     * @param title    the heading, e.g. {@code "CodecBenchmark"}
     * @param baseline the member every row is compared with in its group (column {@code × raw}), or null for
     *                 no ratio column
     * @param entries  in the order groups should appear
     * @param rounds   the run's round log, to pair forks by round for the ratios; null pairs them by order
     */
    public record Table(String title, String baseline, List<Entry> entries, RoundLog rounds) {
        public Table {
            Objects.requireNonNull(title, "title");
            entries = List.copyOf(entries);
        }

        public Table(String title, String baseline, List<Entry> entries) {
            this(title, baseline, entries, null);
        }
    }

    /** A chart to show under the tables: its caption and its file, relative to summary.md. */
    public record Figure(String caption, String file) {
    }

    private Summary() {
    }

    /** The whole summary.md. */
    public static String markdown(String title, List<String> header, List<Table> tables, List<Figure> figures) {
        return markdown(title, header, "", tables, figures);
    }

    /** The whole summary.md, with a suite's own headline sections (markdown) between the header and the tables. */
    public static String markdown(String title, List<String> header, String headline, List<Table> tables,
                                  List<Figure> figures) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        for (String line : header) {
            md.append("- ").append(line).append('\n');
        }
        md.append(headline);
        for (Table table : tables) {
            md.append('\n').append(table(table));
        }
        if (!figures.isEmpty()) {
            md.append("\n## Charts\n");
            for (Figure figure : figures) {
                md.append("\n### ").append(figure.caption()).append("\n\n![").append(figure.caption()).append("](")
                        .append(figure.file()).append(")\n");
            }
        }
        return md.toString();
    }

    /** One suite's section: its heading and table. */
    static String table(Table table) {
        Map<String, List<Entry>> groups = new LinkedHashMap<>();
        for (Entry entry : table.entries()) {
            groups.computeIfAbsent(entry.group(), g -> new ArrayList<>()).add(entry);
        }
        boolean sizes = table.entries().stream().anyMatch(e -> e.sizeBytes().isPresent());
        boolean ratio = table.baseline() != null;
        List<String> counters = counters(table.entries());
        List<String> columns = new ArrayList<>(List.of("Benchmark", "Mode", "Median", "95% CI", "Forks", "Unit", "Alloc B/op"));
        columns.addAll(counters);
        if (sizes) {
            columns.add("Size B");
        }
        if (ratio) {
            columns.add("× " + table.baseline());
            columns.add("95% CI ");
        }
        columns.add("Rank");
        StringBuilder md = new StringBuilder("## ").append(table.title()).append("\n\n");
        md.append("Per case: the median of its forks (each fork: the median of its iterations) and a 95% interval "
                + "from order statistics; ");
        if (ratio) {
            md.append("× ").append(table.baseline()).append(": the case's cost over ").append(table.baseline())
                    .append("'s in the same group, the median of the per-round ratios with its interval (above 1: costs "
                            + "more); ");
        }
        md.append("ranked best first within each group, and cases whose intervals overlap share a rank (=2).\n\n");
        row(md, columns);
        row(md, columns.stream().map(c -> c.equals("Benchmark") || c.equals("Mode") || c.equals("Unit") ? "---" : "---:")
                .toList());
        boolean fewForks = false;
        for (List<Entry> group : groups.values()) {
            Entry base = ratio ? group.stream().filter(e -> e.member().equals(table.baseline())).findFirst().orElse(null)
                    : null;
            Map<JmhResult, Entry> byResult = new LinkedHashMap<>();
            group.forEach(e -> byResult.put(e.result(), e));
            List<Ranking.Row> ranked = Ranking.of(new ArrayList<>(byResult.keySet()),
                    base == null ? null : base.result(), table.rounds());
            for (Ranking.Row r : ranked) {
                Entry e = byResult.get(r.result());
                Metric score = e.result().primary();
                fewForks |= r.score().n() >= 2 && !r.score().reachesLevel();
                List<String> cells = new ArrayList<>(List.of(e.result().label(), e.result().mode(), number(r.score().median()),
                        interval(r.score()), String.valueOf(r.score().n()), score.unit(), alloc(e.result())));
                for (String counter : counters) {
                    Metric value = e.result().secondary().get(counter);
                    cells.add(value == null ? NONE : number(value.score()));
                }
                if (sizes) {
                    cells.add(e.sizeBytes().isPresent() ? String.valueOf(e.sizeBytes().getAsLong()) : NONE);
                }
                if (ratio) {
                    cells.add(r.ratio() == null || base == null ? NONE : ratio(r.ratio().median()));
                    cells.add(r.ratio() == null || base == null ? NONE : ratioInterval(r.ratio()));
                }
                cells.add(r.label());
                row(md, cells);
            }
        }
        if (fewForks) {
            md.append("\n* fewer than six forks: the interval is their whole range, which covers less than 95%.\n");
        }
        return md.toString();
    }

    /** {@code [low, high]}, starred when it covers less than 95%; "–" for one fork, which has none. */
    public static String interval(Estimate e) {
        if (e.n() < 2) {
            return NONE;
        }
        return "[" + number(e.low()) + ", " + number(e.high()) + "]" + (e.reachesLevel() ? "" : "*");
    }

    /** A ratio's interval, two decimals: {@code [1.21, 1.43]}; "" for the baseline against itself. */
    public static String ratioInterval(Estimate e) {
        if (e.n() >= 2 && e.low() == 1 && e.high() == 1) {
            return "";
        }
        if (e.n() < 2) {
            return NONE;
        }
        return "[" + ratio(e.low()) + ", " + ratio(e.high()) + "]" + (e.reachesLevel() ? "" : "*");
    }

    /** A ratio with two decimals, or "–". */
    public static String ratio(double r) {
        return Double.isFinite(r) ? String.format(Locale.ROOT, "%.2f", r) : NONE;
    }

    /**
     * The suite's own secondary results ({@code @AuxCounters}), sorted by name: every profiler names its
     * metrics with a dot ({@code gc.alloc.rate}) except the stack profiler, and a counter is named after a
     * Java field, which has none. Shown beside the score, since a suite reports them for a reason (bytes
     * per session, say) that the score does not carry.
     */
    private static List<String> counters(List<Entry> entries) {
        TreeSet<String> names = new TreeSet<>();
        for (Entry entry : entries) {
            for (String name : entry.result().secondary().keySet()) {
                if (name.indexOf('.') < 0 && !name.equals("stack")) {
                    names.add(name);
                }
            }
        }
        return List.copyOf(names);
    }

    public static String alloc(JmhResult result) {
        Metric alloc = result.secondary().get(ALLOC_METRIC);
        if (alloc == null || Double.isNaN(alloc.score())) {
            return NONE;
        }
        double bytes = alloc.score();
        // the gc profiler's normalisation leaves a few thousandths of a byte where nothing was allocated
        if (bytes < 0.5) {
            return "0";
        }
        return bytes < 10 ? String.format(Locale.ROOT, "%.1f", bytes) : String.format(Locale.ROOT, "%.0f", bytes);
    }

    /** Four significant digits or more, no exponent: 18466, 139.5, 44.07, 0.123. */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return NONE;
        }
        double abs = Math.abs(value);
        String pattern = abs >= 1000 ? "%.0f" : abs >= 100 ? "%.1f" : abs >= 10 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** One markdown table row, pipes in cells escaped. */
    public static void row(StringBuilder md, List<String> cells) {
        md.append('|');
        for (String cell : cells) {
            md.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        md.append('\n');
    }

    /**
     * The environment header from a run's env.json (as {@link Environment} writes it), tolerant of
     * fields an older run did not record.
     */
    public static List<String> describe(JsonNode env) {
        List<String> lines = new ArrayList<>();
        JsonNode cpu = env.path("cpu");
        JsonNode os = env.path("os");
        long memory = env.path("memoryBytes").asLong(-1);
        lines.add(String.format(Locale.ROOT, "Machine: %s, %s cores, %s memory; %s %s %s", cpu.path("model").asText("?"),
                cpu.path("cores").asText("?"), memory > 0 ? String.format(Locale.ROOT, "%.1f GiB", memory / (double) (1L << 30)) : "unknown",
                os.path("name").asText("?"), os.path("version").asText(""), os.path("arch").asText("")));
        JsonNode jdk = env.path("jdk");
        List<String> flags = new ArrayList<>();
        jdk.path("flags").forEach(f -> flags.add(f.asText()));
        lines.add(String.format(Locale.ROOT, "JDK: %s %s (%s %s); flags: %s", jdk.path("vendor").asText("?"),
                jdk.path("version").asText("?"), jdk.path("vmName").asText(""), jdk.path("vmVersion").asText(""),
                flags.isEmpty() ? "none" : "`" + String.join(" ", flags) + "`"));
        JsonNode runner = env.path("runner");
        if (runner.isObject() && !runner.isEmpty()) {
            lines.add("Runner image: " + runner.path("imageOS").asText("?") + " " + runner.path("imageVersion").asText(""));
        }
        String commit = env.path("gitCommit").asText(null);
        lines.add("wirebench " + env.path("wirebenchVersion").asText("(version not recorded)") + ", "
                + (commit == null ? "not run from a git checkout" : "commit " + commit.substring(0, Math.min(12, commit.length()))));
        List<String> libraries = new ArrayList<>();
        env.path("libraries").properties().forEach(e -> {
            if (!e.getKey().startsWith("dev.wirebench:")) {
                // group:artifact, as artifact ids alone are ambiguous (capnp's is "runtime")
                libraries.add(e.getKey() + " " + e.getValue().asText());
            }
        });
        if (!libraries.isEmpty()) {
            lines.add("Libraries: " + String.join(", ", libraries));
        }
        return lines;
    }
}
