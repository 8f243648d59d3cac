package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The raw codecs: one per canonical message, format {@code raw}, hand-written little-endian
 * {@link java.nio.ByteBuffer} code with no library. Registered in {@code META-INF/services}.
 */
public final class RawCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new RawMarketDataCodec(), new RawUserCodec(), new RawOrderCodec(),
                new RawInfrastructureExecutionCodec());
    }

    @Override
    public Set<String> formats() {
        return Set.of(RawCodec.FORMAT);
    }
}
