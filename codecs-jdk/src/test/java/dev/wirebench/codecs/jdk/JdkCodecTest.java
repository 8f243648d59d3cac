package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, measurement and hostile input, which every Java serialization codec claims. */
class JdkCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new JdkCodecProvider();
    }
}
