package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/** encode and traverse allocate nothing once warm, in every buffer layout: the kit's {@link ZeroAllocationContract}. */
class SbeAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new SbeCodecProvider();
    }
}
