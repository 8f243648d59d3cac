package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/**
 * {@code quickbuf-json}'s encode allocates nothing once warm either: QuickBuffers prints into the
 * codec's growable array. Its traverse does allocate (a {@code JsonSource} per message, and a
 * {@code String} per double it parses), so only encode is held to zero.
 */
class QuickbufJsonAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return () -> QuickbufAllocationTest.only(JsonWire.FORMAT);
    }

    @Override
    protected boolean traverseAllocatesNothing() {
        return false;
    }
}
