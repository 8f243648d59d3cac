package dev.wirebench.benchmarks;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.Samples;

import java.nio.ByteBuffer;

/**
 * What a measurement of one codec needs, built once before it starts: the codec, its message
 * type's reference sample, an output buffer to encode into (reused), and the sample's bytes to decode
 * and traverse. Building one checks that the codec round-trips the sample and that traverse returns
 * its checksum: a codec that does not would produce numbers for work it did not do.
 *
 * @param name          {@code format/message}
 * @param codec         the codec
 * @param message       the reference sample
 * @param out           the buffer encode writes into, cleared before each call
 * @param encoded       the sample's bytes, from position 0
 * @param encodedLength how many bytes of {@code encoded} are the message
 */
record CodecFixture(String name, MessageCodec<Object> codec, Object message, ByteBuffer out, ByteBuffer encoded,
                    int encodedLength) {

    /**
     * @param buffer {@code heap} or {@code direct}
     * @throws IllegalStateException if the codec does not round-trip its reference sample or traverse
     *                               disagrees with the checksum
     */
    static CodecFixture of(MessageCodec<?> created, String buffer) {
        MessageCodec<Object> codec = CodecBenchmark.typed(created);
        String name = codec.name();
        Object message = Samples.reference(codec.messageType());
        ByteBuffer out = CodecBenchmark.allocate(buffer);
        ByteBuffer encoded = CodecBenchmark.allocate(buffer);
        int length = codec.encode(message, encoded);
        encoded.position(0);
        if (!message.equals(codec.decode(encoded, length))) {
            throw new IllegalStateException(name + " does not round-trip its reference message; not measuring it");
        }
        if (codec.traverse(encoded, length) != CodecBenchmark.checksum(codec.messageType(), message)) {
            throw new IllegalStateException(name + " traverse does not return the message checksum; not measuring it");
        }
        return new CodecFixture(name, codec, message, out, encoded, length);
    }

    /**
     * The codec's own object model, once it is shown to write the sample's bytes and read back the sample.
     *
     * @throws IllegalStateException if the codec has none, or its native form disagrees with its canonical one
     */
    @SuppressWarnings("unchecked")
    NativeModel<Object, Object> nativeModel() {
        NativeModel<Object, Object> model = (NativeModel<Object, Object>) codec.nativeModel().orElseThrow(
                () -> new IllegalStateException(name + " has no native model; NativeBenchmark measures only codecs that do"));
        ByteBuffer check = out.duplicate().clear();
        int n = model.encodeNative(model.toNative(message), check);
        if (n != encodedLength || !check.flip().equals(encoded.duplicate().position(0).limit(encodedLength))) {
            throw new IllegalStateException(name + " writes other bytes from its native model than from the record; not measuring it");
        }
        if (!message.equals(model.fromNative(model.decodeNative(encoded, encodedLength)))) {
            throw new IllegalStateException(name + " does not read its native model back to the reference message; not measuring it");
        }
        return model;
    }
}
