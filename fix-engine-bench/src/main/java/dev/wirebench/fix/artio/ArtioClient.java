package dev.wirebench.fix.artio;

import dev.wirebench.fix.artio.codecs.FixDictionaryImpl;
import dev.wirebench.fix.artio.codecs.builder.NewOrderSingleEncoder;
import dev.wirebench.fix.artio.codecs.decoder.ExecutionReportDecoder;
import dev.wirebench.fix.artio.codecs.decoder.NewOrderSingleDecoder;
import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.raw.Tcp;
import io.aeron.Publication;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayQueue;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.SessionState;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The Artio client session: an initiator engine and its library, polled by one thread that calls the
 * listener. The order is one generated encoder whose ClOrdID bytes are rewritten in place; it is encoded
 * into a buffer of this client's (so the last order's wire text is at hand for {@code --history}) and
 * handed to the session, under the {@link DutyCycle}'s lock, from the report callback or another thread.
 */
final class ArtioClient implements FixClient, SessionHandler {

    private static final long CLOSE_MILLIS = 2000;
    /** A durable client's wait before each Logon attempt after a lost connection, as QuickFIX/J's initiator's. */
    static final Duration RECONNECT_INTERVAL = Duration.ofSeconds(1);

    private final ArtioStack stack;
    private final ReportListener listener;
    private final IdleStrategy backPressure;
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final byte[] clOrdId = new byte[ClOrdIds.LENGTH];
    private final MutableAsciiBuffer sent = new MutableAsciiBuffer(new byte[1024]);
    private int sentOffset;
    private int sentLength;
    private final ExecutionReportDecoder report = new ExecutionReportDecoder();
    private final MutableAsciiBuffer received = new MutableAsciiBuffer();
    private final AsciiSequenceView receivedClOrdId = new AsciiSequenceView();
    private int receivedOffset;
    private int receivedLength;
    private final FixText receivedText = out -> WireText.append(received, receivedOffset, receivedLength, out);
    private DutyCycle cycle;
    private Session session;
    private volatile boolean closing;
    /** Whether the session outlives its connections ({@code fix --faults}). */
    private final boolean durable;
    private SessionConfiguration configuration;
    /** A durable client's orders made while it is not logged on, sent after the next Logon; under the cycle's lock. */
    private final LongArrayQueue held = new LongArrayQueue();
    /** Whether a thread is logging on again; under the cycle's lock. */
    private boolean reconnecting;
    private Thread reconnector;
    /** Reads the orders the engine resends, on the engine's thread. */
    private final NewOrderSingleDecoder replayed = new NewOrderSingleDecoder();
    private final MutableAsciiBuffer replayedBuffer = new MutableAsciiBuffer();
    private final AsciiSequenceView replayedClOrdId = new AsciiSequenceView();

    private ArtioClient(Threading threading, ReportListener listener, Path durable) throws IOException {
        this.listener = listener;
        this.durable = durable != null;
        Threading.Side threads = threading.side();
        this.backPressure = threads.backPressure();
        this.stack = ArtioStack.launch("client", threads, durable, engine -> {
                    if (durable != null) {
                        engine.replayHandler(this::onReplayed);
                    }
                },
                library -> library.sessionAcquireHandler((session, info) -> this),
                // a refused connection is said by initiate()'s exception
                error -> error instanceof ConnectException);
        order.clOrdID(clOrdId)
                .account(PingPong.ACCOUNT.getBytes(StandardCharsets.US_ASCII))
                .side(PingPong.SIDE)
                .transactTime(PingPong.TRANSACT_TIME.getBytes(StandardCharsets.US_ASCII))
                .ordType(PingPong.ORD_TYPE)
                .price(Math.round(PingPong.PRICE_VALUE * 100), 2)
                .timeInForce(PingPong.TIME_IN_FORCE);
        order.instrument().symbol(PingPong.SYMBOL.getBytes(StandardCharsets.US_ASCII));
        order.orderQtyData().orderQty(PingPong.ORDER_QTY, 0);
    }

    /**
     * Starts the client's Artio, connects, logs on and waits for the server's Logon: with ResetSeqNumFlag=Y, or, given
     * a durable directory ({@link ArtioStack#launch}), carrying on the session kept there with persistent sequence
     * numbers and logging on again after every lost connection.
     */
    static ArtioClient logOn(InetSocketAddress server, Duration timeout, Threading threading, ReportListener listener,
                             Path durable) throws IOException {
        ArtioClient client = new ArtioClient(threading, listener, durable);
        try {
            client.initiate(server, timeout);
            client.cycle = new DutyCycle(client.stack, "fix-artio-client-poll", client::callbackFailed);
            client.cycle.start();
            return client;
        } catch (IOException | RuntimeException | Error e) {
            client.stack.closeAfter(e);
            throw e;
        }
    }

    private void initiate(InetSocketAddress server, Duration timeout) throws IOException {
        configuration = SessionConfiguration.builder()
                .address(server.getHostString(), server.getPort())
                .senderCompId(PingPong.CLIENT_COMP_ID)
                .targetCompId(PingPong.SERVER_COMP_ID)
                .resetSeqNum(!durable)
                .sequenceNumbersPersistent(durable)
                // a message that arrives past the gap a ResendRequest is filling (the peer's next message, sent
                // before it read the request) is not handed on, and without a request of its own it would be lost
                .sendRedundantResendRequests(durable)
                .timeoutInMs(Math.max(1, timeout.toMillis()))
                .fixDictionary(FixDictionaryImpl.class)
                .build();
        Reply<Session> reply = stack.library().initiate(configuration);
        IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        // Artio times the reply out itself; this only guards against a reply that never ends
        long deadline = System.nanoTime() + timeout.toNanos() + TimeUnit.SECONDS.toNanos(10);
        while (reply.isExecuting() && System.nanoTime() < deadline) {
            idle.idle(stack.poll(10));
        }
        if (reply.hasCompleted()) {
            session = reply.resultIfPresent();
            return;
        }
        String where = Tcp.hostPort(server);
        if (reply.hasErrored()) {
            String why = String.valueOf(reply.error().getMessage());
            if (why.contains("Unable to connect")) {
                throw new IOException("nothing listening on " + where + " (connection refused): start the server first",
                        reply.error());
            }
            throw new IOException("the server at " + where + " ended the session before answering the Logon (" + why
                    + "): is that an artio FIX server for " + PingPong.CLIENT_COMP_ID + "?", reply.error());
        }
        throw new IOException("no Logon answer from " + where + " within " + Tcp.describe(timeout)
                + ": is that an artio FIX server?");
    }

    @Override
    public void sendOrder(long stamp) throws IOException {
        boolean callback = cycle.holdsLibrary();
        cycle.acquire();
        try {
            if (durable && (!session.isActive() || !held.isEmpty())) {
                held.addLong(stamp);
            } else if (!trySendOrder(stamp, callback)) {
                if (!durable) {
                    throw new IOException("the FIX session is not logged on (" + session.state() + ")");
                }
                held.addLong(stamp);
            }
        } finally {
            cycle.release();
        }
    }

    /**
     * Sends the order {@code stamp} now, the caller holding the library; false, nothing sent, when the session is
     * not logged on. While the engine's stream is full the library is let go, unless {@code callback}.
     */
    private boolean trySendOrder(long stamp, boolean callback) throws IOException {
        ClOrdIds.write(stamp, clOrdId, 0);
        while (true) {
            if (!session.isActive()) {
                return false;
            }
            int seqNum = session.prepare(order.header());
            long encoded = order.encode(sent, 0);
            long position = session.trySend(sent, Encoder.offset(encoded), Encoder.length(encoded), seqNum,
                    order.messageType());
            if (position > 0) {
                sentOffset = Encoder.offset(encoded);
                sentLength = Encoder.length(encoded);
                backPressure.reset();
                if (!callback) {
                    // from the callback the poller's own idle wakes the engine's thread once the poll ends
                    stack.wakeEngine();
                }
                return true;
            }
            if (position != Publication.BACK_PRESSURED && position != Publication.ADMIN_ACTION) {
                throw new IOException("the artio engine no longer takes messages (" + Publication.errorString(position) + ")");
            }
            // let the poller drain reports while the engine's stream is full, unless this is the poller
            if (!callback) {
                cycle.release();
            }
            backPressure.idle();
            if (!callback) {
                cycle.acquire();
            }
        }
    }

    @Override
    public void appendLastOrder(StringBuilder out) {
        cycle.acquire();
        try {
            WireText.append(sent, sentOffset, sentLength, out);
        } finally {
            cycle.release();
        }
    }

    @Override
    public Action onMessage(DirectBuffer buffer, int offset, int length, int libraryId, Session session,
                            int sequenceIndex, long messageType, long timestampInNs, long position,
                            OnMessageInfo messageInfo) {
        if (messageType != ExecutionReportDecoder.MESSAGE_TYPE || !messageInfo.isValid()) {
            return Action.CONTINUE;
        }
        received.wrap(buffer);
        report.reset();
        report.decode(received, offset, length);
        long stamp;
        try {
            stamp = ClOrdIds.read(report.clOrdID(receivedClOrdId));
        } catch (IllegalArgumentException e) {
            ended("an ExecutionReport did not carry a ClOrdID of ours (" + e.getMessage() + "): is that an artio server?");
            session.logoutAndDisconnect();
            return Action.CONTINUE;
        }
        receivedOffset = offset;
        receivedLength = length;
        if (durable && ((report.header().hasPossDupFlag() && report.header().possDupFlag())
                || (report.header().hasPossResend() && report.header().possResend()))) {
            listener.onRepeatedReport(report.execType(), stamp, receivedText);
        } else {
            listener.onReport(report.execType(), stamp, receivedText);
        }
        return Action.CONTINUE;
    }

    /** A report callback threw: the run cannot trust what follows, so the session ends, as when a report is unreadable. */
    private void callbackFailed(Throwable e) {
        ended("the report callback failed: " + e);
        if (session.isActive()) {
            session.logoutAndDisconnect();
        }
    }

    @Override
    public Action onDisconnect(int libraryId, Session session, DisconnectReason reason) {
        if (durable && !closing) {
            listener.onDisconnect("the artio session lost its connection (" + reason + "); logging on again");
            if (!reconnecting) {
                reconnecting = true;
                reconnector = new Thread(this::reconnect, "fix-artio-client-reconnect");
                reconnector.setDaemon(true);
                reconnector.start();
            }
            return Action.CONTINUE;
        }
        ended("the session ended: " + reason);
        return Action.CONTINUE;
    }

    /**
     * A durable client's way back, on a thread of its own: every {@link #RECONNECT_INTERVAL} a Logon carrying on the
     * session's sequence numbers (the server asks for what it missed, and the engine resends it from its archive),
     * then the orders held meanwhile; until logged on with none held, or closed.
     */
    private void reconnect() {
        IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        while (!closing) {
            cycle.acquire();
            try {
                if (session.isActive()) {
                    if (!sendHeld()) {
                        continue;
                    }
                    reconnecting = false;
                    return;
                }
            } catch (IOException e) {
                reconnecting = false;
                ended("the artio client could not send after logging on again: " + e.getMessage());
                return;
            } finally {
                cycle.release();
            }
            LockSupport.parkNanos(RECONNECT_INTERVAL.toNanos());
            if (closing) {
                break;
            }
            Reply<Session> reply;
            cycle.acquire();
            try {
                reply = stack.library().initiate(configuration);
            } finally {
                cycle.release();
            }
            while (!closing && executing(reply)) {
                idle.idle();
            }
            cycle.acquire();
            try {
                if (reply.hasCompleted()) {
                    session = reply.resultIfPresent();
                    listener.onLogonAgain();
                }
            } finally {
                cycle.release();
            }
        }
        cycle.acquire();
        reconnecting = false;
        cycle.release();
    }

    private boolean executing(Reply<Session> reply) {
        cycle.acquire();
        try {
            return reply.isExecuting();
        } finally {
            cycle.release();
        }
    }

    /** Sends the orders held, in order, the caller holding the library; false if the session went again first. */
    private boolean sendHeld() throws IOException {
        while (!held.isEmpty()) {
            if (!trySendOrder(held.peekLong(), false)) {
                return false;
            }
            held.pollLong();
        }
        return true;
    }

    /** The engine resends an order of this client's (PossDupFlag=Y), asked by the server after a gap. */
    private void onReplayed(DirectBuffer buffer, int offset, int length, int libraryId, long sessionId,
                            int sequenceIndex, long messageType) {
        if (messageType != NewOrderSingleDecoder.MESSAGE_TYPE) {
            return;
        }
        replayedBuffer.wrap(buffer);
        replayed.reset();
        try {
            replayed.decode(replayedBuffer, offset, length);
            listener.onOrderResent(ClOrdIds.read(replayed.clOrdID(replayedClOrdId)));
        } catch (RuntimeException notOurs) {
            // not an order this client can read back: nothing to count
        }
    }

    private void ended(String why) {
        if (!closing) {
            listener.onDisconnect(why);
        }
    }

    @Override
    public void onTimeout(int libraryId, Session session) {
        // the session stays connected and the engine manages it
    }

    @Override
    public void onSlowStatus(int libraryId, Session session, boolean hasBecomeSlow) {
        // the engine buffers while the server reads slowly
    }

    @Override
    public void onSessionStart(Session session) {
        // the server reset the sequence numbers: Artio has taken the new ones
    }

    private boolean disconnected() {
        cycle.acquire();
        try {
            return session.state() == SessionState.DISCONNECTED;
        } finally {
            cycle.release();
        }
    }

    /** Logs out, waits up to 2 s for the session to end, then stops polling and closes Artio. */
    @Override
    public void close() {
        closing = true;
        cycle.acquire();
        try {
            if (session.isActive()) {
                session.logoutAndDisconnect();
            }
        } finally {
            cycle.release();
        }
        IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_MILLIS);
        while (!disconnected() && System.nanoTime() < deadline) {
            idle.idle();
        }
        cycle.close();
        if (reconnector != null) {
            LockSupport.unpark(reconnector);
            try {
                reconnector.join(CLOSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stack.close();
    }
}
