package dev.wirebench.codecs.kryo;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;

import java.util.List;

/**
 * The Kryo codecs, format {@code kryo}, one per canonical message, each with its own {@code Kryo}.
 * Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class KryoCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new KryoCodec<>(MessageType.MARKET_DATA), new KryoCodec<>(MessageType.USER),
                new KryoCodec<>(MessageType.ORDER), new KryoCodec<>(MessageType.INFRA_EXECUTION));
    }
}
