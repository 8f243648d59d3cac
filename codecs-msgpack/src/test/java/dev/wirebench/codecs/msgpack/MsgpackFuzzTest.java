package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every MessagePack codec: all of them claim the hostile-input tier. Its seeds
 * and regression inputs are the files in {@code MsgpackFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class MsgpackFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new MsgpackCodecProvider();
    }
}
