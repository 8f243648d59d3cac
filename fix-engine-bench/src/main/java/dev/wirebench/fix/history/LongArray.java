package dev.wirebench.fix.history;

import java.util.Arrays;

/** A growing list of primitive longs: a million RTTs cost 8 MB, not the 24 MB of boxed ones. */
final class LongArray {

    private long[] values = new long[1024];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    /** The values in ascending order, as a new array. */
    long[] sorted() {
        long[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }
}
