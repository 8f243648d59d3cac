package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole conformance kit, run against every Java serialization codec. */
class JdkCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new JdkCodecProvider();
    }
}
