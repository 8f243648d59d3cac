package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every capnp and capnp-packed codec. */
class CapnpCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new CapnpCodecProvider();
    }
}
