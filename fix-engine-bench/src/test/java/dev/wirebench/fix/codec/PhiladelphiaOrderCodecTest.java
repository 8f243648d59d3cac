package dev.wirebench.fix.codec;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MessageCodecContract;

import java.util.List;

/** The whole conformance kit, run against {@code fix-philadelphia/order}. */
class PhiladelphiaOrderCodecTest extends MessageCodecContract {

    @Override
    protected CodecProvider provider() {
        return () -> List.of(new PhiladelphiaOrderCodec());
    }
}
