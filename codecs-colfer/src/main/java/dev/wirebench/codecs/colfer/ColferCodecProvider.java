package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;

import java.util.List;

/**
 * The Colfer codecs of the four canonical messages ({@code colfer/market-data}, {@code colfer/user},
 * {@code colfer/order}, {@code colfer/infra-execution}), fresh on every call.
 */
public final class ColferCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                new ColferCodec<>(MessageType.MARKET_DATA, new MarketDataMapping()),
                new ColferCodec<>(MessageType.USER, new UserMapping()),
                new ColferCodec<>(MessageType.ORDER, new OrderMapping()),
                new ColferCodec<>(MessageType.INFRA_EXECUTION, new InfrastructureExecutionMapping()));
    }
}
