package dev.wirebench.codecs.raw;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every hand-written raw codec: all of them claim the hostile-input tier. Its
 * seeds and regression inputs are the files in {@code RawFuzzTestInputs/decodeAndTraverse} beside it in the test
 * resources.
 */
class RawFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new RawCodecProvider();
    }

    /** Decode lets {@code new String} replace invalid UTF-8 with U+FFFD, traverse hashes the bytes (see the README's Validation). */
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
