package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/**
 * Once warm, encode and traverse allocate nothing, heap and direct. The kit calls each codec on one range of one
 * buffer, so RangeOutput and RangeInput hand the packer and the unpacker the MessageBuffer they kept from the
 * call before; a call on another range makes a new one (see the README).
 */
class MsgpackAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new MsgpackCodecProvider();
    }
}
