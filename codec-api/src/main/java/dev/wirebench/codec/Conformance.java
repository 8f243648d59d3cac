package dev.wirebench.codec;

/**
 * Which contracts of the conformance kit a codec claims to pass ({@link MessageCodec#conformance()}).
 * The kit holds every codec to its claim, and a report can show it per format
 * ({@link Codecs#conformance(String)}). The levels are ordered: each includes the ones before it.
 */
public enum Conformance {

    /**
     * What a measurement needs, for every codec: round trips of every fixture and of seeded random
     * messages, {@code traverse} equal to the {@link Checksum}, heap and direct buffers at an offset,
     * stable bytes, exact fit and {@code BufferOverflowException} without a byte written out of range,
     * and a whole message read from its length alone, whatever bytes follow it. About bytes that
     * {@code encode} did not produce it promises nothing: decode may hang, throw an {@code Error} or
     * read past the length there.
     */
    MEASUREMENT("measurement"),

    /**
     * {@link #MEASUREMENT}, and decode and traverse survive hostile bytes: every truncation and
     * seeded corruptions end in a {@link CodecException} or a valid message, within a time bound,
     * never an {@code Error}, and a shortened length is never read past.
     */
    HOSTILE_INPUT("hostile-input");

    private final String label;

    Conformance(String label) {
        this.label = label;
    }

    /** Lower case with dashes, for reports: {@code measurement}, {@code hostile-input}. */
    public String label() {
        return label;
    }

    /** Whether a codec claiming this level passes {@code other} too. */
    public boolean includes(Conformance other) {
        return compareTo(other) >= 0;
    }
}
