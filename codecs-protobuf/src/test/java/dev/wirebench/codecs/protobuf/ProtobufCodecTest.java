package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every protobuf codec. */
class ProtobufCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new ProtobufCodecProvider();
    }
}
