package dev.wirebench.codecs.kryo;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MeasurementContract;

class KryoCodecTest extends MeasurementContract {

    @Override
    protected CodecProvider provider() {
        return new KryoCodecProvider();
    }
}
