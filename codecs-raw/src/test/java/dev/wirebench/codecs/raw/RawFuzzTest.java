package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every hand-written raw codec: all of them claim the hostile-input tier. Its
 * seeds and regression inputs are the files in {@code RawFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class RawFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new RawCodecProvider();
    }
}
