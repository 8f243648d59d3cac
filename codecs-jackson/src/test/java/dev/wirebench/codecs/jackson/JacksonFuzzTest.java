package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

import java.io.IOException;

/**
 * The conformance kit's fuzz target on every Jackson codec: all of them claim the hostile-input tier. Its seeds and
 * regression inputs are the files in {@code JacksonFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class JacksonFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new JacksonCodecProvider();
    }

    /**
     * Decode keeps databind's coercions (a missing primitive is 0, {@code "42"} a number, an enum by its index), which
     * traverse refuses (see the README's Tier): for such bytes traverse may say no where decode reads. Where both
     * read, they must still agree, and traverse may accept nothing decode refuses.
     */
    @Override
    protected boolean traverseMayRejectWhatDecodeAccepts(MessageCodec<?> codec, String why) {
        return true;
    }

    /**
     * A name given twice in one object, which databind and traverse each read their own way (the README's
     * Conformance): only where Jackson's own parser, told to look for it, finds one in the bytes.
     */
    @Override
    protected boolean mayDisagreeOn(MessageCodec<?> codec, byte[] bytes, int length) {
        JacksonFormat format = format(codec);
        try (JsonParser parser = format.mapper().getFactory().rebuild()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build().createParser(bytes, 0, length)) {
            while (parser.nextToken() != null) {
                // read every token: a repeated name throws at its second occurrence
            }
            return false;
        } catch (StreamReadException e) {
            return e.getMessage().startsWith("Duplicate field");
        } catch (IOException e) {
            return false;
        }
    }

    /** Smile and CBOR read text with an unpaired surrogate that their generators cannot write (the README's Conformance). */
    @Override
    protected boolean encodeMayRefuse(MessageCodec<?> codec, Object decoded) {
        return format(codec) != JacksonFormat.JSON && holdsAnUnpairedSurrogate(decoded);
    }

    private static JacksonFormat format(MessageCodec<?> codec) {
        for (JacksonFormat format : JacksonFormat.values()) {
            if (codec.name().startsWith(format.format() + "/")) {
                return format;
            }
        }
        throw new IllegalArgumentException("not a Jackson codec: " + codec.name());
    }
}
