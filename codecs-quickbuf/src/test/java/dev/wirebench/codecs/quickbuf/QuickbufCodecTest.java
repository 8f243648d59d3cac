package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MeasurementContract;

/** The measurement contract on every QuickBuffers codec, binary and JSON. */
class QuickbufCodecTest extends MeasurementContract {

    @Override
    protected CodecProvider provider() {
        return new QuickbufCodecProvider();
    }
}
