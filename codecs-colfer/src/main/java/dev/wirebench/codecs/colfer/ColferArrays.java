package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** Colfer lists are exact-length arrays: reusing them on encode, and reading them back. */
final class ColferArrays {

    private ColferArrays() {
    }

    /**
     * {@code current} when it already has {@code size} elements (the steady state of a codec encoding
     * messages of one shape), else a copy of that length: the structs it had are kept, new slots get
     * a fresh one. Colfer writes every element of a list array, so none may be spare.
     */
    static <E> E[] resize(E[] current, int size, Supplier<E> newStruct) {
        if (current.length == size) {
            return current;
        }
        E[] resized = Arrays.copyOf(current, size);
        for (int i = current.length; i < size; i++) {
            resized[i] = newStruct.get();
        }
        return resized;
    }

    /** The array {@code fill} puts a string list into: {@code current} when it has the list's length. */
    static String[] strings(String[] current, List<String> list) {
        String[] array = current.length == list.size() ? current : new String[list.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = list.get(i);
        }
        return array;
    }

    /** The {@link Checksum} list value of a string list, as {@link Checksum#strings} hashes it. */
    static long checksum(String[] strings) {
        long h = Checksum.listStart(strings.length);
        for (String s : strings) {
            h = Checksum.mix(h, Checksum.string(s));
        }
        return h;
    }
}
