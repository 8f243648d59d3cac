package dev.wirebench.codecs.example;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The codecs of this module ({@code example/user}), registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}: the registry finds them there, and no list of codecs
 * is kept anywhere else. A real format offers one codec per message it carries.
 */
public final class ExampleCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new ExampleUserCodec());
    }

    @Override
    public Set<String> formats() {
        return Set.of(ExampleUserCodec.FORMAT);
    }
}
