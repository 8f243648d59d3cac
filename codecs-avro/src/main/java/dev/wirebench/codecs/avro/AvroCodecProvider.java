package dev.wirebench.codecs.avro;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The Avro codecs: {@code avro/...}, the classes generated from {@code schemas/avro} through Avro's specific
 * datum writer and reader, and {@code avro-generic/...}, the same schemas and bytes through generic records.
 * Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 *
 * <p>All eight claim {@code HOSTILE_INPUT} with no guard of their own: Avro 1.12.2's binary decoder checks a declared
 * string or collection length against the bytes left before allocating for it (see the README for what was tried).
 */
public final class AvroCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                AvroCodec.marketData(), AvroCodec.user(), AvroCodec.order(), AvroCodec.infrastructureExecution(),
                AvroCodec.genericMarketData(), AvroCodec.genericUser(), AvroCodec.genericOrder(),
                AvroCodec.genericInfrastructureExecution());
    }

    /** Named without creating a codec, so that a JVM measuring another format never loads Avro. */
    @Override
    public Set<String> formats() {
        return Set.of(AvroCodec.SPECIFIC, AvroCodec.GENERIC);
    }
}
