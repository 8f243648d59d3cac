package dev.wirebench.codec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/** Seeded random field values with a deliberate share of edge values. */
final class RandomValues {

    private static final long[] EDGE_LONGS = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};
    private static final int[] EDGE_INTS = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final double[] EDGE_DOUBLES = {0.0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE};
    /** Alphabets: ASCII, Latin-1 and Greek (2-byte UTF-8), CJK (3-byte), emoji (4-byte, surrogate pairs). */
    private static final String[] ALPHABETS = {
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@/ ",
        "éèüößñçåøαβγδλΩ",
        "日本語中文한국어漢字東京",
        "\uD83D\uDE00\uD83D\uDE80\uD83C\uDF89\uD83D\uDCA1",
    };

    private final SplittableRandom random;

    RandomValues(SplittableRandom random) {
        this.random = random;
    }

    boolean edge() {
        return random.nextInt(10) == 0;
    }

    long longValue() {
        return edge() ? EDGE_LONGS[random.nextInt(EDGE_LONGS.length)] : random.nextLong();
    }

    int intValue() {
        return edge() ? EDGE_INTS[random.nextInt(EDGE_INTS.length)] : random.nextInt();
    }

    int intBetween(int min, int maxInclusive) {
        if (edge()) {
            return random.nextBoolean() ? min : maxInclusive;
        }
        return random.nextInt(min, maxInclusive + 1);
    }

    /** A finite double, sometimes an edge value (zeros of both signs, extremes, the smallest subnormal). */
    double doubleValue() {
        if (edge()) {
            return EDGE_DOUBLES[random.nextInt(EDGE_DOUBLES.length)];
        }
        return (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-6, 12));
    }

    boolean bool() {
        return random.nextBoolean();
    }

    <E extends Enum<E>> E pick(E[] values) {
        return values[random.nextInt(values.length)];
    }

    /** A string of up to {@code maxChars} chars, empty at the edges, mostly ASCII, sometimes any alphabet. */
    String string(int maxChars) {
        if (edge()) {
            return "";
        }
        int length = random.nextInt(maxChars + 1);
        StringBuilder sb = new StringBuilder(length + 1);
        boolean mixed = random.nextInt(4) == 0;
        while (sb.length() < length) {
            String alphabet = ALPHABETS[mixed ? random.nextInt(ALPHABETS.length) : 0];
            int i = random.nextInt(alphabet.length());
            char c = alphabet.charAt(i);
            if (Character.isHighSurrogate(c)) {
                sb.append(c).append(alphabet.charAt(i + 1));
            } else if (!Character.isLowSurrogate(c)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    <T> List<T> list(int maxSize, Supplier<T> element) {
        int size = edge() ? 0 : random.nextInt(maxSize + 1);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    Map<String, String> map(int maxSize, int maxChars) {
        int size = edge() ? 0 : random.nextInt(maxSize + 1);
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            map.put(string(maxChars), string(maxChars));
        }
        return map;
    }
}
