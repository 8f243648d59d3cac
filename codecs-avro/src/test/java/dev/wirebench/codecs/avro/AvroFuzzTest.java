package dev.wirebench.codecs.avro;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.HostileInputFuzz;

/**
 * The conformance kit's fuzz target on every Avro codec: all of them claim the hostile-input tier. Its seeds and
 * regression inputs are the files in {@code AvroFuzzTestInputs/decodeAndTraverse} beside it in the test resources.
 */
class AvroFuzzTest extends HostileInputFuzz {

    @Override
    protected CodecProvider provider() {
        return new AvroCodecProvider();
    }
}
