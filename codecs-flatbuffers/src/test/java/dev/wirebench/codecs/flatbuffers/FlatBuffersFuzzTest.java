package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on the FlatBuffers codecs that claim the hostile-input tier: the guarded ones.
 * Its seeds and regression inputs are the files in {@code FlatBuffersFuzzTestInputs/decodeAndTraverse} beside it in
 * the test resources.
 */
class FlatBuffersFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new FlatBuffersCodecProvider();
    }
}
