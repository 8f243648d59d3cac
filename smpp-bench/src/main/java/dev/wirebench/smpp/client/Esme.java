package dev.wirebench.smpp.client;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.transport.EventLoops;
import dev.wirebench.smpp.transport.PduEncoder;
import dev.wirebench.smpp.transport.PduFrameDecoder;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;

import java.net.ConnectException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * An SMPP 3.4 ESME on Netty: one bound session to an SMSC. {@link #submit} sends a submit_sm with up to
 * {@link EsmeConfig#window()} outstanding (waiting for a free slot when the window is full), matches the
 * submit_sm_resp by sequence_number and tells a {@link SubmitListener} with the time the request was
 * sent; a request unanswered within the request timeout fails and frees its slot. {@link #submitSync}
 * is the one-at-a-time form. The session answers deliver_sm and enquire_link, sends an enquire_link
 * after an interval with nothing read (closing the session if it goes unanswered), and unbinds on {@link #close()}.
 *
 * <p>The submit path allocates what it must: the buffer the PDU is encoded into (pooled), Netty's
 * write task, and on the event loop the decoded response. Slots are reused; the caller's listener is
 * not wrapped; {@link #submitSync} reuses one waiter per thread. The caller's {@link SubmitSm}'s
 * sequence_number is ignored: the session numbers its requests itself.
 *
 * <pre>{@code
 * try (Esme esme = Esme.connect(EsmeConfig.of(port, "esme", "secret").withWindow(64))) {
 *     esme.submit(submit, (resp, error, sentNanos) -> record(System.nanoTime() - sentNanos));
 * }
 * }</pre>
 */
public final class Esme implements AutoCloseable {

    // the SubmitSm is encoded on the caller's thread, so each thread has its codec (its scratch is not shared)
    private static final ThreadLocal<SmppCodec> ENCODERS = ThreadLocal.withInitial(() -> new SmppCodec(Integer.MAX_VALUE));
    private static final ThreadLocal<SyncWaiter> WAITERS = ThreadLocal.withInitial(SyncWaiter::new);
    /** Octets first allocated for a submit_sm: most fit; a longer one grows the buffer. */
    private static final int SUBMIT_BUFFER = 256;
    private static final int SEQUENCE_OFFSET = 12;

    private final EsmeConfig config;
    private final Channel channel;
    private final EsmeSession session;
    private final PendingWindow window;
    private final EventLoopGroup ownGroup;
    private final long requestTimeoutNanos;

    private Esme(EsmeConfig config, Channel channel, EsmeSession session, PendingWindow window, EventLoopGroup ownGroup) {
        this.config = config;
        this.channel = channel;
        this.session = session;
        this.window = window;
        this.ownGroup = ownGroup;
        this.requestTimeoutNanos = config.requestTimeout().toNanos();
    }

    /** Connects and binds on an event loop of its own, shut down on {@link #close()}. */
    public static Esme connect(EsmeConfig config) throws SmppClientException, InterruptedException {
        return await(connectAsync(config, null), config);
    }

    /** Connects and binds on a shared event loop group, which the caller shuts down. */
    public static Esme connect(EsmeConfig config, EventLoopGroup group) throws SmppClientException, InterruptedException {
        return await(connectAsync(config, group), config);
    }

    /**
     * Connects and binds without blocking (to open many sessions at once). The future fails with a
     * {@link SmppClientException} naming host:port if the connection is refused or the bind times out,
     * or a {@link BindRejectedException} naming the status.
     *
     * @param group the event loop group to run on; null for one of its own
     */
    public static CompletableFuture<Esme> connectAsync(EsmeConfig config, EventLoopGroup group) {
        PendingWindow window = new PendingWindow(config.window());
        Bind bind = new Bind(config.bindType(), window.controlSequence(), config.systemId(), config.password(),
                config.systemType(), Bind.SMPP_3_4, 0, 0, "");
        EventLoopGroup ownGroup = group == null ? EventLoops.nio("esme", 1) : null;
        EsmeSession session = new EsmeSession(config, window, bind);
        Bootstrap bootstrap = new Bootstrap()
                .group(group == null ? ownGroup : group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, config.bindTimeout().toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        long keepAlive = config.enquireLinkInterval().toMillis();
                        if (keepAlive > 0) {
                            // reader idle: a dead link still takes writes into the socket's buffer, so only
                            // something read back proves the path alive
                            ch.pipeline().addLast(new IdleStateHandler(keepAlive, 0, 0, TimeUnit.MILLISECONDS));
                        }
                        ch.pipeline().addLast(new PduFrameDecoder(config.maxCommandLength()),
                                new PduEncoder(config.maxCommandLength()), session);
                    }
                });
        CompletableFuture<Esme> result = new CompletableFuture<>();
        ChannelFuture connecting = bootstrap.connect(config.host(), config.port());
        connecting.addListener(connected -> {
            if (!connected.isSuccess()) {
                shutDown(ownGroup);
                result.completeExceptionally(connectFailure(config, connected.cause()));
                return;
            }
            Esme esme = new Esme(config, connecting.channel(), session, window, ownGroup);
            session.bound().whenComplete((ok, error) -> {
                if (error == null) {
                    result.complete(esme);
                } else {
                    esme.closeAsync();
                    result.completeExceptionally(error);
                }
            });
        });
        return result;
    }

    /**
     * Sends a submit_sm (with a sequence_number of the session's choosing) and returns once it is
     * written to the channel; {@code listener} hears the outcome. With the window full this waits for a
     * slot, at most the request timeout, after which the listener gets a {@link RequestTimeoutException}.
     *
     * @throws IllegalStateException    if called on the session's event loop with the window full
     *                                  (waiting there would stop the responses that free it)
     * @throws IllegalArgumentException if the PDU is longer than {@link EsmeConfig#maxCommandLength()}
     */
    public void submit(SubmitSm request, SubmitListener listener) throws InterruptedException {
        submit(request, listener, -1);
    }

    /**
     * As {@link #submit(SubmitSm, SubmitListener)}, with the time the request was meant to leave at: the
     * listener gets {@code stamp} as its {@code sentNanos}, and the request timeout counts from it, so a load
     * generator's schedule (and any lateness against it) is what the response is timed from.
     *
     * @param stamp a {@link System#nanoTime()} value, or -1 for the moment it is written
     */
    public void submit(SubmitSm request, SubmitListener listener, long stamp) throws InterruptedException {
        boolean onLoop = channel.eventLoop().inEventLoop();
        int index = window.acquire(onLoop ? 0 : requestTimeoutNanos);
        if (index == PendingWindow.FULL) {
            if (onLoop) {
                throw new IllegalStateException("submit on the session's event loop with all " + window.size()
                        + " slots of the window taken would block the responses that free them");
            }
            listener.onComplete(null, new RequestTimeoutException("the window of " + window.size() + " requests to "
                    + config.address() + " stayed full for " + config.requestTimeout().toMillis() + " ms"), System.nanoTime());
            return;
        }
        if (index == PendingWindow.CLOSED) {
            listener.onComplete(null, closedError(), System.nanoTime());
            return;
        }
        ByteBuf out = channel.alloc().ioBuffer(SUBMIT_BUFFER);
        int start = out.writerIndex();
        int length;
        try {
            length = ENCODERS.get().encode(request, out);
        } catch (RuntimeException e) {
            out.release();
            window.release(index);
            throw e;
        }
        if (length > config.maxCommandLength()) {
            out.release();
            window.release(index);
            throw new IllegalArgumentException("submit_sm would be " + length + " octets, over the cap of "
                    + config.maxCommandLength());
        }
        int sequence = window.arm(index, listener, stamp == -1 ? System.nanoTime() : stamp);
        out.setInt(start + SEQUENCE_OFFSET, sequence);
        channel.writeAndFlush(out, channel.voidPromise());
        if (window.isClosed()) {
            // the session closed while this was armed; whichever of close or this comes second fails it
            window.complete(sequence, null, closedError());
        }
    }

    /**
     * Sends a submit_sm and waits for its response (window 1 use, or one request per thread).
     *
     * @return the submit_sm_resp; an error status is returned, not thrown
     * @throws RequestTimeoutException if no response came within the request timeout
     * @throws SmppClientException     if the session closed or the SMSC answered with a generic_nack
     */
    public SubmitSmResp submitSync(SubmitSm request) throws SmppClientException, InterruptedException {
        if (channel.eventLoop().inEventLoop()) {
            throw new IllegalStateException("submitSync on the session's event loop would wait for a response that"
                    + " loop has to read; use submit with a listener there");
        }
        SyncWaiter waiter = WAITERS.get();
        waiter.arm();
        submit(request, waiter);
        return waiter.await();
    }

    /** The session's counters now. */
    public EsmeStats stats() {
        return session.stats();
    }

    /**
     * Completes once the connection has closed, however it closed (unbind, the SMSC, a broken link, an
     * enquire_link unanswered), after every outstanding request has been failed: what a client that reconnects
     * waits on.
     */
    public CompletableFuture<Void> whenClosed() {
        return session.closed();
    }

    /** Whether the connection is open (it closes on unbind, on the SMSC's unbind, or when it breaks). */
    public boolean isOpen() {
        return channel.isActive();
    }

    /**
     * Unbinds and closes without blocking: sends unbind, closes on its response (or after the request
     * timeout), fails any request still outstanding, and shuts down the event loop if it is this
     * session's own. Responses that arrive before the unbind_resp still complete their requests.
     */
    public CompletableFuture<Void> closeAsync() {
        channel.eventLoop().execute(session::unbind);
        return session.closed().whenComplete((ok, error) -> shutDown(ownGroup));
    }

    /** {@link #closeAsync()} and waits for it, at most the request timeout and a second. */
    @Override
    public void close() {
        CompletableFuture<Void> closing = closeAsync();
        if (channel.eventLoop().inEventLoop()) {
            return;
        }
        try {
            closing.get(config.requestTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.close();
        } catch (ExecutionException | TimeoutException e) {
            channel.close();
        }
    }

    private SmppClientException closedError() {
        return new SmppClientException("the session with " + config.address() + " is closed");
    }

    private static Esme await(CompletableFuture<Esme> connecting, EsmeConfig config)
            throws SmppClientException, InterruptedException {
        try {
            return connecting.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException ? e.getCause().getCause() : e.getCause();
            if (cause instanceof SmppClientException s) {
                throw s;
            }
            throw new SmppClientException("cannot bind to " + config.address() + ": " + cause, cause);
        }
    }

    private static SmppClientException connectFailure(EsmeConfig config, Throwable cause) {
        String reason = cause instanceof ConnectTimeoutException ? "no answer within " + config.bindTimeout().toMillis() + " ms"
                : cause instanceof ConnectException ? "connection refused" : String.valueOf(cause);
        return new SmppClientException("cannot connect to " + config.address() + ": " + reason
                + "; is an SMSC listening there?", cause);
    }

    private static void shutDown(EventLoopGroup ownGroup) {
        if (ownGroup != null) {
            ownGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /** Parks the thread of a {@link #submitSync} until its listener runs; one per thread, reused. */
    private static final class SyncWaiter implements SubmitListener {
        private final Thread thread = Thread.currentThread();
        private volatile boolean done;
        private SubmitSmResp response;
        private Throwable error;

        void arm() {
            response = null;
            error = null;
            done = false;
        }

        @Override
        public void onComplete(SubmitSmResp response, Throwable error, long sentNanos) {
            this.response = response;
            this.error = error;
            done = true;
            LockSupport.unpark(thread);
        }

        SubmitSmResp await() throws SmppClientException, InterruptedException {
            // the listener always runs: on a response, at the timeout, or when the session closes
            while (!done) {
                LockSupport.park(this);
                if (Thread.interrupted()) {
                    // the request is still out; this waiter must not see its late outcome
                    WAITERS.remove();
                    throw new InterruptedException();
                }
            }
            if (error instanceof SmppClientException e) {
                throw e;
            }
            if (error != null) {
                throw new SmppClientException("submit_sm failed: " + error, error);
            }
            return response;
        }
    }
}
