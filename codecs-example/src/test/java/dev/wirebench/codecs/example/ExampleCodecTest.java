package dev.wirebench.codecs.example;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.MeasurementContract;

/**
 * The conformance kit's measurement contract on every codec of the provider: round trips, traverse equal to the
 * checksum, heap and direct buffers at an offset, exact fit and overflow, nothing read past the length. A codec that
 * also survives hostile bytes declares {@code Conformance.HOSTILE_INPUT} and its test extends HostileInputContract.
 */
class ExampleCodecTest extends MeasurementContract {

    @Override
    protected CodecProvider provider() {
        return new ExampleCodecProvider();
    }
}
