package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.Utf8;
import org.msgpack.core.MessageInsufficientBufferException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Checksum.mix;

/**
 * What the four msgpack codecs share: one {@link MessagePacker} and one {@link MessageUnpacker} per codec, built
 * once over a {@link RangeOutput} and a {@link RangeInput} that are re-aimed at the caller's bytes on every call,
 * and the packing and unpacking of strings, lists and maps. A subclass packs and unpacks its record by hand, field
 * by field, as a user of msgpack-core does: there is no schema.
 *
 * <p>Every record is a msgpack array of its components in declaration order (see the README); decode and traverse
 * check each array's size, a list's or map's size against the bytes left, and that the message ends exactly at
 * {@code length}.
 *
 * @param <T> the canonical message record
 */
abstract class MsgpackCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "msgpack";

    /** msgpack-core's defaults: str8 headers on (the current spec); its string thresholds do not apply, packString is never called. */
    private static final MessagePack.PackerConfig PACKER = new MessagePack.PackerConfig();
    /**
     * Strings must be str: by default msgpack-core also reads a bin value where a String is asked for, which
     * traverse (it hashes str payloads) would not. Invalid UTF-8 is replaced (U+FFFD), msgpack-core's default.
     */
    private static final MessagePack.UnpackerConfig UNPACKER =
            new MessagePack.UnpackerConfig().withAllowReadingBinaryAsString(false);

    private final RangeOutput out = new RangeOutput();
    private final RangeInput in = new RangeInput();
    /** Replaced after a failed encode, which can leave it holding a buffer of the previous destination. */
    private MessagePacker packer = PACKER.newPacker(out);
    private final MessageUnpacker unpacker = UNPACKER.newUnpacker(in);
    /** The length of the message being read. */
    private int length;

    /** UTF-8 of the string being packed: 3 bytes a char always suffice; grows to the longest string met. */
    private byte[] utf8 = new byte[256];
    /** Packs a map entry; built once, so that Map.forEach allocates nothing per call. */
    private final BiConsumer<String, String> packEntry = this::packEntry;

    MsgpackCodec(MessageType<T> type) {
        super(FORMAT, type);
    }

    /** Every truncation and corruption of the kit ends in a CodecException or a valid message (see the README). */
    @Override
    public final Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    /** Packs the record as the array of its components. */
    abstract void pack(T message, MessagePacker packer) throws IOException;

    /** Unpacks the record from its array. */
    abstract T unpack(MessageUnpacker unpacker) throws IOException;

    /** The record's {@link Checksum}, read from its array without building it. */
    abstract long hash(MessageUnpacker unpacker) throws IOException;

    @Override
    protected final int encode(T message, ByteBuffer dst, int offset, int limit) {
        out.aim(dst, offset, limit);
        try {
            pack(message, packer);
            packer.flush();
            return out.written();
        } catch (IOException e) {
            packer = PACKER.newPacker(out);
            throw new UncheckedIOException("RangeOutput throws no IOException", e);
        } catch (RuntimeException e) {
            // an overflow can leave the packer holding a buffer over this destination with bytes not flushed
            packer = PACKER.newPacker(out);
            throw e;
        } finally {
            out.release();
        }
    }

    @Override
    protected final T decode(ByteBuffer src, int offset, int length) {
        try {
            start(src, offset, length);
            T message = unpack(unpacker);
            checkEnd();
            return message;
        } catch (MessagePackException | IOException e) {
            throw malformed(describe(e), e);
        }
    }

    @Override
    protected final long traverse(ByteBuffer src, int offset, int length) {
        try {
            start(src, offset, length);
            long h = hash(unpacker);
            checkEnd();
            return h;
        } catch (MessagePackException | IOException e) {
            throw malformed(describe(e), e);
        }
    }

    private void start(ByteBuffer src, int offset, int length) throws IOException {
        in.aim(src, offset, length);
        unpacker.reset(in);
        this.length = length;
    }

    private void checkEnd() {
        long read = unpacker.getTotalReadBytes();
        if (read != length) {
            throw malformed("trailing bytes: " + (length - read) + " after the end of the message");
        }
    }

    private static String describe(Exception e) {
        if (e instanceof MessageInsufficientBufferException) {
            return "truncated: the message ends inside a value";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + message;
    }

    // ---- packing

    /** {@code s} as a str: its UTF-8 (unpaired surrogates as {@code '?'}, as String.getBytes) encoded into scratch. */
    final void packString(MessagePacker packer, String s) throws IOException {
        if (s.isEmpty()) {
            packer.packRawStringHeader(0);
            return;
        }
        if (utf8.length < 3 * s.length()) {
            utf8 = new byte[Math.max(3 * s.length(), 2 * utf8.length)];
        }
        int n = Utf8.encode(s, utf8, 0);
        packer.packRawStringHeader(n);
        packer.writePayload(utf8, 0, n);
    }

    final void packStrings(MessagePacker packer, List<String> list) throws IOException {
        packer.packArrayHeader(list.size());
        // by index: a for-each would allocate an iterator per call
        for (int i = 0; i < list.size(); i++) {
            packString(packer, list.get(i));
        }
    }

    /** A msgpack map of str keys to str values, in the map's (insertion) order. */
    final void packMap(MessagePacker packer, Map<String, String> map) throws IOException {
        packer.packMapHeader(map.size());
        map.forEach(packEntry);
    }

    private void packEntry(String key, String value) {
        try {
            packString(packer, key);
            packString(packer, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- unpacking: decode and traverse make the same checks

    /** The header of a record's array, which must have exactly {@code fields} elements. */
    final void record(MessageUnpacker unpacker, int fields, String name) throws IOException {
        int n = unpacker.unpackArrayHeader();
        if (n != fields) {
            throw malformed(name + ": an array of " + n + " values, expected " + fields);
        }
    }

    /**
     * The size of a list, no more than the bytes left hold when each element takes at least {@code minBytes}: a
     * corrupted size allocates nothing beyond the input and loops no longer than it.
     */
    final int listSize(MessageUnpacker unpacker, int minBytes, String field) throws IOException {
        return checkSize(unpacker.unpackArrayHeader(), minBytes, field);
    }

    /** The size of a map, each entry taking at least 2 bytes (two empty strings). */
    final int mapSize(MessageUnpacker unpacker, String field) throws IOException {
        return checkSize(unpacker.unpackMapHeader(), 2, field);
    }

    private int checkSize(int size, int minBytes, String field) {
        long left = length - unpacker.getTotalReadBytes();
        if (size > left / minBytes) {
            throw malformed(field + ": " + size + " elements in the " + left + " bytes left");
        }
        return size;
    }

    /** An enum ordinal, checked against the enum's {@code count} constants. */
    final int ordinal(MessageUnpacker unpacker, int count, String field) throws IOException {
        return Ordinals.check(unpacker.unpackInt(), count, field);
    }

    final List<String> strings(MessageUnpacker unpacker, String field) throws IOException {
        int n = listSize(unpacker, 1, field);
        List<String> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(unpacker.unpackString());
        }
        return list;
    }

    /** A str→str map; a key met twice is malformed (the record could not hold both). */
    final Map<String, String> map(MessageUnpacker unpacker, String field) throws IOException {
        int n = mapSize(unpacker, field);
        Map<String, String> map = new LinkedHashMap<>(Math.max(16, (int) (n / 0.75f) + 1));
        for (int i = 0; i < n; i++) {
            String key = unpacker.unpackString();
            if (map.put(key, unpacker.unpackString()) != null) {
                throw malformed(field + ": the key '" + key + "' appears twice");
            }
        }
        return map;
    }

    /**
     * {@link Checksum#string(byte[], int, int)} of the next str, hashed where it lies: msgpack-core reads the header
     * and skips the payload ({@code skipValue}), and the payload is hashed in the array the message is read from,
     * at the position the unpacker reports. No String, no copy (unpackString would decode a String, and
     * readPayloadAsReference allocates a MessageBuffer slice).
     */
    final long hashString(MessageUnpacker unpacker) throws IOException {
        int header = switch (unpacker.getNextFormat()) {
            case FIXSTR -> 1;
            case STR8 -> 2;
            case STR16 -> 3;
            case STR32 -> 5;
            default -> throw malformed("expected a String, found a " + unpacker.getNextFormat().getValueType() + " value");
        };
        long at = unpacker.getTotalReadBytes();
        unpacker.skipValue();
        int n = (int) (unpacker.getTotalReadBytes() - at) - header;
        return Checksum.string(in.array(), in.start() + (int) at + header, n);
    }

    final long hashStrings(MessageUnpacker unpacker, String field) throws IOException {
        int n = listSize(unpacker, 1, field);
        long h = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            h = mix(h, hashString(unpacker));
        }
        return h;
    }

    final long hashMap(MessageUnpacker unpacker, String field) throws IOException {
        int n = mapSize(unpacker, field);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            long key = hashString(unpacker);
            sum += Checksum.mapEntry(key, hashString(unpacker));
        }
        return Checksum.map(n, sum);
    }

    /** A double that a record can hold: finite. */
    final double finite(double value, String field) {
        if (!Double.isFinite(value)) {
            throw malformed(field + ": " + value + " is not finite");
        }
        return value;
    }
}
