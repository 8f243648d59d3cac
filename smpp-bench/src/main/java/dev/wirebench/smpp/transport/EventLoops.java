package dev.wirebench.smpp.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

/** NIO event loop groups with named daemon threads, so a test or benchmark that forgets one does not hang the JVM. */
public final class EventLoops {

    private EventLoops() {
    }

    /** A group of {@code threads} NIO event loops (0: Netty's default, twice the cores) named {@code name-N-M}. */
    public static EventLoopGroup nio(String name, int threads) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), NioIoHandler.newFactory());
    }
}
