package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Colfer codecs of the four canonical messages ({@code colfer/market-data}, {@code colfer/user},
 * {@code colfer/order}, {@code colfer/infra-execution}), and the same reading through a copy that
 * ends where the message ends ({@code colfer+guarded/...}), fresh on every call.
 */
public final class ColferCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        List<MessageCodec<?>> codecs = new ArrayList<>();
        for (boolean guarded : new boolean[] {false, true}) {
            codecs.add(new ColferCodec<>(MessageType.MARKET_DATA, new MarketDataMapping(), guarded));
            codecs.add(new ColferCodec<>(MessageType.USER, new UserMapping(), guarded));
            codecs.add(new ColferCodec<>(MessageType.ORDER, new OrderMapping(), guarded));
            codecs.add(new ColferCodec<>(MessageType.INFRA_EXECUTION, new InfrastructureExecutionMapping(), guarded));
        }
        return codecs;
    }

    @Override
    public Set<String> formats() {
        return Set.of(ColferCodec.FORMAT, ColferCodec.GUARDED_FORMAT);
    }
}
