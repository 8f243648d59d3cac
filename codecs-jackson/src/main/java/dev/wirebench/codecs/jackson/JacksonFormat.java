package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.MapperBuilder;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;

import java.util.function.Supplier;

/**
 * The three token formats Jackson databind writes the records in, one {@link ObjectMapper} each, configured
 * the same way: Blackbird (databind's property access through generated lambdas instead of reflection) and
 * {@code FAIL_ON_TRAILING_TOKENS} (a message is all of its bytes); everything else is Jackson's default but for
 * one JSON output feature (see {@link #JSON}).
 *
 * <p>The mappers are built once per JVM, when the first codec is (the registry builds them all anyway), and shared
 * by each format's codecs: an {@code ObjectMapper} is thread-safe once built. The codecs keep their own readers
 * and writers.
 */
enum JacksonFormat {

    /**
     * JSON text, UTF-8, compact. A character beyond the BMP is written as its 4 UTF-8 bytes, as Jackson 3 does by
     * default; Jackson 2 would otherwise write it as a 12-byte pair of {@code \\u} escapes, one per surrogate.
     */
    JSON(JacksonCodecProvider.JSON, () -> JsonMapper.builder().enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8),
            true),
    /** Smile, Jackson's binary JSON: a {@code :)\n} header, then tokens; a repeated name refers back to its first. */
    SMILE(JacksonCodecProvider.SMILE, SmileMapper::builder, false),
    /** CBOR (RFC 8949): records and maps as maps of indefinite length, lists as arrays of definite length. */
    CBOR(JacksonCodecProvider.CBOR, CBORMapper::builder, false);

    private final String format;
    private final ObjectMapper mapper;
    private final boolean charsInPlace;

    JacksonFormat(String format, Supplier<? extends MapperBuilder<?, ?>> builder, boolean charsInPlace) {
        this.format = format;
        this.charsInPlace = charsInPlace;
        this.mapper = builder.get()
                .addModule(new BlackbirdModule())
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /** The codec format name, e.g. {@code jackson-json}. */
    String format() {
        return format;
    }

    /**
     * Whether a string token's text is best read in place from the parser's chars ({@code getTextCharacters}):
     * JSON's parser decodes into its char buffer and makes a {@code String} only when asked; the Smile and CBOR
     * parsers make one of every text token, which {@code getText} then hands over without a copy.
     */
    boolean charsInPlace() {
        return charsInPlace;
    }

    /** This format's mapper. */
    ObjectMapper mapper() {
        return mapper;
    }
}
