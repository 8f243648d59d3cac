package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every SBE codec: all of them claim the hostile-input tier. Its seeds and
 * regression inputs are the files in {@code SbeFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class SbeFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new SbeCodecProvider();
    }

    /** Decode lets {@code new String} replace invalid UTF-8 with U+FFFD, traverse hashes the bytes (see the README). */
    @Override
    protected boolean decodeReplacesInvalidUtf8(MessageCodec<?> codec) {
        return true;
    }

    /** Only decode sees a map key twice: traverse builds no map (see the README). */
    @Override
    protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
        return why.matches("(?s).* repeats the key '.*'");
    }
}
