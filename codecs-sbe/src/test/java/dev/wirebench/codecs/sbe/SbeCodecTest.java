package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every SBE codec. */
class SbeCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new SbeCodecProvider();
    }
}
