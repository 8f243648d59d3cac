package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.io.Output;

/**
 * Kryo's {@link Output}, aimed in place at a range of a heap buffer's backing array. Kryo's own
 * {@code setBuffer(byte[])} starts at index 0 and ends at the array's length; this sets the same protected
 * state to start at the range's first index and to end, as both capacity and maximum capacity, at its
 * limit. Kryo checks every write against the capacity ({@code require}), and with no room to grow into it
 * throws {@code KryoBufferOverflowException} before writing a byte past the limit. Nothing else of
 * {@code Output} changes: the bytes are Kryo's.
 */
final class ArrayOutput extends Output {

    /** Writes from {@code array[from]}; nothing at or past {@code array[to]}. */
    void aim(byte[] array, int from, int to) {
        buffer = array;
        position = from;
        capacity = to;
        maxCapacity = to;
        total = 0;
        outputStream = null;
    }
}
