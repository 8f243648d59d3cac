package com.example.outsider;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

/** The whole kit, passed by a codec from a foreign package. */
class ToyCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return new ToyCodecProvider();
    }
}
