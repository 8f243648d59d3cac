package dev.wirebench.codecs.capnp;

import java.nio.ByteBuffer;

/**
 * Checks packed bytes before the runtime unpacks them. {@code SerializePacked.read} over an
 * {@code ArrayInputStream} loops forever when the input ends before the segment table says it
 * should (capnproto-java 0.1.16's {@code PackedInputStream} asks the exhausted stream for more
 * again and again), and allocates each segment at the size the table claims. One pass over the
 * tags here finds the exact unpacked size without unpacking, so the table can be held to it.
 * Only {@code capnp-packed+guarded} ({@link Framing#PACKED_GUARDED}) runs it: it exists for
 * hostile input, and the plain {@code capnp-packed} measures the runtime alone.
 */
final class PackedBytes {

    /**
     * The most a packed message may unpack to: 8 Mi words (64 MiB), capnp's default traversal limit
     * for a message from an untrusted source. Packing turns a run of 256 zero words into 2 bytes, so
     * a small input can legitimately stand for a large message; this caps what any input can make
     * the runtime allocate.
     */
    static final long MAX_UNPACKED_WORDS = 8L << 20;

    private PackedBytes() {
    }

    /**
     * The total size of the segments, in words, of the packed message in
     * {@code src[offset, offset + length)}, checked against its exact unpacked size.
     *
     * @throws IllegalArgumentException if the packing is cut short, unpacks to more than
     *                                  {@link #MAX_UNPACKED_WORDS}, or its segment table does not
     *                                  fit what it unpacks to
     */
    static long segmentWords(ByteBuffer src, int offset, int length) {
        long unpacked = unpackedWords(src, offset, length);
        long first = firstWord(src, offset);
        int count = (int) first + 1;
        if (count < 1 || count > SegmentTable.MAX_SEGMENTS) {
            throw new IllegalArgumentException("segment count " + Integer.toUnsignedLong(count - 1) + " + 1 outside 1.."
                    + SegmentTable.MAX_SEGMENTS);
        }
        long words = unpacked - SegmentTable.tableWords(count);
        if (words < 0) {
            throw new IllegalArgumentException("segment table of " + count + " segments is longer than the "
                    + unpacked + " words the message unpacks to");
        }
        long firstSegment = first >>> 32;
        if (count == 1 && firstSegment != words) {
            // multi-segment tables are held to the size by the runtime (its traversal limit) and by
            // the check that no input is left over
            throw new IllegalArgumentException("segment table describes " + firstSegment + " words, the message unpacks to "
                    + words + " after the table");
        }
        return words;
    }

    /** Words the packed bytes in {@code src[offset, offset + length)} unpack to. */
    static long unpackedWords(ByteBuffer src, int offset, int length) {
        if (length == 0) {
            throw new IllegalArgumentException("empty input: not even a segment table");
        }
        long words = 0;
        int i = 0;
        while (i < length) {
            int tag = src.get(offset + i++) & 0xFF;
            i += Integer.bitCount(tag); // the word's non-zero bytes follow its tag
            words++;
            if (i > length) {
                throw new IllegalArgumentException("packed word " + words + " is cut short");
            }
            if (tag == 0 || tag == 0xFF) {
                if (i == length) {
                    throw new IllegalArgumentException("packed word " + words + " lacks its run count");
                }
                int run = src.get(offset + i++) & 0xFF;
                words += run;
                if (tag == 0xFF) {
                    i += run * Long.BYTES; // a run of words copied as they are
                    if (i > length) {
                        throw new IllegalArgumentException("a run of " + run + " unpacked words after packed word "
                                + (words - run) + " is cut short");
                    }
                }
            }
            if (words > MAX_UNPACKED_WORDS) {
                throw new IllegalArgumentException("unpacks to more than " + MAX_UNPACKED_WORDS + " words");
            }
        }
        return words;
    }

    /** The first unpacked word (the start of the segment table), little endian; the input is known to hold it. */
    private static long firstWord(ByteBuffer src, int offset) {
        int tag = src.get(offset) & 0xFF;
        long word = 0;
        int p = offset + 1;
        for (int b = 0; b < Long.BYTES; b++) {
            if ((tag & 1 << b) != 0) {
                word |= (src.get(p++) & 0xFFL) << (b * Byte.SIZE);
            }
        }
        return word;
    }
}
