package dev.wirebench.pg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What deserialisation costs a service that reads one row per query: CPU-seconds per second (cores busy)
 * at each query rate, for each format, from the mean deserialisation time measured on this machine; the
 * extra cores JSON needs; and a verdict that follows from those numbers by one stated rule.
 *
 * <p>The rule: an extra cost is <em>negligible</em> while it stays under {@value #NEGLIGIBLE_CORES} of one
 * core (5%); above that it is reported as the share of this machine's cores it takes.
 */
final class QpsImpact {

    /** The extra cores below which the verdict calls the difference negligible. */
    static final double NEGLIGIBLE_CORES = 0.05;

    /** One query rate: cores busy deserialising per format, and the difference. */
    record Row(int qps, double binaryCores, double jsonCores, double extraCores) {
    }

    /**
     * @param binaryMeanNanos mean deserialisation of one BYTEA row (protobuf {@code parseFrom} and mapping)
     * @param jsonMeanNanos   mean deserialisation of one JSONB row ({@code JsonFormat} parser and mapping)
     * @param cores           this machine's available processors, to put the extra cores in proportion
     */
    record Impact(double binaryMeanNanos, double jsonMeanNanos, int cores, List<Row> rows, String verdict) {
    }

    static Impact compute(List<Integer> qps, double binaryMeanNanos, double jsonMeanNanos, int cores) {
        List<Row> rows = new ArrayList<>();
        for (int q : qps) {
            double binary = q * binaryMeanNanos / 1e9;
            double json = q * jsonMeanNanos / 1e9;
            rows.add(new Row(q, binary, json, json - binary));
        }
        return new Impact(binaryMeanNanos, jsonMeanNanos, cores, List.copyOf(rows),
                verdict(rows, binaryMeanNanos, jsonMeanNanos, cores));
    }

    private static String verdict(List<Row> rows, double binaryMean, double jsonMean, int cores) {
        StringBuilder v = new StringBuilder();
        v.append(String.format(Locale.ROOT, "Deserialising one row takes %s as JSONB and %s as BYTEA (%s): one core "
                        + "deserialises at most %,.0f JSONB rows/s or %,.0f BYTEA rows/s. ",
                time(jsonMean), time(binaryMean), ratio(jsonMean, binaryMean), 1e9 / jsonMean, 1e9 / binaryMean));
        Row lastNegligible = null;
        Row firstNot = null;
        for (Row row : rows) {
            if (row.extraCores() < NEGLIGIBLE_CORES) {
                if (firstNot == null) {
                    lastNegligible = row;
                }
            } else if (firstNot == null) {
                firstNot = row;
            }
        }
        if (firstNot == null) {
            Row top = rows.get(rows.size() - 1);
            v.append(String.format(Locale.ROOT, "Up to %,d QPS JSON's extra deserialisation stays under %.0f%% of one "
                    + "core (%.3f cores at %,d QPS): negligible at these rates.", top.qps(), NEGLIGIBLE_CORES * 100,
                    top.extraCores(), top.qps()));
            return v.toString();
        }
        if (lastNegligible != null) {
            v.append(String.format(Locale.ROOT, "JSON's extra cost is negligible (under %.0f%% of a core) up to %,d QPS, "
                    + "but not from %,d QPS on: ", NEGLIGIBLE_CORES * 100, lastNegligible.qps(), firstNot.qps()));
        } else {
            v.append(String.format(Locale.ROOT, "JSON's extra cost is not negligible even at %,d QPS: ", firstNot.qps()));
        }
        Row top = rows.get(rows.size() - 1);
        v.append(String.format(Locale.ROOT, "at %,d QPS JSON needs %.2f more cores than binary, %.0f%% of this "
                        + "machine's %d.", top.qps(), top.extraCores(), 100 * top.extraCores() / cores, cores));
        double saturate = cores * 1e9 / jsonMean;
        if (top.jsonCores() > cores) {
            v.append(String.format(Locale.ROOT, " JSON deserialisation alone would saturate all %d cores from %,.0f QPS.",
                    cores, saturate));
        }
        return v.toString();
    }

    private static String time(double nanos) {
        return nanos >= 1000 ? String.format(Locale.ROOT, "%.1f µs", nanos / 1000) : String.format(Locale.ROOT, "%.0f ns", nanos);
    }

    private static String ratio(double json, double binary) {
        return binary > 0 ? String.format(Locale.ROOT, "%.1f×", json / binary) : "binary too fast to compare";
    }
}
