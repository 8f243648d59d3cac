package dev.wirebench.fix.quickfixj;

import org.apache.mina.core.buffer.IoBuffer;
import org.apache.mina.core.file.FileRegion;
import org.apache.mina.core.service.DefaultTransportMetadata;
import org.apache.mina.core.service.IoHandlerAdapter;
import org.apache.mina.core.session.DummySession;
import org.apache.mina.core.session.IoSession;
import org.apache.mina.filter.codec.ProtocolCodecFilter;
import org.apache.mina.filter.codec.ProtocolDecoderException;
import org.apache.mina.transport.socket.SocketSessionConfig;
import quickfix.mina.CriticalProtocolCodecException;
import quickfix.mina.message.FIXProtocolCodecFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server connection's read side without a socket: a MINA {@code DummySession} that says it is TCP (so the codec
 * keeps what a read leaves of a message for the next, as over a socket), with QuickFIX/J's codec filter and the
 * server's {@link ReadGuard} around it, as the acceptor builds them; what reaches QuickFIX/J's I/O handler is kept.
 */
final class MinaConnection {

    final DummySession io = new DummySession();
    /** The messages the codec passed on, as QuickFIX/J's I/O handler gets them. */
    final List<String> messages = new CopyOnWriteArrayList<>();
    /** Every failure handed to the I/O handler. */
    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    MinaConnection(long cap) {
        io.setTransportMetadata(new DefaultTransportMetadata("nio", "socket", false, true, InetSocketAddress.class,
                SocketSessionConfig.class, IoBuffer.class, FileRegion.class));
        io.getFilterChain().addLast(FIXProtocolCodecFactory.FILTER_NAME, new ProtocolCodecFilter(new FIXProtocolCodecFactory()));
        new ReadGuard(cap).buildFilterChain(io.getFilterChain());
        io.setHandler(new IoHandlerAdapter() {
            @Override
            public void messageReceived(IoSession session, Object message) {
                messages.add((String) message);
            }

            @Override
            public void exceptionCaught(IoSession session, Throwable cause) {
                failures.add(cause);
                // as QuickFIX/J's AbstractIoHandler: an I/O failure (the guard's) or a critical decoder failure
                // disconnects, any other decoder failure is only logged
                if (real(cause) instanceof IOException || real(cause) instanceof CriticalProtocolCodecException) {
                    session.closeNow();
                }
            }
        });
    }

    /** What AbstractIoHandler takes as the cause of a failure MINA hands it. */
    static Throwable real(Throwable cause) {
        return cause instanceof ProtocolDecoderException && cause.getCause() != null ? cause.getCause() : cause;
    }

    /**
     * One read of {@code length} bytes from {@code offset}, in a buffer of its own as MINA's socket reads make them:
     * QuickFIX/J's decoder takes a buffer with nothing before its position (it looks for a header from index 0).
     */
    void receive(byte[] bytes, int offset, int length) {
        io.getFilterChain().fireMessageReceived(IoBuffer.wrap(Arrays.copyOfRange(bytes, offset, offset + length)));
    }

    /** Whether the connection is being closed. */
    boolean closing() {
        return io.isClosing();
    }
}
