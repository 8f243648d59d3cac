package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/**
 * The measurement contract on every Cap'n Proto codec, and the hostile-input contract on the ones
 * that claim it: {@code capnp} and {@code capnp-packed+guarded}, not the plain {@code capnp-packed},
 * whose runtime may spin forever on a truncation.
 */
class CapnpCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new CapnpCodecProvider();
    }
}
