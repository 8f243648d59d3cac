package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.CodecProvider;
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
}
