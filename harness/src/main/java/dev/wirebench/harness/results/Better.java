package dev.wirebench.harness.results;

import java.util.Locale;

/** Which way a metric improves: a time, a size or an allocation is better lower; a rate is better higher. */
public enum Better {
    LOWER, HIGHER;

    /** The name in the results file: {@code lower} or {@code higher}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The direction a results file names.
     *
     * @throws IllegalArgumentException for any other word
     */
    public static Better of(String id) {
        for (Better b : values()) {
            if (b.id().equals(id)) {
                return b;
            }
        }
        throw new IllegalArgumentException("better must be lower or higher, not " + id);
    }
}
