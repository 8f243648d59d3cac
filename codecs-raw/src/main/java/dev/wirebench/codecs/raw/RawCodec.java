package dev.wirebench.codecs.raw;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.Utf8;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Checksum.mix;

/**
 * What the four raw codecs share: the message id byte, strings (a 4-byte little-endian length, then
 * UTF-8), and the checked reads that turn bad input into a {@link CodecException} naming the field.
 *
 * <p>Positions are local {@code int}s in the message codecs, passed in and handed back, not
 * fields: a field would be stored on every step and, for direct buffers, reloaded around every
 * access. The one exception is {@link #next}, where a helper that reads a whole list or map leaves
 * the index after it (one store per list). Arguments are {@code (array, buffer, p, end)} as in
 * {@link Wire}; {@code end} is the storage index just past the input (decode, traverse) or the
 * limit (encode).
 *
 * @param <T> the canonical message record
 */
abstract class RawCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "raw";

    /** Bytes of a string's or a list's length prefix. */
    static final int LENGTH_BYTES = Integer.BYTES;

    private final int messageId;

    /** The index after the list or map that the last list or map helper read: the caller's next position. */
    int next;

    // Map.forEach walks the records' maps (unmodifiable LinkedHashMaps) without the iterator and
    // entry objects that entrySet() iteration allocates; the consumer is built once and writes
    // where these fields say, set just before the walk
    private final BiConsumer<String, String> putEntry = this::putEntry;
    private byte[] entryArray;
    private ByteBuffer entryBuffer;
    private int entryAt;
    private int entryStop;

    /**
     * UTF-8 of one string, only for direct buffers: a non-ASCII string on encode, every string on
     * decode. Grows to the longest such string met (never beyond the input's length on decode).
     */
    private byte[] scratch = new byte[1024];

    RawCodec(MessageType<T> type, int messageId) {
        super(FORMAT, type);
        this.messageId = messageId;
    }

    /** Every read is checked against the length (see Validation in the README): any bytes are a message or a CodecException. */
    @Override
    public final Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    // ---- encode

    /** Writes the message id byte; returns the index after it. */
    final int putHeader(byte[] array, ByteBuffer buffer, int p, int limit) {
        return Wire.putByte(array, buffer, p, limit, messageId);
    }

    /**
     * Writes {@code s} as its UTF-8 length and bytes if they fit below {@code limit}, straight into
     * the destination; returns the index after them.
     *
     * @throws BufferOverflowException before writing anything when {@code s} cannot fit
     */
    final int putString(byte[] array, ByteBuffer buffer, int p, int limit, String s) {
        int room = limit - p - LENGTH_BYTES;
        // UTF-8 takes at most 3 bytes a char (a surrogate pair 4 for its two chars): when 3 a char
        // fit, the string is written without counting its bytes first, which would read it twice,
        // and its length after it
        if (room < 0 || s.length() > room / 3 && Utf8.encodedLength(s) > room) {
            throw new BufferOverflowException();
        }
        int from = p + LENGTH_BYTES;
        int n = array != null ? Utf8.encode(s, array, from) : putUtf8(buffer, from, s);
        Wire.setInt(array, buffer, p, n);
        return from + n;
    }

    /** Writes the size of {@code list}, then its strings; returns the index after them. */
    final int putStrings(byte[] array, ByteBuffer buffer, int p, int limit, List<String> list) {
        p = Wire.putInt(array, buffer, p, limit, list.size());
        for (int i = 0; i < list.size(); i++) {
            p = putString(array, buffer, p, limit, list.get(i));
        }
        return p;
    }

    /** Writes the size of {@code map}, then its keys and values in iteration order; returns the index after them. */
    final int putMap(byte[] array, ByteBuffer buffer, int p, int limit, Map<String, String> map) {
        entryArray = array;
        entryBuffer = buffer;
        entryAt = Wire.putInt(array, buffer, p, limit, map.size());
        entryStop = limit;
        try {
            map.forEach(putEntry);
        } finally {
            // keep no reference to the caller's buffer between calls
            entryArray = null;
            entryBuffer = null;
        }
        return entryAt;
    }

    private void putEntry(String key, String value) {
        entryAt = putString(entryArray, entryBuffer, entryAt, entryStop, key);
        entryAt = putString(entryArray, entryBuffer, entryAt, entryStop, value);
    }

    /** A direct buffer: ASCII byte by byte, which beats encoding into scratch and copying it; the rest through scratch. */
    private int putUtf8(ByteBuffer buffer, int from, String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return putNonAscii(buffer, from, s);
            }
            buffer.put(from + i, (byte) c);
        }
        return s.length();
    }

    private int putNonAscii(ByteBuffer buffer, int from, String s) {
        int n = Utf8.encodedLength(s);
        Utf8.encode(s, scratch(n), 0);
        buffer.put(from, scratch, 0, n);
        return n;
    }

    // ---- decode and traverse: each check happens before the bytes it guards are read

    /** Checks the message id byte at {@code p}; returns the index after it. */
    final int header(byte[] array, ByteBuffer buffer, int p, int end) {
        if (p >= end) {
            throw malformed("no bytes: a message starts with its 1-byte message id");
        }
        int id = Wire.getByte(array, buffer, p);
        if (id != messageId) {
            throw malformed("message id " + id + ", expected " + messageId + " (" + messageType().id() + ")");
        }
        return p + 1;
    }

    final long int64(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        if (p > end - Long.BYTES) {
            throw truncated(field, Long.BYTES, end - p);
        }
        return Wire.getLong(array, buffer, p);
    }

    final int int32(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        if (p > end - Integer.BYTES) {
            throw truncated(field, Integer.BYTES, end - p);
        }
        return Wire.getInt(array, buffer, p);
    }

    /** One byte, unsigned: 0..255. */
    final int uint8(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        if (p >= end) {
            throw truncated(field, 1, end - p);
        }
        return Wire.getByte(array, buffer, p);
    }

    /** The ordinal at {@code p} of an enum with {@code count} constants: the byte, then {@link Ordinals#check}. */
    final int ordinal(byte[] array, ByteBuffer buffer, int p, int end, int count, String field) {
        return Ordinals.check(uint8(array, buffer, p, end, field), count, field);
    }

    /** The constant of {@code constants} (one of {@link Ordinals}' arrays) whose ordinal is at {@code p}. */
    final <E> E constant(E[] constants, byte[] array, ByteBuffer buffer, int p, int end, String field) {
        return Ordinals.of(constants, uint8(array, buffer, p, end, field), field);
    }

    /** 0 or 1. */
    final boolean bool(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int value = uint8(array, buffer, p, end, field);
        if (value > 1) {
            throw malformed(field + ": " + value + " is not a boolean (0 or 1)");
        }
        return value == 1;
    }

    /**
     * A list or map size at {@code p}, checked against the bytes left: every entry takes at least
     * {@code minBytes}, so a corrupted count can neither allocate nor loop beyond the input.
     */
    final int count(byte[] array, ByteBuffer buffer, int p, int end, int minBytes, String field) {
        int count = int32(array, buffer, p, end, field);
        int left = end - p - LENGTH_BYTES;
        if (count < 0 || count > left / minBytes) {
            throw malformed(field + ": " + count + " entries of at least " + minBytes + " bytes do not fit in the "
                    + left + " bytes left");
        }
        return count;
    }

    /** The string at {@code p}; {@link #skipString} moves past it. Invalid UTF-8 becomes U+FFFD, as in SBE. */
    final String string(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int n = stringLength(array, buffer, p, end, field);
        int from = p + LENGTH_BYTES;
        if (n == 0) {
            return "";
        }
        if (array != null) {
            return new String(array, from, n, StandardCharsets.UTF_8);
        }
        buffer.get(from, scratch(n), 0, n);
        return new String(scratch, 0, n, StandardCharsets.UTF_8);
    }

    /** The {@link Checksum#string} of the string at {@code p}, hashed in place; {@link #skipString} moves past it. */
    final long hashString(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int n = stringLength(array, buffer, p, end, field);
        int from = p + LENGTH_BYTES;
        return array != null ? Checksum.string(array, from, n) : Checksum.string(buffer, from, n);
    }

    /** The index after the string at {@code p}, whose length {@link #string} or {@link #hashString} checked. */
    static int skipString(byte[] array, ByteBuffer buffer, int p) {
        return p + LENGTH_BYTES + Wire.getInt(array, buffer, p);
    }

    /** The list of strings at {@code p} (size, then strings); leaves the index after it in {@link #next}. */
    final List<String> strings(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int count = count(array, buffer, p, end, LENGTH_BYTES, field);
        p += LENGTH_BYTES;
        String[] strings = new String[count];
        for (int i = 0; i < count; i++) {
            strings[i] = string(array, buffer, p, end, field);
            p = skipString(array, buffer, p);
        }
        next = p;
        return List.of(strings);
    }

    /** The {@link Checksum} list value of the strings at {@code p}; leaves the index after them in {@link #next}. */
    final long hashStrings(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int count = count(array, buffer, p, end, LENGTH_BYTES, field);
        p += LENGTH_BYTES;
        long h = Checksum.listStart(count);
        for (int i = 0; i < count; i++) {
            h = mix(h, hashString(array, buffer, p, end, field));
            p = skipString(array, buffer, p);
        }
        next = p;
        return h;
    }

    /**
     * The map at {@code p} (size, then key and value strings); leaves the index after it in
     * {@link #next}. A repeated key is corruption (an encoder writes each once), not something to
     * overwrite silently, as SBE's decode also holds.
     */
    final Map<String, String> map(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int count = count(array, buffer, p, end, 2 * LENGTH_BYTES, field);
        p += LENGTH_BYTES;
        Map<String, String> map = new LinkedHashMap<>(count * 4 / 3 + 1);
        for (int i = 0; i < count; i++) {
            String key = string(array, buffer, p, end, field);
            p = skipString(array, buffer, p);
            String value = string(array, buffer, p, end, field);
            p = skipString(array, buffer, p);
            if (map.putIfAbsent(key, value) != null) {
                throw malformed(field + " repeats the key '" + key + "'");
            }
        }
        next = p;
        return map;
    }

    /**
     * The {@link Checksum} map value of the map at {@code p}; leaves the index after it in
     * {@link #next}. A repeated key goes unnoticed: seeing it would take a set of the keys.
     */
    final long hashMap(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int count = count(array, buffer, p, end, 2 * LENGTH_BYTES, field);
        p += LENGTH_BYTES;
        long sum = 0;
        for (int i = 0; i < count; i++) {
            long key = hashString(array, buffer, p, end, field);
            p = skipString(array, buffer, p);
            sum += Checksum.mapEntry(key, hashString(array, buffer, p, end, field));
            p = skipString(array, buffer, p);
        }
        next = p;
        return Checksum.map(count, sum);
    }

    /** The message must take exactly the bytes it was given. */
    final void checkEnd(int p, int end) {
        if (p != end) {
            throw malformed("trailing bytes: " + (end - p) + " after the end of the message");
        }
    }

    private int stringLength(byte[] array, ByteBuffer buffer, int p, int end, String field) {
        int n = int32(array, buffer, p, end, field);
        if (n < 0 || n > end - p - LENGTH_BYTES) {
            throw malformed(field + ": a string of " + n + " bytes does not fit in the " + (end - p - LENGTH_BYTES)
                    + " bytes left");
        }
        return n;
    }

    private byte[] scratch(int bytes) {
        if (scratch.length < bytes) {
            scratch = new byte[bytes];
        }
        return scratch;
    }

    private CodecException truncated(String field, int bytes, int left) {
        return malformed(field + ": needs " + bytes + " bytes, " + left + " left");
    }
}
