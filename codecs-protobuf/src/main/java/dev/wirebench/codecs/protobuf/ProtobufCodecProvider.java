package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;

/**
 * The protobuf binary codecs ({@code protobuf/market-data}, {@code protobuf/user},
 * {@code protobuf/order}, {@code protobuf/infra-execution}), registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class ProtobufCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(ProtobufCodec.marketData(), ProtobufCodec.user(), ProtobufCodec.order(),
                ProtobufCodec.infrastructureExecution());
    }
}
