package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import org.apache.fory.config.Language;

import java.util.List;
import java.util.Set;

/**
 * The Apache Fory codecs, one per canonical message in each of Fory's two modes: {@code fory/...}
 * (Java mode) and {@code fory-xlang/...} (cross-language mode). Registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class ForyCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                new ForyCodec<>(MessageType.MARKET_DATA, Language.JAVA),
                new ForyCodec<>(MessageType.USER, Language.JAVA),
                new ForyCodec<>(MessageType.ORDER, Language.JAVA),
                new ForyCodec<>(MessageType.INFRA_EXECUTION, Language.JAVA),
                new ForyCodec<>(MessageType.MARKET_DATA, Language.XLANG),
                new ForyCodec<>(MessageType.USER, Language.XLANG),
                new ForyCodec<>(MessageType.ORDER, Language.XLANG),
                new ForyCodec<>(MessageType.INFRA_EXECUTION, Language.XLANG));
    }

    @Override
    public Set<String> formats() {
        return Set.of(ForyCodec.FORMAT, ForyCodec.XLANG_FORMAT);
    }
}
