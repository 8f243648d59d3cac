package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Checksum;
import us.hebi.quickbuf.RepeatedString;
import us.hebi.quickbuf.Utf8String;
import us.hebi.quickbuf.Utf8Decoder;

/**
 * {@link Checksum#string} of the strings of a parsed message, from the UTF-8 bytes QuickBuffers
 * holds, without decoding them into a {@code String}.
 *
 * <p>A parsed {@link Utf8String} keeps its bytes in an internal array and decodes them only when
 * asked, through a {@link Utf8Decoder} it hands that array to ({@code getString(decoder)}, the
 * library's hook for interning decoders). This one hashes the bytes where they lie and returns
 * {@code null}, so that the string stays undecoded: {@code Checksum.string(bytes, offset, length)}
 * is, for valid UTF-8, exactly {@code Checksum.string(String)} of the decoded text. A
 * {@code Utf8String} that already holds a {@code String} (one set from a record, or decoded
 * before) returns it without calling the decoder, and that is hashed instead.
 *
 * <p>An instance keeps the last hash between the two calls: it belongs to one mapping.
 */
final class Utf8Hash implements Utf8Decoder {

    private long hash;

    @Override
    public String decode(byte[] bytes, int offset, int length) {
        hash = Checksum.string(bytes, offset, length);
        return null;
    }

    /** The {@link Checksum#string} of {@code s}. */
    long of(Utf8String s) {
        String held = s.getString(this);
        return held == null ? hash : Checksum.string(held);
    }

    /** The {@link Checksum} list value of {@code list}, as {@link Checksum#strings} has it. */
    long of(RepeatedString list) {
        int size = list.length();
        long h = Checksum.listStart(size);
        for (int i = 0; i < size; i++) {
            String held = list.get(i, this);
            h = Checksum.mix(h, held == null ? hash : Checksum.string(held));
        }
        return h;
    }
}
