package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/** encode and traverse allocate nothing once warm, in every buffer layout: the kit's {@link ZeroAllocationContract}. */
class RawAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new RawCodecProvider();
    }
}
