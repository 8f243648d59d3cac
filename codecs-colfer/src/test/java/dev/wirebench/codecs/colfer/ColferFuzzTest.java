package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on the Colfer codecs that claim the hostile-input tier: the guarded ones. Its
 * seeds and regression inputs are the files in {@code ColferFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class ColferFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new ColferCodecProvider();
    }
}
