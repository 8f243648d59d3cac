package dev.wirebench.smpp.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.util.function.IntFunction;

/** The buffer kinds every round trip runs in: heap and direct, unpooled and pooled. */
enum Buffers {
    HEAP(Unpooled::buffer),
    DIRECT(Unpooled::directBuffer),
    POOLED_HEAP(PooledByteBufAllocator.DEFAULT::heapBuffer),
    POOLED_DIRECT(PooledByteBufAllocator.DEFAULT::directBuffer);

    private final IntFunction<ByteBuf> allocate;

    Buffers(IntFunction<ByteBuf> allocate) {
        this.allocate = allocate;
    }

    ByteBuf allocate(int capacity) {
        return allocate.apply(capacity);
    }
}
