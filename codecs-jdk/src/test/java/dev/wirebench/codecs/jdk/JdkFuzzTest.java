package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every Java serialization codec: all of them claim the hostile-input tier. Its
 * seeds and regression inputs are the files in {@code JdkFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class JdkFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new JdkCodecProvider();
    }
}
