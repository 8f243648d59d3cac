package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, measurement and hostile input, which every SBE codec claims. */
class SbeCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new SbeCodecProvider();
    }
}
