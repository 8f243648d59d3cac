package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The Java serialization codecs ({@code jdk/market-data}, {@code jdk/user}, {@code jdk/order},
 * {@code jdk/infra-execution}), registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class JdkCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(JdkCodec.marketData(), JdkCodec.user(), JdkCodec.order(), JdkCodec.infrastructureExecution());
    }

    @Override
    public Set<String> formats() {
        return Set.of(JdkCodec.FORMAT);
    }
}
