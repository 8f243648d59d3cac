package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Cap'n Proto codecs: every canonical message in the standard framing ({@code capnp/...}),
 * packed ({@code capnp-packed/...}) and packed behind {@link PackedBytes}
 * ({@code capnp-packed+guarded/...}), registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 */
public final class CapnpCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        List<MessageCodec<?>> codecs = new ArrayList<>();
        for (Framing framing : Framing.values()) {
            codecs.addAll(CapnpCodec.all(framing));
        }
        return codecs;
    }

    @Override
    public Set<String> formats() {
        Set<String> formats = new LinkedHashSet<>();
        for (Framing framing : Framing.values()) {
            formats.add(framing.format());
        }
        return formats;
    }
}
