package dev.wirebench.codecs.kryo;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;

import java.util.List;
import java.util.Set;

/**
 * The Kryo codecs, format {@code kryo}, one per canonical message, each with its own {@code Kryo}.
 * Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 *
 * <p>They claim {@code MEASUREMENT} only (see the README's Tier section and {@code KryoHostileInputTest}): plain
 * Kryo trusts the bytes. The class of a list's elements is read from the wire and never checked against the
 * record's generic type, so {@code 00000081001e82020281} decodes to a {@code User} whose roles hold an
 * {@code Integer}, and its traverse throws {@code ClassCastException} (the kit's seeded corruption 6354 hits the
 * same with a {@code Character}); and declared lengths are allocated before anything is read: an 11-byte
 * {@code kryo/user} message whose e-mail claims 2^24 chars makes decode allocate a 32 MB char array, and a list
 * count of 2^31 - 2 is an {@code OutOfMemoryError}, which Kryo's {@code RecordSerializer} catches (it catches
 * every {@code Throwable} of a component) and rethrows as a {@code KryoException}.
 */
public final class KryoCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new KryoCodec<>(MessageType.MARKET_DATA), new KryoCodec<>(MessageType.USER),
                new KryoCodec<>(MessageType.ORDER), new KryoCodec<>(MessageType.INFRA_EXECUTION));
    }

    @Override
    public Set<String> formats() {
        return Set.of(KryoCodec.FORMAT);
    }
}
