package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every FlatBuffers codec. */
class FlatBuffersCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new FlatBuffersCodecProvider();
    }
}
