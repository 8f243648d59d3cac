package dev.wirebench.codec;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The service a codec module registers in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}; {@link Codecs} finds it with
 * {@link java.util.ServiceLoader}. There is no hand-kept list of codecs anywhere.
 */
public interface CodecProvider {

    /**
     * Returns new codec instances, one per format and message type this module supports.
     * Every call must return fresh instances: each benchmark thread gets its own.
     */
    List<MessageCodec<?>> codecs();

    /**
     * The formats of {@link #codecs()}, named without creating them. A benchmark JVM measures one codec and asks
     * only the provider of its format for codecs ({@link Codecs#createOnly}), so that no other module's library is
     * loaded into it; a provider says its formats here to keep that true. The registry checks the answer against
     * {@code codecs()} when it loads. By default, the formats of {@code codecs()}, which creates them.
     */
    default Set<String> formats() {
        Set<String> formats = new LinkedHashSet<>();
        codecs().forEach(c -> formats.add(c.format()));
        return formats;
    }
}
