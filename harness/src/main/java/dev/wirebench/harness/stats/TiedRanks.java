package dev.wirebench.harness.stats;

import java.util.List;

/**
 * Ranks that admit ties: an item's rank is one more than the number of items whose whole interval
 * lies on the better side of its own. Two items whose intervals overlap can therefore never be put in
 * order, and an item with a wide interval ranks no lower than the data can show. Written {@code =2}
 * where another item shares the rank.
 */
public final class TiedRanks {

    private TiedRanks() {
    }

    /**
     * The rank of every estimate, in the order given.
     *
     * @param lowerIsBetter true for times (and ratios of times), false for rates
     */
    public static int[] of(List<Estimate> estimates, boolean lowerIsBetter) {
        int[] ranks = new int[estimates.size()];
        for (int i = 0; i < ranks.length; i++) {
            Estimate me = estimates.get(i);
            int better = 0;
            for (Estimate other : estimates) {
                if (Double.isNaN(me.median()) || Double.isNaN(other.median())) {
                    continue;
                }
                if (lowerIsBetter ? other.high() < me.low() : other.low() > me.high()) {
                    better++;
                }
            }
            ranks[i] = Double.isNaN(me.median()) ? 0 : better + 1;
        }
        return ranks;
    }

    /** {@code "1"}, or {@code "=2"} when another rank in {@code ranks} is the same; "–" for no rank (0). */
    public static String label(int[] ranks, int i) {
        if (ranks[i] == 0) {
            return "–";
        }
        for (int j = 0; j < ranks.length; j++) {
            if (j != i && ranks[j] == ranks[i]) {
                return "=" + ranks[i];
            }
        }
        return String.valueOf(ranks[i]);
    }
}
