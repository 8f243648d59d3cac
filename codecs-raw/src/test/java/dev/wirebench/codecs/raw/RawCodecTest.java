package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every raw codec. */
class RawCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new RawCodecProvider();
    }
}
