package dev.wirebench.codecs.flatbuffers;

import java.nio.ByteBuffer;

/**
 * Whether bytes are well-formed UTF-8 (Unicode Table 3-7: no overlong forms, no surrogates, nothing
 * past U+10FFFF, no truncated sequence), checked in place without allocating. It accepts exactly
 * what flatbuffers-java's {@code Utf8Safe.decodeUtf8}, the decoder behind every generated string
 * accessor, accepts: traverse uses it so that it rejects the same strings decode does.
 */
final class WellFormedUtf8 {

    private static final long HIGH_BITS = 0x8080808080808080L;

    private WellFormedUtf8() {
    }

    /** Whether {@code bytes[from, to)} (absolute indexes) is well-formed UTF-8. */
    static boolean check(ByteBuffer bytes, int from, int to) {
        int i = from;
        // ASCII, eight bytes at a time: the common case costs one load and one test per word
        while (i + Long.BYTES <= to && (bytes.getLong(i) & HIGH_BITS) == 0) {
            i += Long.BYTES;
        }
        while (i < to) {
            int b1 = bytes.get(i++) & 0xFF;
            if (b1 < 0x80) {
                continue;
            }
            if (b1 < 0xC2) {
                return false; // a continuation byte, or an overlong two-byte form
            }
            if (b1 < 0xE0) {
                if (i >= to || !continuation(bytes.get(i))) {
                    return false;
                }
                i += 1;
            } else if (b1 < 0xF0) {
                if (i + 1 >= to) {
                    return false;
                }
                int b2 = bytes.get(i) & 0xFF;
                if (!continuation(b2) || b1 == 0xE0 && b2 < 0xA0 // overlong
                        || b1 == 0xED && b2 >= 0xA0 // a surrogate
                        || !continuation(bytes.get(i + 1))) {
                    return false;
                }
                i += 2;
            } else {
                if (b1 > 0xF4 || i + 2 >= to) {
                    return false;
                }
                int b2 = bytes.get(i) & 0xFF;
                if (!continuation(b2) || b1 == 0xF0 && b2 < 0x90 // overlong
                        || b1 == 0xF4 && b2 > 0x8F // past U+10FFFF
                        || !continuation(bytes.get(i + 1)) || !continuation(bytes.get(i + 2))) {
                    return false;
                }
                i += 3;
            }
        }
        return true;
    }

    private static boolean continuation(int b) {
        return (b & 0xC0) == 0x80;
    }
}
