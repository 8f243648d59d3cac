package dev.wirebench.smpp.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.nio.channels.spi.SelectorProvider;

/** NIO event loop groups with named daemon threads, so a test or benchmark that forgets one does not hang the JVM. */
public final class EventLoops {

    private EventLoops() {
    }

    /** A group of {@code threads} NIO event loops (0: Netty's default, twice the cores) named {@code name-N-M}. */
    public static EventLoopGroup nio(String name, int threads) {
        return nio(name, threads, false);
    }

    /**
     * As {@link #nio(String, int)}; with {@code spin} each loop polls ({@code selectNow} again and again) instead
     * of blocking in {@code select}: no wake-up by the OS between a packet and its handling, and a core kept busy
     * per loop. Netty's NIO loops have no busy-wait of their own (only its epoll transport has), so this is the
     * select strategy that never chooses to block.
     */
    public static EventLoopGroup nio(String name, int threads, boolean spin) {
        IoHandlerFactory handler = spin
                ? NioIoHandler.newFactory(SelectorProvider.provider(), () -> (selectNow, hasTasks) -> selectNow.get())
                : NioIoHandler.newFactory();
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), handler);
    }
}
