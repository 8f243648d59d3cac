package dev.wirebench.codecs.colfer;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Moves Colfer's {@code byte[]} serials in and out of {@link ByteBuffer}s, heap or direct, at any
 * offset, honouring the buffer rules of {@link dev.wirebench.codec.MessageCodec}.
 *
 * <p>Colfer's generated {@code marshal(byte[], offset)} stops only at the end of the array, and
 * {@code unmarshal(byte[], offset, end)} reads up to the end of the array too, checking {@code end}
 * only once it is done. So writing always needs an array that ends where the caller's range ends,
 * and reading hostile bytes does ({@code colfer+guarded}): the caller's own backing array when it
 * does, else a scratch array kept in this object.
 */
final class ColferBuffers {

    /** What a generated struct's {@code marshal(byte[], int)} does: writes from {@code offset}, returns the end index. */
    @FunctionalInterface
    interface Marshaller {
        int marshal(byte[] buf, int offset);
    }

    private static final int INITIAL_SCRATCH = 4096;
    /** The largest array a JVM reliably allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private byte[] out = new byte[INITIAL_SCRATCH];
    private byte[] in = new byte[0];

    /**
     * Marshals into {@code dst[offset, limit)}: in place when the buffer's backing array ends at
     * {@code limit} (Colfer's own end-of-array check is then the limit check), else into the scratch
     * array and copied over once it is known to fit.
     *
     * @return bytes written
     * @throws BufferOverflowException if the serial does not fit; nothing is written outside the range
     */
    int write(Marshaller marshaller, ByteBuffer dst, int offset, int limit) {
        if (dst.hasArray()) {
            byte[] array = dst.array();
            if (dst.arrayOffset() + limit == array.length) {
                int start = dst.arrayOffset() + offset;
                return marshaller.marshal(array, start) - start;
            }
        }
        int room = limit - offset;
        int n = marshalIntoScratch(marshaller, room);
        if (n > room) {
            throw new BufferOverflowException();
        }
        dst.put(offset, out, 0, n);
        return n;
    }

    private int marshalIntoScratch(Marshaller marshaller, int room) {
        while (true) {
            try {
                return marshaller.marshal(out, 0);
            } catch (BufferOverflowException overflow) {
                if (out.length > room) {
                    throw overflow; // longer than the scratch array, so longer than the room too
                }
                // grow no further than one byte past the room: that is enough to tell fit from overflow
                out = new byte[(int) Math.min(Math.min(2L * out.length, room + 1L), MAX_ARRAY)];
            }
        }
    }

    /**
     * An array holding {@code src[offset, offset + length)} in its last {@code length} bytes, so that
     * Colfer's reads stop at the end of the message: the buffer's backing array when the message ends
     * where that array ends, else the scratch array (grown to the longest message seen). The guarded
     * codec reads every message through it; the plain one only a direct buffer's, which must be
     * copied into an array for Colfer anyway.
     */
    byte[] window(ByteBuffer src, int offset, int length) {
        if (src.hasArray()) {
            byte[] array = src.array();
            if (src.arrayOffset() + offset + length == array.length) {
                return array;
            }
        }
        if (in.length < length) {
            in = new byte[(int) Math.min(Math.max(length, 2L * in.length), MAX_ARRAY)];
        }
        src.get(offset, in, in.length - length, length);
        return in;
    }
}
