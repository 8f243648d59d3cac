package dev.wirebench.smpp.server;

import dev.wirebench.smpp.transport.EventLoops;
import dev.wirebench.smpp.transport.PduEncoder;
import dev.wirebench.smpp.transport.PduFrameDecoder;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An SMPP 3.4 SMSC on Netty: accepts binds from the configured accounts, answers submit_sm with a
 * message id (and, if asked and enabled, a delivery receipt), enquire_link and unbind; unbinds idle
 * sessions; refuses a PDU with a bad command_length or command_id with generic_nack and a request
 * whose body is at fault with its own response carrying the error (SMPP 3.4 4.3), and closes a
 * session whose byte stream can no longer be framed. Each session's outbound queue is bounded
 * ({@link SmscConfig#outboundBound()}).
 * Counters for tests and reports: {@link #stats()}.
 *
 * <pre>{@code
 * try (Smsc smsc = Smsc.start(SmscConfig.of(Map.of("esme", "secret")))) {
 *     int port = smsc.port();
 *     ...
 * }
 * }</pre>
 */
public final class Smsc implements AutoCloseable {

    /** The most octets one socket read brings in: with a frame under the cap, what a session holds inbound. */
    public static final int MAX_READ = 16 * 1024;

    private final SmscConfig config;
    private final Counters counters = new Counters();
    private final Receivers receivers = new Receivers();
    private final AtomicLong messageIds = new AtomicLong();
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ChannelGroup channels = new DefaultChannelGroup("smsc", GlobalEventExecutor.INSTANCE);
    private Channel listener;

    private Smsc(SmscConfig config) {
        this.config = config;
        this.boss = EventLoops.nio("smsc-accept", 1);
        this.workers = EventLoops.nio("smsc", config.workerThreads(), config.spin());
    }

    /**
     * Listens as configured and returns once the port is bound.
     *
     * @throws IOException naming the address when it cannot listen there (the port is taken, the host is not local)
     */
    public static Smsc start(SmscConfig config) throws IOException {
        Smsc smsc = new Smsc(config);
        smsc.listen();
        return smsc;
    }

    private void listen() throws IOException {
        int high = config.highWaterMark();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // pooled, not 4.2's default adaptive allocator: its buffers, their NIO views and the flyweight's
                // frame slices are recycled, where the adaptive one makes a new ByteBuffer view per socket read
                // and write and a new object per slice (about 170 B per submit_sm on the event loop)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(high / 2, high))
                .childOption(ChannelOption.RECVBUF_ALLOCATOR, new AdaptiveRecvByteBufAllocator(64, 1024, MAX_READ))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        channels.add(ch);
                        long idle = config.idleTimeout().toMillis();
                        if (idle > 0) {
                            ch.pipeline().addLast(new IdleStateHandler(idle, 0, 0, TimeUnit.MILLISECONDS));
                        }
                        PduFrameDecoder decoder = new PduFrameDecoder(config.maxCommandLength(),
                                config.reader() == SmscReader.FLYWEIGHT);
                        ch.pipeline().addLast(decoder, new PduEncoder(config.maxCommandLength()),
                                new SmscSession(Smsc.this, decoder));
                    }
                });
        ChannelFuture bound = bootstrap.bind(config.host(), config.port()).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            shutDownLoops();
            Throwable cause = bound.cause();
            String where = config.host() + ":" + config.port();
            if (cause instanceof BindException && String.valueOf(cause.getMessage()).contains("in use")) {
                throw new IOException("SMSC cannot listen on " + where + ": " + cause.getMessage()
                        + "; stop whatever holds that port or choose another (port 0 picks a free one)", cause);
            }
            if (cause instanceof BindException) {
                // the same exception says the host is not one of this machine's addresses: another remedy
                throw new IOException("SMSC cannot listen on " + where + ": " + cause.getMessage()
                        + "; is " + config.host() + " an address of this machine? (" + SmscConfig.LOOPBACK
                        + " listens on this machine only)", cause);
            }
            throw new IOException("SMSC cannot listen on " + where + ": " + cause, cause);
        }
        listener = bound.channel();
    }

    /** The port it listens on (the one picked, if configured with 0). */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** The configuration it runs with. */
    public SmscConfig config() {
        return config;
    }

    /** A snapshot of the counters. */
    public SmscStats stats() {
        return counters.snapshot();
    }

    /** Stops listening, closes every session and stops the event loops; waits a few seconds at most. */
    @Override
    public void close() {
        if (listener != null) {
            listener.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        channels.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        shutDownLoops();
    }

    private void shutDownLoops() {
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        boss.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
        workers.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    Counters counters() {
        return counters;
    }

    Receivers receivers() {
        return receivers;
    }

    /** The event loops serving sessions: for a test that measures what they allocate. */
    EventLoopGroup workers() {
        return workers;
    }

    /** A message id no other submit_sm to this SMSC got: a counter, sent in hex. */
    long nextMessageId() {
        return messageIds.incrementAndGet();
    }
}
