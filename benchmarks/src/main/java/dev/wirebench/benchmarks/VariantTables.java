package dev.wirebench.benchmarks;

import dev.wirebench.harness.results.Comparison;
import dev.wirebench.harness.JmhResult;
import dev.wirebench.harness.Ranking;
import dev.wirebench.harness.RoundLog;
import dev.wirebench.harness.Summary;
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
 * The paired verdicts of a run with JVM variants: per case, each variant's cost over the first
 * variant's, as the median of the per-round ratios (both ran in the same round, so the round's drift
 * cancels) with its interval, a sign test on those ratios, Holm-corrected over every case and variant,
 * and the same verdicts as {@code compare}.
 */
final class VariantTables {

    /** A change smaller than this is not called, however significant. */
    static final double THRESHOLD = 0.05;

    private VariantTables() {
    }

    /** The section, or "" when the run had no variants. */
    static String markdown(List<JmhResult> results, RoundLog rounds) {
        Map<String, Map<String, JmhResult>> byCase = new TreeMap<>();
        List<String> variants = new ArrayList<>(rounds == null ? List.of() : rounds.variants().keySet());
        for (JmhResult r : results) {
            String variant = r.params().get(Variant.PARAM);
            if (variant == null) {
                continue;
            }
            if (!variants.contains(variant)) {
                variants.add(variant);
            }
            Map<String, String> rest = new TreeMap<>(r.params());
            rest.remove(Variant.PARAM);
            byCase.computeIfAbsent(JmhResult.key(r.benchmark(), r.mode(), rest), k -> new LinkedHashMap<>()).put(variant, r);
        }
        if (variants.size() < 2) {
            return "";
        }
        String base = variants.get(0);
        List<String[]> rows = new ArrayList<>();
        List<Double> p = new ArrayList<>();
        List<Estimate> estimates = new ArrayList<>();
        for (Map.Entry<String, Map<String, JmhResult>> c : byCase.entrySet()) {
            JmhResult baseResult = c.getValue().get(base);
            for (String variant : variants.subList(1, variants.size())) {
                JmhResult other = c.getValue().get(variant);
                if (baseResult == null || other == null) {
                    continue;
                }
                double[] ratios = Ranking.ratios(other, baseResult, rounds);
                Estimate e = Estimate.of(ratios);
                estimates.add(e);
                p.add(ratios.length < 2 ? Double.NaN : SignTest.pValue(ratios));
                rows.add(new String[]{c.getKey(), variant, Summary.number(Estimate.of(baseResult.primary().samples()).median()),
                        Summary.number(Estimate.of(other.primary().samples()).median()), baseResult.primary().unit()});
            }
        }
        double[] adjusted = Holm.adjust(p.stream().mapToDouble(Double::doubleValue).toArray());
        double strictest = Comparison.ALPHA / Math.max(1, Holm.tested(adjusted));
        StringBuilder md = new StringBuilder("\n## Variants against ").append(base).append("\n\n");
        md.append(String.format(Locale.ROOT, "Per case: each variant's cost over %s's, the median of the per-round ratios "
                + "with its 95%% interval (above 1: costs more); p: sign test on those ratios, Holm-corrected over %d "
                + "comparisons; slower/faster needs p < 5%% and a change beyond ±%.0f%%, ~ is no significant change, "
                + "inconclusive is too few rounds to decide.%n%n", base, Holm.tested(adjusted), THRESHOLD * 100));
        Summary.row(md, List.of("Case", "Variant", base, "Variant", "Unit", "× " + base, "95% CI", "p", "Verdict"));
        Summary.row(md, List.of("---", "---", "---:", "---:", "---", "---:", "---:", "---:", "---"));
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            Estimate e = estimates.get(i);
            String verdict = verdict(e, adjusted[i], strictest);
            Summary.row(md, List.of(r[0], r[1], r[2], r[3], r[4], Summary.ratio(e.median()), Summary.ratioInterval(e),
                    Double.isNaN(adjusted[i]) ? "–" : adjusted[i] < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", adjusted[i]),
                    verdict));
        }
        return md.toString();
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
