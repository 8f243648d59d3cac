package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import org.apache.fory.config.Language;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Apache Fory codecs, one per canonical message in each of Fory's two modes: {@code fory/...}
 * (Java mode) and {@code fory-xlang/...} (cross-language mode), and each again with decode checking the
 * message Fory built ({@code fory+guarded/...}, {@code fory-xlang+guarded/...}). Registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class ForyCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        List<MessageCodec<?>> codecs = new ArrayList<>();
        for (boolean guarded : new boolean[] {false, true}) {
            for (Language language : new Language[] {Language.JAVA, Language.XLANG}) {
                codecs.add(new ForyCodec<>(MessageType.MARKET_DATA, language, guarded));
                codecs.add(new ForyCodec<>(MessageType.USER, language, guarded));
                codecs.add(new ForyCodec<>(MessageType.ORDER, language, guarded));
                codecs.add(new ForyCodec<>(MessageType.INFRA_EXECUTION, language, guarded));
            }
        }
        return codecs;
    }

    @Override
    public Set<String> formats() {
        return Set.of(ForyCodec.FORMAT, ForyCodec.XLANG_FORMAT, ForyCodec.FORMAT + ForyCodec.GUARDED,
                ForyCodec.XLANG_FORMAT + ForyCodec.GUARDED);
    }
}
