package com.example.outsider;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, passed by a codec from a foreign package. */
class ToyCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new ToyCodecProvider();
    }
}
