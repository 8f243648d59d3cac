package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/** encode and traverse allocate nothing once warm (traverse: when the same buffer comes back at the same offset, as in a benchmark), in every buffer layout: the kit's {@link ZeroAllocationContract}. */
class FlatBuffersAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new FlatBuffersCodecProvider();
    }
}
