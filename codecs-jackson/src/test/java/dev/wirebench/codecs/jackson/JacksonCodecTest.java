package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** The measurement and hostile-input contracts on all twelve Jackson codecs. */
class JacksonCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new JacksonCodecProvider();
    }
}
