package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;

/**
 * The protobuf codecs, binary ({@code protobuf/market-data}, {@code protobuf/user},
 * {@code protobuf/order}, {@code protobuf/infra-execution}) and JSON ({@code protobuf-json/...}),
 * registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class ProtobufCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                ProtobufCodec.marketData(BinaryWire::new), ProtobufCodec.user(BinaryWire::new),
                ProtobufCodec.order(BinaryWire::new), ProtobufCodec.infrastructureExecution(BinaryWire::new),
                ProtobufCodec.marketData(JsonWire::new), ProtobufCodec.user(JsonWire::new),
                ProtobufCodec.order(JsonWire::new), ProtobufCodec.infrastructureExecution(JsonWire::new));
    }
}
