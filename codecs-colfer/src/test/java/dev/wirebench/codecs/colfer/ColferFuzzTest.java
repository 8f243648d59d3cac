package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
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

    /**
     * Only decode sees a map key twice: traverse would need a set per call (see the README's Errors). The regression
     * input {@code regression-map-key-twice-decode-only} is such a message, written with the generated struct.
     */
    @Override
    protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
        return why.endsWith(" repeats the key of an earlier entry");
    }
}
