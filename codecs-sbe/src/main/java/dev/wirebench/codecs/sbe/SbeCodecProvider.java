package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The SBE codecs: one per canonical message, format {@code sbe}, flyweights generated from
 * {@code schemas/sbe/wirebench.xml}. Registered in {@code META-INF/services}.
 */
public final class SbeCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new SbeMarketDataCodec(), new SbeUserCodec(), new SbeOrderCodec(),
                new SbeInfrastructureExecutionCodec());
    }

    @Override
    public Set<String> formats() {
        return Set.of(SbeCodec.FORMAT);
    }
}
