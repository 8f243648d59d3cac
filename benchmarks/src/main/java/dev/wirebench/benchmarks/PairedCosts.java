package dev.wirebench.benchmarks;

import dev.wirebench.harness.TextTable;
import dev.wirebench.harness.report.SummaryMarkdown;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Comparison;
import dev.wirebench.harness.results.JmhMeasures;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.stats.Estimate;
import dev.wirebench.harness.stats.Holm;
import dev.wirebench.harness.stats.SignTest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Paired verdicts inside one run: per case, each member's cost over the case's base member, as the median of the
 * per-round ratios (both ran in the same round, so the round's drift cancels) with its interval, a sign test on
 * those ratios, Holm-corrected over every comparison of the table, and the same verdicts as {@code compare}. The
 * members are JVM variants ({@code --variant}) against the first, or a format's {@code +guarded} variant against the
 * plain format, whose cost is the guard's.
 */
final class PairedCosts {

    /** A change smaller than this is not called, however significant. */
    static final double THRESHOLD = Comparison.DEFAULT_THRESHOLD_PERCENT / 100.0;
    /** The member name of a format with no {@code +variant}. */
    static final String PLAIN = "plain";

    private PairedCosts() {
    }

    /** A measure's place in the table: its case without the member, and the member it is. */
    private record Place(String label, String member) {
    }

    /**
     * The variants' table (its explanation and table), or "" when the run had fewer than two variants.
     * A case is the benchmark's dimensions but the variant.
     *
     * @param listed the variants in the order the run named them; the first is the one the others are set against
     */
    static String variants(RunResults results, List<String> listed) {
        List<String> variants = RunReport.variants(results, listed);
        if (variants.size() < 2) {
            return "";
        }
        return markdown(results, variants, "variant", m -> {
            if (!m.dims().containsKey(Variant.PARAM)) {
                return null;
            }
            Map<String, String> rest = new LinkedHashMap<>(m.dims());
            rest.remove(Variant.PARAM);
            return new Place(label(rest, m), m.dims().get(Variant.PARAM));
        });
    }

    /** Each {@code format+variant}'s cost over the plain format's, or "" when no such pair was measured. */
    static String guards(RunResults results) {
        List<String> members = new ArrayList<>(List.of(PLAIN));
        results.measures().stream().filter(JmhRun::isCodec).map(m -> suffix(m.dims().get("format")))
                .filter(suffix -> !suffix.equals(PLAIN)).distinct().sorted().forEach(members::add);
        String table = members.size() < 2 ? "" : markdown(results, members, "format", m -> {
            if (!JmhRun.isCodec(m)) {
                return null;
            }
            String format = m.dims().get("format");
            String suffix = suffix(format);
            Map<String, String> rest = new LinkedHashMap<>(m.dims());
            rest.put("format", suffix.equals(PLAIN) ? format : format.substring(0, format.length() - suffix.length()));
            return new Place(label(rest, m), suffix);
        });
        return table;
    }

    /** A format's {@code +variant} ({@code +guarded}), or {@link #PLAIN} for a format without one. */
    private static String suffix(String format) {
        int plus = format.indexOf('+');
        return plus > 0 ? format.substring(plus) : PLAIN;
    }

    private static String label(Map<String, String> dims, Measure m) {
        return String.join(" · ", dims.values()) + (m.metric().equals("time") ? "" : " (" + m.metric() + ")");
    }

    /**
     * @param members the members, the base first
     * @param header  what the members are, as the table's column names them
     * @param place   a score's case and member, or null for a measure the table leaves out
     */
    private static String markdown(RunResults results, List<String> members, String header,
                                   java.util.function.Function<Measure, Place> place) {
        // the case without its member -> member -> its score
        Map<String, Map<String, Measure>> byCase = new TreeMap<>();
        for (Measure m : results.measures()) {
            Place at = JmhMeasures.isScore(m.metric()) ? place.apply(m) : null;
            if (at != null) {
                byCase.computeIfAbsent(at.label(), k -> new LinkedHashMap<>()).put(at.member(), m);
            }
        }
        List<String> variants = members;
        String base = variants.get(0);
        List<String[]> rows = new ArrayList<>();
        List<Double> p = new ArrayList<>();
        List<Estimate> estimates = new ArrayList<>();
        byCase.forEach((label, byVariant) -> {
            Measure baseMeasure = byVariant.get(base);
            for (String variant : variants.subList(1, variants.size())) {
                Measure other = byVariant.get(variant);
                if (baseMeasure == null || other == null) {
                    continue;
                }
                // a cost: time over the base's time, or the base's rate over the rate
                double[] ratios = other.ratiosByRound(baseMeasure).stream()
                        .mapToDouble(r -> other.better() == Better.LOWER ? r : 1 / r).filter(r -> Double.isFinite(r) && r > 0)
                        .toArray();
                estimates.add(Estimate.of(ratios));
                p.add(ratios.length < 2 ? Double.NaN : SignTest.pValue(ratios));
                rows.add(new String[]{label, variant, baseMeasure.unit(), SummaryMarkdown.number(baseMeasure.estimate().median()),
                        SummaryMarkdown.number(other.estimate().median())});
            }
        });
        if (rows.isEmpty()) {
            return "";
        }
        double[] adjusted = Holm.adjust(p.stream().mapToDouble(Double::doubleValue).toArray());
        double strictest = Comparison.ALPHA / Math.max(1, Holm.tested(adjusted));
        TextTable table = new TextTable(3, "Case", capitalised(header), "Unit", base, "This " + header, "× " + base, "p", "Verdict");
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            Estimate e = estimates.get(i);
            table.add(r[0], r[1], r[2], r[3], r[4], e.n() == 0 ? "–" : SummaryMarkdown.ratio(e),
                    Double.isNaN(adjusted[i]) ? "–" : adjusted[i] < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", adjusted[i]),
                    verdict(e, adjusted[i], strictest));
        }
        return String.format(Locale.ROOT, "Per case: each " + header + "'s cost over %s's, the median of the per-round ratios "
                + "with its 95%% interval (above 1: costs more); p: sign test on those ratios, Holm-corrected over %d "
                + "comparisons; slower/faster needs p < 5%% and a change beyond ±%.0f%%, ~ is no significant change, "
                + "inconclusive is too few rounds to decide.%n%n", base, Holm.tested(adjusted), THRESHOLD * 100)
                + table.toMarkdown().stripTrailing();
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String verdict(Estimate ratio, double adjustedP, double strictest) {
        if (Double.isNaN(adjustedP)) {
            return "inconclusive";
        }
        if (adjustedP < Comparison.ALPHA && Math.abs(ratio.median() - 1) > THRESHOLD) {
            return ratio.median() > 1 ? "slower" : "faster";
        }
        return adjustedP < Comparison.ALPHA || SignTest.minimumP(ratio.n()) < strictest ? "~" : "inconclusive";
    }
}
