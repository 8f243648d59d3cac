package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/**
 * The measurement contract on every FlatBuffers codec, and the hostile-input contract on the ones
 * that claim it: {@code flatbuffers+guarded}, not the plain {@code flatbuffers}.
 */
class FlatBuffersCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new FlatBuffersCodecProvider();
    }
}
