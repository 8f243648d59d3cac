package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Ranking;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.Summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The codec suite's headline: one table per message (and buffer, and variant) with the formats as rows
 * and encode, decode and traverse as columns — median time, cost over raw with its interval, rank —
 * then allocation and size. Easier to read than one long list; the long list stays in the appendix.
 */
final class CodecTables {

    private static final List<String> OPERATIONS = List.of("encode", "decode", "traverse");

    private CodecTables() {
    }

    /** Whether {@code results} hold anything for a headline table. */
    static boolean any(List<JmhResult> results) {
        return results.stream().filter(RunReport::isCodecResult)
                .anyMatch(r -> OPERATIONS.contains(RunReport.CodecRow.of(r).operation()));
    }

    /** The headline sections, or "" when no codec result has an operation they show. */
    static String markdown(List<JmhResult> codecResults, Map<String, Long> sizes, RoundLog rounds) {
        if (!any(codecResults)) {
            return "";
        }
        // message · rest (buffer, variant, mode) -> operation -> results
        Map<String, Map<String, List<JmhResult>>> panels = new TreeMap<>();
        for (JmhResult r : codecResults) {
            RunReport.CodecRow row = RunReport.CodecRow.of(r);
            if (OPERATIONS.contains(row.operation())) {
                String panel = row.message() + (row.rest().isEmpty() ? "" : " (" + row.rest() + ")");
                panels.computeIfAbsent(panel, p -> new LinkedHashMap<>()).computeIfAbsent(row.operation(), o -> new ArrayList<>())
                        .add(r);
            }
        }
        StringBuilder md = new StringBuilder("\n## Formats by message\n\n");
        md.append("Per operation: the median time of the forks; × ").append(RunReport.BASELINE)
                .append(" is the cost over ").append(RunReport.BASELINE).append("'s, the median of the per-round ratios "
                        + "with its 95% interval; formats whose intervals overlap share a rank (=2). Rows in order of "
                        + "their ranks. B/op is the gc profiler's allocation per operation (near-exact). Every case "
                        + "with its own interval is in the appendix below.\n");
        panels.forEach((panel, byOperation) -> md.append(panel(panel, byOperation, sizes, rounds)));
        return md.toString();
    }

    private static String panel(String title, Map<String, List<JmhResult>> byOperation, Map<String, Long> sizes,
                                RoundLog rounds) {
        // format -> operation -> ranked row
        Map<String, Map<String, Ranking.Row>> cells = new TreeMap<>();
        TreeSet<String> formats = new TreeSet<>();
        String unit = "";
        List<String> operations = OPERATIONS.stream().filter(byOperation::containsKey).toList();
        for (String operation : operations) {
            List<JmhResult> members = byOperation.get(operation);
            JmhResult base = members.stream().filter(r -> RunReport.CodecRow.of(r).format().equals(RunReport.BASELINE))
                    .findFirst().orElse(null);
            for (Ranking.Row row : Ranking.of(members, base, rounds)) {
                String format = RunReport.CodecRow.of(row.result()).format();
                formats.add(format);
                cells.computeIfAbsent(format, f -> new LinkedHashMap<>()).put(operation, row);
                unit = row.result().primary().unit();
            }
        }
        List<String> ordered = new ArrayList<>(formats);
        ordered.sort(Comparator.comparingDouble((String f) -> meanRank(cells.get(f))).thenComparing(f -> f));

        List<String> columns = new ArrayList<>(List.of("Format", "Size B"));
        for (String operation : operations) {
            columns.add(operation + " " + unit);
            columns.add("× " + RunReport.BASELINE + " [95% CI]");
            columns.add("rank");
        }
        columns.add("B/op " + String.join(" / ", operations));
        StringBuilder md = new StringBuilder("\n### ").append(title).append("\n\n");
        Summary.row(md, columns);
        Summary.row(md, columns.stream().map(c -> c.equals("Format") ? "---" : "---:").toList());
        for (String format : ordered) {
            Map<String, Ranking.Row> mine = cells.get(format);
            String codec = format + "/" + title.split(" ", 2)[0];
            List<String> line = new ArrayList<>(List.of(format, sizes.containsKey(codec) ? sizes.get(codec).toString() : "–"));
            List<String> alloc = new ArrayList<>();
            for (String operation : operations) {
                Ranking.Row r = mine.get(operation);
                if (r == null) {
                    line.addAll(List.of("–", "–", "–"));
                    alloc.add("–");
                    continue;
                }
                line.add(Summary.number(r.score().median()));
                line.add(r.ratio() == null ? "–" : (Summary.ratio(r.ratio().median()) + " " + Summary.ratioInterval(r.ratio())).trim());
                line.add(r.label());
                alloc.add(Summary.alloc(r.result()));
            }
            line.add(String.join(" / ", alloc));
            Summary.row(md, line);
        }
        return md.toString();
    }

    private static double meanRank(Map<String, Ranking.Row> rows) {
        return rows.values().stream().filter(r -> r.rank() > 0).mapToInt(Ranking.Row::rank).average().orElse(Double.MAX_VALUE);
    }
}
