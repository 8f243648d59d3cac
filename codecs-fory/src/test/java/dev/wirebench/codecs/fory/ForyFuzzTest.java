package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on the Fory codecs that claim the hostile-input tier, the +guarded ones. Its seeds and
 * regression inputs are the files in {@code ForyFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class ForyFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new ForyCodecProvider();
    }
}
