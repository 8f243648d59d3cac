package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The raw baseline's client: sends the pre-encoded order with its ClOrdID patched, and reads reports
 * as fixed-size frames, an ack and then a fill per order, on its own receiving thread.
 */
final class RawClient implements FixClient {

    private final SocketChannel channel;
    private final ReportListener listener;
    // the order buffer is shared by the report callback (closed loop) and another thread (open loop)
    private final ReentrantLock sendLock = new ReentrantLock();
    private final ByteBuffer order = Frames.copy(Frames.ORDER);
    private final byte[] sendClOrdId = new byte[ClOrdIds.LENGTH];
    private final ByteBuffer report = ByteBuffer.allocateDirect(Math.max(Frames.ACK.length, Frames.FILL.length));
    private final byte[] receivedClOrdId = new byte[ClOrdIds.LENGTH];
    private int reportLength;
    private final FixText reportText = out -> Frames.appendTo(report, reportLength, out);
    private final Thread receiver;
    private volatile boolean closing;

    RawClient(SocketChannel channel, ReportListener listener) {
        this.channel = channel;
        this.listener = listener;
        this.receiver = new Thread(this::receive, "fix-raw-client-receive");
        receiver.setDaemon(true);
        receiver.start();
    }

    @Override
    public void sendOrder(long stamp) throws IOException {
        sendLock.lock();
        try {
            ClOrdIds.write(stamp, sendClOrdId, 0);
            order.put(Frames.ORDER_CL_ORD_ID, sendClOrdId);
            RawEngine.writeFully(channel, order.clear());
        } finally {
            sendLock.unlock();
        }
    }

    @Override
    public void appendLastOrder(StringBuilder out) {
        sendLock.lock();
        try {
            Frames.appendTo(order, Frames.ORDER.length, out);
        } finally {
            sendLock.unlock();
        }
    }

    private void receive() {
        boolean ack = true; // the server answers in order: ack, fill, ack, fill ...
        try {
            while (true) {
                int length = ack ? Frames.ACK.length : Frames.FILL.length;
                if (!RawEngine.readFrame(channel, report, length)) {
                    disconnected("the server closed the connection");
                    return;
                }
                report.get(ack ? Frames.ACK_CL_ORD_ID : Frames.FILL_CL_ORD_ID, receivedClOrdId);
                long stamp = ClOrdIds.read(receivedClOrdId, 0);
                reportLength = length;
                listener.onReport((char) report.get(ack ? Frames.ACK_EXEC_TYPE : Frames.FILL_EXEC_TYPE), stamp, reportText);
                ack = !ack;
            }
        } catch (IOException e) {
            disconnected("connection lost: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            disconnected("a report did not carry a ClOrdID of ours (" + e.getMessage() + "): is that a raw server?");
            close();
        }
    }

    private void disconnected(String why) {
        if (!closing) {
            listener.onDisconnect(why);
        }
    }

    /** Closes the connection (the raw baseline has no logout) and waits up to 1 s for the receiving thread. */
    @Override
    public void close() {
        closing = true;
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to release
        }
        Tcp.join(receiver, 1000);
    }
}
