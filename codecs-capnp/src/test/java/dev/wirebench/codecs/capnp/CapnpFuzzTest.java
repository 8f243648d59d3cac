package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on the Cap'n Proto codecs that claim the hostile-input tier: {@code capnp} and
 * {@code capnp-packed+guarded}, not the plain {@code capnp-packed}, whose runtime may spin forever on a truncation.
 * Its seeds and regression inputs are the files in {@code CapnpFuzzTestInputs/decodeAndTraverse} beside it in the
 * test resources.
 */
class CapnpFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new CapnpCodecProvider();
    }

    /** Only decode sees a map key twice: traverse would need a set per call (see the README's Errors). */
    @Override
    protected boolean traverseMayAcceptWhatDecodeRejects(MessageCodec<?> codec, String why) {
        return why.endsWith(" appears twice");
    }
}
