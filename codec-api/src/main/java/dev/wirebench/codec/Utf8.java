package dev.wirebench.codec;

/**
 * Allocation-free UTF-8 encoding of strings into caller-owned scratch space, for codecs whose
 * library would otherwise call {@code String.getBytes} on every encode (copy the scratch bytes on with
 * the library's bulk put). Unpaired surrogates become
 * {@code '?'}, exactly as {@code String.getBytes(UTF_8)} does.
 */
public final class Utf8 {

    /** The byte written for an unpaired surrogate. */
    static final int REPLACEMENT = '?';

    private Utf8() {
    }

    /** Bytes needed for {@code s} in UTF-8. */
    public static int encodedLength(CharSequence s) {
        int n = s.length();
        int length = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    length += 1;
                } else if (Character.isSurrogate(c)) {
                    if (codePointOrReplacement(s, i) != REPLACEMENT) {
                        length += 2; // two chars, four bytes
                        i++;
                    }
                } else {
                    length += 2;
                }
            }
        }
        return length;
    }

    /**
     * Encodes {@code s} into {@code dst} from {@code offset}.
     *
     * @return the number of bytes written
     * @throws ArrayIndexOutOfBoundsException if {@code dst} is too small (at most 3 bytes per char are needed)
     */
    public static int encode(CharSequence s, byte[] dst, int offset) {
        int p = offset;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | c >>> 6);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isSurrogate(c)) {
                int cp = codePointOrReplacement(s, i);
                if (cp == REPLACEMENT) {
                    dst[p++] = (byte) REPLACEMENT;
                } else {
                    i++;
                    dst[p++] = (byte) (0xF0 | cp >>> 18);
                    dst[p++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                    dst[p++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                    dst[p++] = (byte) (0x80 | cp & 0x3F);
                }
            } else {
                dst[p++] = (byte) (0xE0 | c >>> 12);
                dst[p++] = (byte) (0x80 | c >>> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return p - offset;
    }

    /** The code point of a surrogate pair starting at {@code i}, or {@link #REPLACEMENT} if it is unpaired. */
    static int codePointOrReplacement(CharSequence s, int i) {
        char high = s.charAt(i);
        if (Character.isHighSurrogate(high) && i + 1 < s.length()) {
            char low = s.charAt(i + 1);
            if (Character.isLowSurrogate(low)) {
                return Character.toCodePoint(high, low);
            }
        }
        return REPLACEMENT;
    }
}
