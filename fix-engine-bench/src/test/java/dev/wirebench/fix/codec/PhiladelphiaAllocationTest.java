package dev.wirebench.fix.codec;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

import java.util.List;

/** The tier's claim: Philadelphia's encode and traverse allocate nothing once warm, heap or direct. */
class PhiladelphiaAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return () -> List.of(new PhiladelphiaOrderCodec());
    }
}
