package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXConfig;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.raw.TcpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/** The Philadelphia server: a thread accepting, and a {@link ServerSession} on a thread per connection. */
final class PhiladelphiaServer implements FixServer {

    private final AtomicInteger logons = new AtomicInteger();
    private final TcpServer server;

    PhiladelphiaServer(InetSocketAddress bind, FIXConfig config, boolean spin) throws IOException {
        this.server = TcpServer.start(PhiladelphiaEngine.NAME, bind,
                channel -> new ServerSession(channel, config, logons).run(), spin);
    }

    @Override
    public InetSocketAddress address() {
        return server.address();
    }

    @Override
    public int sessionsAccepted() {
        return logons.get();
    }

    @Override
    public void close() {
        server.close();
    }
}
