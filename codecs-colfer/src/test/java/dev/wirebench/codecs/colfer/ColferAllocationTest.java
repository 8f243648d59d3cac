package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/** encode allocates nothing once warm on each of its three paths (in place into a heap array that ends at the limit, through the scratch array into a heap buffer with room past its limit, and into a direct buffer): the kit's {@link ZeroAllocationContract}. */
class ColferAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new ColferCodecProvider();
    }

    /** Colfer has no reader over the bytes: traverse unmarshals into new objects (see the README). */
    @Override
    protected boolean traverseAllocatesNothing() {
        return false;
    }
}
