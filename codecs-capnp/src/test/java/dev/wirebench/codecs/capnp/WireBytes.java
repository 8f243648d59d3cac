package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageReader;
import org.capnproto.ReaderOptions;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test helpers: encode with a codec, edit standard-framed bytes, pack them with the runtime, check rejections. */
final class WireBytes {

    private WireBytes() {
    }

    /** The codec of {@code type} in {@code framing}. */
    @SuppressWarnings("unchecked")
    static <T> MessageCodec<T> codec(Framing framing, MessageType<T> type) {
        for (MessageCodec<?> codec : CapnpCodec.all(framing)) {
            if (codec.messageType() == type) {
                return (MessageCodec<T>) codec;
            }
        }
        throw new AssertionError("no " + framing + " codec for " + type);
    }

    /** The standard-framed bytes of {@code message}. */
    static <T> byte[] standard(MessageType<T> type, T message) {
        return encode(codec(Framing.STANDARD, type), message);
    }

    static <T> byte[] encode(MessageCodec<T> codec, T message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 22);
        int n = codec.encode(message, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }

    /** Standard-framed bytes packed by the runtime itself (not by the codec). */
    static byte[] pack(byte[] standard) {
        try {
            MessageReader reader = Serialize.read(ByteBuffer.wrap(standard), new ReaderOptions(-1, 64));
            ByteBuffer out = ByteBuffer.allocate(standard.length * 2 + 64);
            ArrayOutputStream stream = new ArrayOutputStream(out);
            SerializePacked.write(stream, reader);
            return Arrays.copyOf(out.array(), stream.buf.position());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The index of the first occurrence of {@code pattern} in {@code bytes}. */
    static int indexOf(byte[] bytes, byte[] pattern) {
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
                return i;
            }
        }
        throw new AssertionError("pattern not found");
    }

    /** The one byte at which two encodings of the same size differ. */
    static int onlyDifference(byte[] a, byte[] b) {
        assertEquals(a.length, b.length);
        int at = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                assertEquals(-1, at, "more than one byte differs");
                at = i;
            }
        }
        assertTrue(at >= 0, "no byte differs");
        return at;
    }

    static long word(byte[] bytes, int index) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(index);
    }

    static void putWord(byte[] bytes, int index, long value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(index, value);
    }

    /**
     * Decode and traverse of {@code bytes} each throw a {@link CodecException} whose message contains
     * {@code what}, from a heap and a direct buffer at an offset.
     */
    static void assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        int offset = 5;
        for (ByteBuffer src : List.of(ByteBuffer.allocate(offset + bytes.length),
                ByteBuffer.allocateDirect(offset + bytes.length))) {
            src.position(offset);
            src.put(bytes).position(offset);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
            assertTrue(decode.getMessage().contains(what), codec.name() + " decode: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
            assertTrue(traverse.getMessage().contains(what), codec.name() + " traverse: " + traverse.getMessage());
            assertEquals(offset, src.position());
        }
    }

    /**
     * {@link #assertRejected} for the standard bytes with the standard codec and, packed by the
     * runtime, both packed ones: checks of the mapping or the runtime, made whatever the framing.
     */
    static void assertEveryFramingRejects(MessageType<?> type, byte[] standard, String what) {
        assertRejected(codec(Framing.STANDARD, type), standard, what);
        assertRejected(codec(Framing.PACKED, type), pack(standard), what);
        assertRejected(codec(Framing.PACKED_GUARDED, type), pack(standard), what);
    }

    /** The same for the codecs that claim the hostile-input tier, standard and guarded packed. */
    static void assertHostileInputFramingsReject(MessageType<?> type, byte[] standard, String what) {
        assertRejected(codec(Framing.STANDARD, type), standard, what);
        assertRejected(codec(Framing.PACKED_GUARDED, type), pack(standard), what);
    }
}
