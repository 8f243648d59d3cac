package dev.wirebench.fix.codec;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

import java.util.List;

/** Both contracts of the conformance kit, measurement and hostile input, which the codec claims,, run against {@code fix-philadelphia/order}. */
class PhiladelphiaOrderCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return () -> List.of(new PhiladelphiaOrderCodec());
    }
}
