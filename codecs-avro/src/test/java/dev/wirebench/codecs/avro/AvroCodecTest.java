package dev.wirebench.codecs.avro;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputContract;

/** The measurement and hostile-input contracts on all eight Avro codecs, specific and generic. */
class AvroCodecTest extends HostileInputContract {

    @Override
    protected CodecProvider provider() {
        return new AvroCodecProvider();
    }
}
