package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** Both contracts of the kit, measurement and hostile input, which every msgpack codec claims. */
class MsgpackCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new MsgpackCodecProvider();
    }
}
