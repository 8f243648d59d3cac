package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every MessagePack codec: all of them claim the hostile-input tier. Its seeds
 * and regression inputs are the files in {@code MsgpackFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class MsgpackFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new MsgpackCodecProvider();
    }

    /** Decode lets {@code new String} replace invalid UTF-8 with U+FFFD, traverse hashes the bytes (see the README). */
    @Override
    protected boolean decodeReplacesInvalidUtf8(MessageCodec<?> codec) {
        return true;
    }

    /** Only decode sees a map key twice: traverse builds no map (see the README). */
    @Override
    protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
        return why.matches("(?s).*: the key '.*' appears twice");
    }
}
