package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FramingCheck;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannel;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannelSupplier;
import uk.co.real_logic.artio.engine.framer.TcpChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Artio's own TCP channels, each accepted one reading through a {@link FramingCheck}: a read that breaks
 * FIX framing fails, and Artio's framer then records the error (one line) and ends that connection only.
 */
final class GuardedChannels extends DefaultTcpChannelSupplier {

    private final int maxBodyLength;

    GuardedChannels(EngineConfiguration configuration) {
        super(configuration);
        // a message must fit the receive buffer Artio frames in
        this.maxBodyLength = configuration.receiverBufferSize() - 64;
    }

    @Override
    protected TcpChannel newTcpChannel(SocketChannel channel) throws IOException {
        FramingCheck check = new FramingCheck(maxBodyLength);
        return new DefaultTcpChannel(channel) {
            @Override
            public int read(ByteBuffer dst) throws IOException {
                int from = dst.position();
                return check.read(dst, from, super.read(dst));
            }
        };
    }
}
