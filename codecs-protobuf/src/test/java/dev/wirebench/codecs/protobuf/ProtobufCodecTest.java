package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/**
 * The measurement contract on every protobuf codec, and the hostile-input contract on the ones that
 * claim it: {@code protobuf} and {@code protobuf-json+guarded}, not the plain {@code protobuf-json}.
 */
class ProtobufCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new ProtobufCodecProvider();
    }
}
