package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Utf8;
import org.capnproto.Text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Strings ↔ capnp {@code Text}, without the runtime's per-call byte arrays: one scratch array per
 * codec for the UTF-8 bytes on both ways.
 *
 * <p>capnp Text is UTF-8 by definition, but the runtime does not check it. Decode and traverse
 * both reject invalid UTF-8 (overlong forms, surrogates, code points past U+10FFFF, cut
 * sequences) with the same check, run on the bytes where they lie: they accept exactly the same
 * input, and a valid string decodes to the {@code String} whose UTF-8 bytes traverse hashes.
 */
final class Utf8Text {

    /** A Text of n bytes is a byte list of n + 1 (its NUL), and a list holds at most 2^29 - 1 elements. */
    static final int MAX_TEXT_BYTES = (1 << 29) - 2;

    private static final VarHandle LONG_LE = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private byte[] bytes = new byte[256];
    private ByteBuffer view = ByteBuffer.wrap(bytes);
    private int length;

    /**
     * Encodes {@code s} into the scratch array; {@link #copyTo} or {@link #reader} then hand the bytes
     * to the message.
     *
     * @return the number of UTF-8 bytes, the size to initialise a Text field with
     * @throws IllegalArgumentException naming {@code field} if capnp cannot hold that many bytes
     */
    int encode(String s, String field) {
        if (s.length() > MAX_TEXT_BYTES) {
            throw new IllegalArgumentException(field + ": " + s.length() + " chars, more than a capnp Text holds");
        }
        int max = s.length() * 3; // what Utf8.encode may write: at most 3 bytes per char
        if (max > bytes.length) {
            grow(max);
        }
        length = Utf8.encode(s, bytes, 0);
        if (length > MAX_TEXT_BYTES) {
            throw new IllegalArgumentException(field + ": " + length + " UTF-8 bytes, more than a capnp Text holds ("
                    + MAX_TEXT_BYTES + ")");
        }
        return length;
    }

    /** Copies the last encoded string into a Text field just initialised with its size. */
    void copyTo(Text.Builder text) {
        text.buffer.put(text.offset, bytes, 0, length);
    }

    /** The last encoded string as a Text reader over the scratch array (for {@code TextList.Builder.set}, which copies it). */
    Text.Reader reader() {
        return new Text.Reader(view, 0, length);
    }

    /**
     * The string a Text holds.
     *
     * @throws IllegalArgumentException naming {@code field} if it is not valid UTF-8
     */
    String decode(Text.Reader text, String field) {
        requireUtf8(text, field);
        int size = text.size;
        if (size > bytes.length) {
            grow(size);
        }
        text.buffer.get(text.offset, bytes, 0, size);
        return new String(bytes, 0, size, StandardCharsets.UTF_8);
    }

    /**
     * {@link Checksum#string} of a Text, hashed where it lies in the message (no copy).
     *
     * @throws IllegalArgumentException naming {@code field} if it is not valid UTF-8
     */
    static long checksum(Text.Reader text, String field) {
        requireUtf8(text, field);
        return Checksum.string(text.buffer, text.offset, text.size);
    }

    private static void requireUtf8(Text.Reader text, String field) {
        int at = invalidUtf8At(text.buffer, text.offset, text.size);
        if (at >= 0) {
            throw new IllegalArgumentException(field + ": not valid UTF-8 (byte " + at + " of " + text.size + ")");
        }
    }

    /** The index (from {@code offset}) of the first byte that breaks UTF-8, or -1 if all {@code length} bytes are valid. */
    static int invalidUtf8At(ByteBuffer buffer, int offset, int length) {
        int i = 0;
        while (i < length) {
            if (length - i >= Long.BYTES && ((long) LONG_LE.get(buffer, offset + i) & HIGH_BITS) == 0) {
                i += Long.BYTES; // eight ASCII bytes
                continue;
            }
            int b0 = buffer.get(offset + i) & 0xFF;
            int size;
            int min1 = 0x80;
            int max1 = 0xBF;
            if (b0 < 0x80) {
                i++;
                continue;
            } else if (b0 < 0xC2) {
                return i; // a continuation byte, or the lead of an overlong 2-byte form
            } else if (b0 < 0xE0) {
                size = 2;
            } else if (b0 < 0xF0) {
                size = 3;
                if (b0 == 0xE0) {
                    min1 = 0xA0; // overlong
                } else if (b0 == 0xED) {
                    max1 = 0x9F; // UTF-16 surrogates
                }
            } else if (b0 < 0xF5) {
                size = 4;
                if (b0 == 0xF0) {
                    min1 = 0x90; // overlong
                } else if (b0 == 0xF4) {
                    max1 = 0x8F; // past U+10FFFF
                }
            } else {
                return i;
            }
            if (length - i < size) {
                return i;
            }
            int b1 = buffer.get(offset + i + 1) & 0xFF;
            if (b1 < min1 || b1 > max1) {
                return i;
            }
            for (int k = 2; k < size; k++) {
                if ((buffer.get(offset + i + k) & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += size;
        }
        return -1;
    }

    private void grow(int atLeast) {
        bytes = new byte[Math.max(atLeast, 2 * bytes.length)];
        view = ByteBuffer.wrap(bytes);
    }
}
