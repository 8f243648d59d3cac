package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, measurement and hostile input, which every raw codec claims. */
class RawCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new RawCodecProvider();
    }
}
