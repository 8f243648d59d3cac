package dev.wirebench.harness.results;

import java.util.Locale;

/**
 * What one sample of a {@link Measure} is, which says how far two of them are independent.
 *
 * <ul>
 *   <li>{@link #FORK}: one JVM each (JMH's forks, in rounds): the JIT's choices differ from one to the next,
 *       so forks are the independent samples the statistics assume.</li>
 *   <li>{@link #REPEAT}: one fresh run of the whole measurement each, interleaved with the other cases in
 *       rounds: a fresh server JVM and fresh sessions (fix, smpp), a fresh table (pg). The client JVM is
 *       shared, so repeats are less independent than forks; the file says so by this name.</li>
 *   <li>{@link #EXACT}: a deterministic count (an encoded size, bytes on disk): one value, no noise; any
 *       change beyond the threshold is a change.</li>
 * </ul>
 */
public enum Sample {
    FORK, REPEAT, EXACT;

    /** The name in the results file. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The kind a results file names.
     *
     * @throws IllegalArgumentException for any other word
     */
    public static Sample of(String id) {
        for (Sample s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("sample must be fork, repeat or exact, not " + id);
    }
}
