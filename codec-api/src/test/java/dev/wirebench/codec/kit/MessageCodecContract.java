package dev.wirebench.codec.kit;

import dev.wirebench.codec.MessageCodec;

/**
 * The kit as it was before it was split: {@link MeasurementContract} and {@link HostileInputContract}
 * both, on every codec of the provider, whatever the codec claims. Kept so that a test written
 * against it loses no check; a new test extends the contract its codecs claim instead.
 */
public abstract class MessageCodecContract extends HostileInputContract {

    @Override
    boolean holdsToHostileInput(MessageCodec<?> codec) {
        return true;
    }
}
