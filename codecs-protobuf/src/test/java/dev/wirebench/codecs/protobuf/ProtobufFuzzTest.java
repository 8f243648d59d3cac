package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on the protobuf codecs that claim the hostile-input tier: the binary ones and
 * {@code protobuf-json+guarded}. Its seeds and regression inputs are the files in {@code
 * ProtobufFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class ProtobufFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new ProtobufCodecProvider();
    }
}
