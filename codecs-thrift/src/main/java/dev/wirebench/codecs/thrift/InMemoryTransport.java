package dev.wirebench.codecs.thrift;

import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;

/**
 * What the codec's two transports share: memory that is always open, nothing to open or close, libthrift's default
 * configuration, and no message size to learn (each knows its message's bounds from {@code aim}).
 */
abstract class InMemoryTransport extends TTransport {

    @Override
    public final boolean isOpen() {
        return true;
    }

    @Override
    public final void open() {
    }

    @Override
    public final void close() {
    }

    @Override
    public final TConfiguration getConfiguration() {
        return TConfiguration.DEFAULT;
    }

    @Override
    public final void updateKnownMessageSize(long size) {
    }
}
