package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/**
 * The measurement contract on every Colfer codec, and the hostile-input contract on the ones that
 * claim it: {@code colfer+guarded}, not the plain {@code colfer}.
 */
class ColferCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new ColferCodecProvider();
    }
}
