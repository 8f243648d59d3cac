package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw baseline's server: per connection, reads one order frame at a time, checks its start, copies
 * its ClOrdID into the two pre-encoded reports and writes them, ack then fill, as two writes like an
 * engine sending two messages.
 */
final class RawServer implements FixServer {

    private final AtomicInteger sessions = new AtomicInteger();
    private final TcpServer server;

    RawServer(InetSocketAddress bind, boolean spin) throws IOException {
        this.server = TcpServer.start(RawEngine.NAME, bind, this::serve, spin);
    }

    private void serve(SocketChannel channel) throws IOException {
        sessions.incrementAndGet();
        answer(channel, channel);
    }

    /**
     * Answers every order frame read from {@code in} with an ack and a fill written to {@code out}, until
     * {@code in} ends between frames or a frame does not start as FIX 4.4 text (the caller then closes the
     * connection).
     *
     * @throws java.io.EOFException when {@code in} ends inside a frame
     */
    static void answer(ReadableByteChannel in, WritableByteChannel out) throws IOException {
        // one frame of buffer per connection, whatever the client sends
        ByteBuffer order = ByteBuffer.allocateDirect(Frames.ORDER.length);
        ByteBuffer ack = Frames.copy(Frames.ACK);
        ByteBuffer fill = Frames.copy(Frames.FILL);
        while (RawEngine.readFrame(in, order, Frames.ORDER.length)) {
            if (!Frames.startsRight(order)) {
                return; // not FIX 4.4 text: close the connection
            }
            for (int i = 0; i < ClOrdIds.LENGTH; i++) {
                byte b = order.get(Frames.ORDER_CL_ORD_ID + i);
                ack.put(Frames.ACK_CL_ORD_ID + i, b).put(Frames.ACK_EXEC_ID + i, b);
                fill.put(Frames.FILL_CL_ORD_ID + i, b).put(Frames.FILL_EXEC_ID + i, b);
            }
            RawEngine.writeFully(out, ack.clear());
            RawEngine.writeFully(out, fill.clear());
        }
    }

    @Override
    public InetSocketAddress address() {
        return server.address();
    }

    /** Connections accepted: the raw baseline has no logon. */
    @Override
    public int sessionsAccepted() {
        return sessions.get();
    }

    @Override
    public void close() {
        server.close();
    }
}
