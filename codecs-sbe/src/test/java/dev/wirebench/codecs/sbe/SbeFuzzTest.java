package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every SBE codec: all of them claim the hostile-input tier. Its seeds and
 * regression inputs are the files in {@code SbeFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class SbeFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new SbeCodecProvider();
    }
}
