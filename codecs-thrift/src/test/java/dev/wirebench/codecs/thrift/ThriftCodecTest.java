package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MeasurementContract;

/**
 * The kit's measurement contract on every Thrift codec. Not the hostile-input contract: see
 * {@link HostileInputLimitsTest} for the two inputs that keep them out of it.
 */
class ThriftCodecTest extends MeasurementContract {

    @Override
    protected CodecProvider provider() {
        return new ThriftCodecProvider();
    }
}
