package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.ReportListener;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The physical limit the FIX engines are measured against: the same bytes over the same sockets with
 * the same threads, and no FIX engine. Each side exchanges pre-encoded FIX 4.4 text of the sizes the
 * engines send, blocking NIO with TCP_NODELAY, a receiving thread per side, and the client's next
 * order sent from the report callback in closed loop. There is no session: no Logon, no sequence
 * numbers, no CheckSum check; {@code connect} is a TCP connect.
 */
public final class RawEngine implements FixEngine {

    static final String NAME = "raw";

    private final boolean spin;

    /** A blocking engine; servers and clients are made by {@link #startServer} and {@link #connect}. */
    public RawEngine() {
        this(false);
    }

    /** @param spin both sides' receiving threads poll non-blocking channels instead of blocking in read */
    public RawEngine(boolean spin) {
        this.spin = spin;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("bytes", "pre-encoded FIX text, ClOrdID patched, CheckSum not recomputed, no parsing beyond framing");
        settings.put("framing", "fixed sizes known to both sides: order " + Frames.ORDER.length + " B, ack "
                + Frames.ACK.length + " B, fill " + Frames.FILL.length + " B");
        settings.put("session", "none: no Logon, no sequence numbers, no heartbeats (connect is a TCP connect; "
                + "the logon timeout is its timeout)");
        settings.put("store", "none");
        settings.put("log", "none");
        settings.put("validation", "the server checks each frame starts with 8=FIX.4.4|9= and closes the connection otherwise");
        settings.put("validates", "only that each fixed-size order frame starts 8=FIX.4.4|9= (server) and that each"
                + " report frame carries a hex ClOrdID (client); not BodyLength or CheckSum (neither is read: an order with a"
                + " wrong one is answered), no field, no session");
        settings.put("TCP_NODELAY", "true");
        settings.put("threading", (spin ? "non-blocking" : "blocking") + " SocketChannel; one receiving thread per connection on each side; "
                + "the server answers on its receiving thread; client sends under a lock");
        settings.put("writes", "one write per message (the server's ack and fill are two writes)");
        settings.put("idle", spin ? "busy-spin (read() on a non-blocking channel polled in a loop; a core per receiving thread)"
                : "blocking (read() waits in the kernel)");
        settings.put("allocation", "none per order (direct buffers patched in place)");
        return java.util.Collections.unmodifiableMap(settings);
    }

    @Override
    public FixServer startServer(InetSocketAddress bind) throws IOException {
        return new RawServer(bind, spin);
    }

    @Override
    public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException {
        return new RawClient(Tcp.polled(Tcp.connect(server, logonTimeout), spin), listener);
    }

    /**
     * Reads exactly {@code length} bytes into {@code frame} from 0.
     *
     * @return false at a clean end of stream before the frame's first byte
     * @throws EOFException when the stream ends inside a frame
     */
    static boolean readFrame(ReadableByteChannel channel, ByteBuffer frame, int length) throws IOException {
        frame.clear().limit(length);
        while (frame.hasRemaining()) {
            if (channel.read(frame) < 0) {
                if (frame.position() == 0) {
                    return false;
                }
                throw new EOFException("connection closed inside a frame");
            }
        }
        return true;
    }

    /** Writes all of {@code frame}: a blocking channel takes every byte at once, a non-blocking one in this loop. */
    static void writeFully(WritableByteChannel channel, ByteBuffer frame) throws IOException {
        while (frame.hasRemaining()) {
            channel.write(frame);
        }
    }
}
