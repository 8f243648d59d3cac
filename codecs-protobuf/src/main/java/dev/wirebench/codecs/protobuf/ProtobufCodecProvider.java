package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The protobuf codecs, binary ({@code protobuf/market-data}, {@code protobuf/user},
 * {@code protobuf/order}, {@code protobuf/infra-execution}) and JSON: {@code protobuf-json/...},
 * {@code JsonFormat} alone, and {@code protobuf-json+guarded/...}, the same behind {@link JsonScan}.
 * Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class ProtobufCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                ProtobufCodec.marketData(BinaryWire::new), ProtobufCodec.user(BinaryWire::new),
                ProtobufCodec.order(BinaryWire::new), ProtobufCodec.infrastructureExecution(BinaryWire::new),
                ProtobufCodec.marketData(JsonWire::plain), ProtobufCodec.user(JsonWire::plain),
                ProtobufCodec.order(JsonWire::plain), ProtobufCodec.infrastructureExecution(JsonWire::plain),
                ProtobufCodec.marketData(JsonWire::guarded), ProtobufCodec.user(JsonWire::guarded),
                ProtobufCodec.order(JsonWire::guarded), ProtobufCodec.infrastructureExecution(JsonWire::guarded));
    }

    @Override
    public Set<String> formats() {
        return Set.of(BinaryWire.FORMAT, JsonWire.FORMAT, JsonWire.GUARDED_FORMAT);
    }
}
