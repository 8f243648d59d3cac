package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

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
}
