package dev.wirebench.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test and benchmark messages: fixed fixtures per type (the first, {@code reference}, is the
 * realistic message every benchmark measures; the others exercise edge values: empty and
 * non-ASCII strings, minimum and maximum numbers, empty collections) and seeded random messages.
 * The same seed gives the same messages on every JVM.
 */
public final class Samples {

    private Samples() {
    }

    /** The fixed fixtures of {@code type}, reference first. */
    public static <T> List<Sample<T>> fixtures(MessageType<T> type) {
        return type.samples().fixtures();
    }

    /** The realistic message a benchmark of {@code type} measures. */
    public static <T> T reference(MessageType<T> type) {
        return fixtures(type).get(0).message();
    }

    /** {@code count} random messages of {@code type} drawn from {@code seed}. */
    public static <T> List<T> random(MessageType<T> type, long seed, int count) {
        RandomValues random = new RandomValues(new SplittableRandom(seed));
        List<T> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            messages.add(type.samples().random(random));
        }
        return messages;
    }
}
