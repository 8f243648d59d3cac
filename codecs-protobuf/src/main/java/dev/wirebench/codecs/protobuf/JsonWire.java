package dev.wirebench.codecs.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.Utf8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Protobuf's JSON mapping: {@code JsonFormat} from protobuf-java-util, as UTF-8 bytes. Field names
 * are lowerCamelCase, enums their value names, 64-bit integers strings, Timestamps RFC 3339
 * strings, and fields holding their default value are left out, as protobuf JSON does.
 *
 * <p>Two formats, the same bytes. {@code protobuf-json} ({@link #plain}) parses with
 * {@code JsonFormat} alone: what it measures is the library. {@code protobuf-json+guarded}
 * ({@link #guarded}) first has {@link JsonScan} hold the bytes to strict JSON of bounded depth
 * (the library's Gson parser is lenient and recursive, and slow on some exponents), which is what
 * makes it safe on hostile input; the difference between the two is the scan's cost. Both keep the
 * sign of a negative zero, which the library reads as +0.0: a correctness repair, not a guard
 * (the guarded wire notes it during its scan, the plain one looks only when a double parsed as
 * zero). The text buffers and the UTF-8 decoder are reused; the printed String, the parsed String
 * and Gson's tree are the library's and new on every call.
 *
 * @param <P> the generated proto message
 */
final class JsonWire<P extends Message> implements ProtobufWire<P> {

    static final String FORMAT = "protobuf-json";
    static final String GUARDED_FORMAT = FORMAT + "+guarded";

    // compact: the form sent over a wire, not a document for people
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();
    // strict about unknown fields: ignoringUnknownFields() would also turn an enum name it does not
    // know into the default value, i.e. the first record constant, without a word
    private static final JsonFormat.Parser PARSER = JsonFormat.parser();

    private final boolean guarded;
    private final Message.Builder builder;
    private final JsonScan scan;
    private final StringBuilder text = new StringBuilder(256);
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private CharBuffer chars = CharBuffer.allocate(256);
    /** A direct buffer's bytes, copied out for encoding (encode) or for scanning and decoding (parse). */
    private byte[] scratch = new byte[256];
    /** A reusable view of the last array parsed from, for the decoder, which reads a ByteBuffer. */
    private byte[] viewed;
    private ByteBuffer view;

    private JsonWire(P defaultInstance, boolean guarded) {
        this.guarded = guarded;
        this.builder = defaultInstance.newBuilderForType();
        this.scan = new JsonScan(defaultInstance.getDescriptorForType());
    }

    /** {@code protobuf-json}: {@code JsonFormat} on the bytes as they come. */
    static <P extends Message> JsonWire<P> plain(P defaultInstance) {
        return new JsonWire<>(defaultInstance, false);
    }

    /** {@code protobuf-json+guarded}: {@link JsonScan} first, then {@code JsonFormat}. */
    static <P extends Message> JsonWire<P> guarded(P defaultInstance) {
        return new JsonWire<>(defaultInstance, true);
    }

    @Override
    public String format() {
        return guarded ? GUARDED_FORMAT : FORMAT;
    }

    /**
     * Only the guarded wire claims hostile input. The plain one passes the kit's truncations and
     * corruptions, but without the scan an unsigned value of {@code 1e99999999} (34 bytes of JSON)
     * makes JsonFormat compute for minutes, and deep nesting is rejected only after Gson has
     * overflowed the stack and caught its own StackOverflowError.
     */
    @Override
    public Conformance conformance() {
        return guarded ? Conformance.HOSTILE_INPUT : Conformance.MEASUREMENT;
    }

    @Override
    public int write(P message, ByteBuffer dst, int offset, int limit) {
        text.setLength(0);
        try {
            PRINTER.appendTo(message, text);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringBuilder does not throw", e);
        }
        int size = Utf8.encodedLength(text);
        if (size > limit - offset) {
            throw new BufferOverflowException();
        }
        if (dst.hasArray()) {
            Utf8.encode(text, dst.array(), dst.arrayOffset() + offset);
        } else {
            byte[] bytes = scratch(size);
            Utf8.encode(text, bytes, 0);
            dst.put(offset, bytes, 0, size);
        }
        return size;
    }

    @Override
    public P parse(ByteBuffer src, int offset, int length) throws InvalidProtocolBufferException {
        byte[] bytes;
        int from;
        if (src.hasArray()) {
            bytes = src.array();
            from = src.arrayOffset() + offset;
        } else {
            bytes = scratch(length);
            src.get(offset, bytes, 0, length);
            from = 0;
        }
        if (guarded) {
            scan.scan(bytes, from, from + length);
        }
        String json = decodeUtf8(bytes, from, length);
        builder.clear();
        // merge(String, ...) turns every RuntimeException, Gson's (JsonParseException, IllegalStateException,
        // NumberFormatException, UnsupportedOperationException) and its own, into the
        // InvalidProtocolBufferException the codec reports; where the scan has bounded the nesting, no
        // StackOverflowError arises in Gson's recursive tree building (without it, Gson catches its own)
        PARSER.merge(json, builder);
        if (guarded) {
            scan.restoreNegativeZeros(builder);
        } else {
            scan.restoreNegativeZeros(builder, bytes, from, from + length);
        }
        @SuppressWarnings("unchecked") // the builder of P's default instance builds a P
        P message = (P) builder.build();
        return message;
    }

    /** The text of {@code bytes[from, from + length)}, which must be well-formed UTF-8. */
    private String decodeUtf8(byte[] bytes, int from, int length) {
        if (bytes != viewed) {
            viewed = bytes;
            view = ByteBuffer.wrap(bytes);
        }
        ByteBuffer in = view.clear().position(from).limit(from + length);
        if (chars.capacity() < length) {
            // UTF-8 never decodes to more chars than it has bytes
            chars = CharBuffer.allocate(Math.max(length, 2 * chars.capacity()));
        }
        chars.clear();
        utf8.reset();
        CoderResult result = utf8.decode(in, chars, true);
        if (result.isUnderflow()) {
            result = utf8.flush(chars);
        }
        if (!result.isUnderflow()) {
            throw new IllegalArgumentException("not protobuf JSON: invalid UTF-8 at byte " + (in.position() - from));
        }
        return new String(chars.array(), 0, chars.position());
    }

    private byte[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, 2 * scratch.length)];
        }
        return scratch;
    }
}
