package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Jackson codecs: the four messages in each {@link JacksonFormat}, {@code jackson-json/...},
 * {@code jackson-smile/...} and {@code jackson-cbor/...}. Registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class JacksonCodecProvider implements CodecProvider {

    // the names as constants: formats() answers without initialising JacksonFormat, which builds the three mappers
    static final String JSON = "jackson-json";
    static final String SMILE = "jackson-smile";
    static final String CBOR = "jackson-cbor";

    @Override
    public List<MessageCodec<?>> codecs() {
        List<MessageCodec<?>> codecs = new ArrayList<>(4 * JacksonFormat.values().length);
        for (JacksonFormat format : JacksonFormat.values()) {
            codecs.add(new JacksonCodec<>(format, MessageType.MARKET_DATA, TokenChecksum::marketData));
            codecs.add(new JacksonCodec<>(format, MessageType.USER, TokenChecksum::user));
            codecs.add(new JacksonCodec<>(format, MessageType.ORDER, TokenChecksum::order));
            codecs.add(new JacksonCodec<>(format, MessageType.INFRA_EXECUTION, TokenChecksum::infrastructureExecution));
        }
        return List.copyOf(codecs);
    }

    @Override
    public Set<String> formats() {
        return Set.of(JSON, SMILE, CBOR);
    }
}
