package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every Fory codec: all of them claim the hostile-input tier. Its seeds and
 * regression inputs are the files in {@code ForyFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class ForyFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new ForyCodecProvider();
    }
}
