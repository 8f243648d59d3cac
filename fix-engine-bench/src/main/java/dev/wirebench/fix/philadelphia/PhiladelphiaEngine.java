package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXVersion;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ping-pong on Philadelphia 2.0.0, a garbage-free FIX library: blocking SocketChannels, a thread
 * per connection blocked in {@code FIXConnection.receive()}, one reused FIXMessage per message kind.
 * Philadelphia has no message store and no log, and heartbeats are left off (see {@link #settings()}).
 */
public final class PhiladelphiaEngine implements FixEngine {

    static final String NAME = "philadelphia";
    /** Per-connection receive buffer: bounds a session's memory; a longer message ends the session. */
    static final int RX_BUFFER_BYTES = 4096;
    /** The largest BodyLength the server reads before it ends the session. */
    static final int MAX_BODY_LENGTH = RX_BUFFER_BYTES - 64;
    static final int MAX_FIELD_COUNT = 64;
    static final int FIELD_CAPACITY = 64;

    private final boolean spin;

    /** A blocking engine; servers and clients are made by {@link #startServer} and {@link #connect}. */
    public PhiladelphiaEngine() {
        this(false);
    }

    /**
     * @param spin both sides' receiving threads poll non-blocking channels ({@code receive()} returns 0 when nothing
     *             came) instead of blocking in read, as Philadelphia's own latency figures are taken
     */
    public PhiladelphiaEngine(boolean spin) {
        this.spin = spin;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("library", "Philadelphia 2.0.0 (philadelphia-core, philadelphia-fix44 constants)");
        settings.put("store", "none (Philadelphia keeps no message store; a resend request ends the server's session)");
        settings.put("log", "none (Philadelphia has no message log)");
        settings.put("validation", "CheckSum verified (FIXConfig checkSumEnabled); MsgSeqNum checked; no data dictionary; "
                + "the server also checks framing (8=FIX.4.4|9=n|...10=ddd|, BodyLength <= " + MAX_BODY_LENGTH
                + ") and closes the connection on anything else");
        settings.put("validates", "CheckSum (Philadelphia's parser, checkSumEnabled: a wrong one is skipped as"
                + " garbled); BodyLength (server: CheckSum(10) where BodyLength says and BodyLength <= " + MAX_BODY_LENGTH
                + ", else the connection is closed; client: the parser's CheckSum check, which finds 10= only where"
                + " BodyLength says); MsgSeqNum (server: a gap or a repeat ends the session); SenderCompID on Logon"
                + " (server); the five order fields the server echoes present (else a Reject); no field types or values,"
                + " no data dictionary");
        settings.put("buffers", "rx " + RX_BUFFER_BYTES + " B per connection, " + MAX_FIELD_COUNT + " fields of "
                + FIELD_CAPACITY + " B; a longer message ends the session");
        settings.put("heartbeats", "off: keepAlive() is never called, runs being shorter than HeartBtInt "
                + PingPong.HEART_BT_INT + " s; a silent peer is noticed only through TCP");
        settings.put("SendingTime", "System.currentTimeMillis(), formatted once per millisecond");
        settings.put("TCP_NODELAY", "true");
        settings.put("threading", (spin ? "non-blocking" : "blocking") + " SocketChannel; one receiving thread per connection on each side; the server "
                + "answers on its receiving thread; every send (the client's orders, Philadelphia's admin messages) "
                + "under one lock per connection, the parse outside it");
        settings.put("idle", spin ? "busy-spin (receive() on a non-blocking channel polled in a loop; a core per receiving"
                + " thread)" : "blocking (read() waits in the kernel)");
        settings.put("allocation", "none per order (one FIXMessage per message kind, values rewritten in place)");
        return Collections.unmodifiableMap(settings);
    }

    @Override
    public FixServer startServer(InetSocketAddress bind) throws IOException {
        return new PhiladelphiaServer(bind, config(PingPong.SERVER_COMP_ID, PingPong.CLIENT_COMP_ID), spin);
    }

    @Override
    public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException {
        return PhiladelphiaClient.logOn(server, config(PingPong.CLIENT_COMP_ID, PingPong.SERVER_COMP_ID), logonTimeout,
                listener, spin);
    }

    static FIXConfig config(String sender, String target) {
        return FIXConfig.newBuilder()
                .setVersion(FIXVersion.FIX_4_4)
                .setSenderCompID(sender)
                .setTargetCompID(target)
                .setHeartBtInt(PingPong.HEART_BT_INT)
                .setCheckSumEnabled(true)
                .setRxBufferCapacity(RX_BUFFER_BYTES)
                .setTxBufferCapacity(RX_BUFFER_BYTES)
                .setMaxFieldCount(MAX_FIELD_COUNT)
                .setFieldCapacity(FIELD_CAPACITY)
                .build();
    }
}
