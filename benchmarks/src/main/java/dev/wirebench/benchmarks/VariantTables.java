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
 * The paired verdicts of a run with JVM variants: per case, each variant's cost over the first
 * variant's, as the median of the per-round ratios (both ran in the same round, so the round's drift
 * cancels) with its interval, a sign test on those ratios, Holm-corrected over every case and variant,
 * and the same verdicts as {@code compare}.
 */
final class VariantTables {

    /** A change smaller than this is not called, however significant. */
    static final double THRESHOLD = Comparison.DEFAULT_THRESHOLD_PERCENT / 100.0;

    private VariantTables() {
    }

    /**
     * The section's text (its explanation and table), or "" when the run had fewer than two variants.
     *
     * @param listed the variants in the order the run named them; the first is the one the others are set against
     */
    static String markdown(RunResults results, List<String> listed) {
        List<String> variants = RunReport.variants(results, listed);
        if (variants.size() < 2) {
            return "";
        }
        // the case without its variant -> variant -> its score
        Map<String, Map<String, Measure>> byCase = new TreeMap<>();
        for (Measure m : results.measures()) {
            if (m.dims().containsKey(Variant.PARAM) && JmhMeasures.isScore(m.metric())) {
                Map<String, String> rest = new LinkedHashMap<>(m.dims());
                rest.remove(Variant.PARAM);
                String label = String.join(" · ", rest.values()) + (m.metric().equals("time") ? "" : " (" + m.metric() + ")");
                byCase.computeIfAbsent(label, k -> new LinkedHashMap<>()).put(m.dims().get(Variant.PARAM), m);
            }
        }
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
        double[] adjusted = Holm.adjust(p.stream().mapToDouble(Double::doubleValue).toArray());
        double strictest = Comparison.ALPHA / Math.max(1, Holm.tested(adjusted));
        TextTable table = new TextTable(3, "Case", "Variant", "Unit", base, "The variant", "× " + base, "p", "Verdict");
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            Estimate e = estimates.get(i);
            table.add(r[0], r[1], r[2], r[3], r[4], e.n() == 0 ? "–" : SummaryMarkdown.ratio(e),
                    Double.isNaN(adjusted[i]) ? "–" : adjusted[i] < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", adjusted[i]),
                    verdict(e, adjusted[i], strictest));
        }
        return String.format(Locale.ROOT, "Per case: each variant's cost over %s's, the median of the per-round ratios "
                + "with its 95%% interval (above 1: costs more); p: sign test on those ratios, Holm-corrected over %d "
                + "comparisons; slower/faster needs p < 5%% and a change beyond ±%.0f%%, ~ is no significant change, "
                + "inconclusive is too few rounds to decide.%n%n", base, Holm.tested(adjusted), THRESHOLD * 100)
                + table.toMarkdown().stripTrailing();
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
