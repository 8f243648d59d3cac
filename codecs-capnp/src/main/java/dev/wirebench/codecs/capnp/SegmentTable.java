package dev.wirebench.codecs.capnp;

import java.nio.ByteBuffer;

/**
 * Checks the segment table of a standard-framed message against the bytes that hold it, before
 * the runtime reads it: {@code Serialize.read} would accept a table that describes fewer bytes than
 * the message has (dropping the rest), and reports one that describes more only as a bare
 * {@code IllegalArgumentException} from {@code ByteBuffer.limit}.
 */
final class SegmentTable {

    /** capnp's own limit: the count is stored minus one and must be below 512. */
    static final int MAX_SEGMENTS = 512;

    private SegmentTable() {
    }

    /**
     * The total size of the segments, in words, of the message that fills {@code message} (little
     * endian, position 0, limit = length).
     *
     * @throws IllegalArgumentException if the table does not describe exactly these bytes
     */
    static long segmentWords(ByteBuffer message) {
        int length = message.remaining();
        if (length < Long.BYTES) {
            throw new IllegalArgumentException(length + " bytes: shorter than the 8-byte segment table");
        }
        if (length % Long.BYTES != 0) {
            throw new IllegalArgumentException(length + " bytes: not a whole number of 8-byte words");
        }
        int count = message.getInt(0) + 1;
        if (count < 1 || count > MAX_SEGMENTS) {
            throw new IllegalArgumentException("segment count " + Integer.toUnsignedLong(count - 1) + " + 1 outside 1.."
                    + MAX_SEGMENTS);
        }
        int tableBytes = tableWords(count) * Long.BYTES;
        if (tableBytes > length) {
            throw new IllegalArgumentException("segment table of " + count + " segments (" + tableBytes
                    + " bytes) runs past the " + length + "-byte message");
        }
        long words = 0;
        for (int i = 0; i < count; i++) {
            words += Integer.toUnsignedLong(message.getInt(4 + 4 * i));
        }
        long expected = tableBytes + words * Long.BYTES;
        if (expected != length) {
            throw new IllegalArgumentException("segment table describes " + expected + " bytes, the message has "
                    + length);
        }
        return words;
    }

    /** Words of a table of {@code count} segments: a 4-byte count, 4 bytes per size, padded to a word. */
    static int tableWords(int count) {
        return (count + 2) / 2;
    }
}
