package dev.wirebench.codec;

import java.util.List;

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
}
