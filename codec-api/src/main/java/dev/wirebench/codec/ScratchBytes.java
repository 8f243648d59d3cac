package dev.wirebench.codec;

import java.nio.ByteBuffer;

/**
 * A byte array a codec keeps and reuses, for a library that reads or writes only arrays: it grows (at least doubling)
 * when a message needs more and never shrinks, so a warm codec allocates nothing for it. One per codec instance,
 * which serves one thread.
 */
public final class ScratchBytes {

    private byte[] bytes;

    public ScratchBytes(int initialSize) {
        bytes = new byte[initialSize];
    }

    /** The kept array, grown first if it is shorter than {@code size}; what it holds is left from earlier calls. */
    public byte[] atLeast(int size) {
        if (bytes.length < size) {
            bytes = new byte[Math.max(size, 2 * bytes.length)];
        }
        return bytes;
    }

    /** {@code src[offset, offset + length)} copied to the start of the kept array, which is returned; src is not moved. */
    public byte[] copyOf(ByteBuffer src, int offset, int length) {
        byte[] array = atLeast(length);
        src.get(offset, array, 0, length);
        return array;
    }
}
