package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every Colfer codec. */
class ColferCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new ColferCodecProvider();
    }
}
