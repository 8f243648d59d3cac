package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, measurement and hostile input, on every Fory codec. */
class ForyCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new ForyCodecProvider();
    }
}
