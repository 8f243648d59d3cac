package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.AbstractNativeCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.quickbuf.generated.InfrastructureExecutionProto;
import dev.wirebench.codecs.quickbuf.generated.MarketDataProto;
import dev.wirebench.codecs.quickbuf.generated.OrderProto;
import dev.wirebench.codecs.quickbuf.generated.UserProto;
import us.hebi.quickbuf.ProtoMessage;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A canonical record as a QuickBuffers message on a wire: one class for every message and both
 * formats, told apart by its {@link QuickbufMapping} and its {@link QuickbufWire}.
 *
 * <p>The generated messages are the codec's {@link dev.wirebench.codec.NativeModel}, used the way
 * QuickBuffers is meant to be: mutable and reused. The codec keeps two for its life. {@link #toNative}
 * clears the outgoing one and fills it from the record, and returns it; {@link #decodeNative}
 * clears the incoming one and parses into it, and returns it. Two, not one, so that a message
 * from {@code toNative} is never overwritten by a read: the kit's native-model check encodes the
 * message it got from {@code toNative} again after a {@code decodeNative}. Each is valid until the
 * next call of its own kind on this codec; a caller that wants to keep one copies it
 * ({@code clone()}).
 *
 * <p>The incoming message is replaced by a new one after a read that failed or that met unknown
 * fields: a parse that stopped half-way leaves fields (a string's length, a list's count) without
 * their has-bit, and QuickBuffers 1.3.2's {@code clear()} does nothing to a message with no has-bit
 * set, unknown bytes included (see {@link UnknownFields}). Only such bytes pay for the allocation.
 *
 * @param <T> the canonical record
 * @param <P> the generated message
 */
final class QuickbufCodec<T, P extends ProtoMessage<P>> extends AbstractNativeCodec<T, P> {

    private final QuickbufWire wire;
    private final QuickbufMapping<T, P> mapping;
    private final P outgoing;
    private P incoming;
    private boolean replaceIncoming;

    private QuickbufCodec(MessageType<T> type, Class<P> nativeType, QuickbufWire wire, QuickbufMapping<T, P> mapping) {
        super(wire.format(), type, nativeType);
        this.wire = wire;
        this.mapping = mapping;
        this.outgoing = mapping.newMessage();
        this.incoming = mapping.newMessage();
    }

    static QuickbufCodec<MarketData, MarketDataProto> marketData(QuickbufWire wire) {
        return new QuickbufCodec<>(MessageType.MARKET_DATA, MarketDataProto.class, wire, new MarketDataMapping());
    }

    static QuickbufCodec<User, UserProto> user(QuickbufWire wire) {
        return new QuickbufCodec<>(MessageType.USER, UserProto.class, wire, new UserMapping());
    }

    static QuickbufCodec<Order, OrderProto> order(QuickbufWire wire) {
        return new QuickbufCodec<>(MessageType.ORDER, OrderProto.class, wire, new OrderMapping());
    }

    static QuickbufCodec<InfrastructureExecution, InfrastructureExecutionProto> infrastructureExecution(QuickbufWire wire) {
        return new QuickbufCodec<>(MessageType.INFRA_EXECUTION, InfrastructureExecutionProto.class, wire,
                new InfrastructureExecutionMapping());
    }

    @Override
    public Conformance conformance() {
        return wire.conformance();
    }

    /** The codec's outgoing message, cleared and filled from {@code message}: valid until the next call. */
    @Override
    public P toNative(T message) {
        return mapping.fill(outgoing, message);
    }

    @Override
    public T fromNative(P message) {
        T record;
        try {
            record = mapping.toRecord(message);
        } catch (RuntimeException rejected) {
            mapping.sawUnknownFields();
            retire(message);
            throw rejected;
        }
        if (mapping.sawUnknownFields()) {
            retire(message);
        }
        return record;
    }

    @Override
    protected int encodeNative(P message, ByteBuffer dst, int offset, int limit) {
        return wire.write(message, mapping, dst, offset, limit);
    }

    /** The codec's incoming message, cleared and parsed from the bytes: valid until the next read. */
    @Override
    protected P decodeNative(ByteBuffer src, int offset, int length) {
        if (replaceIncoming) {
            incoming = mapping.newMessage();
            replaceIncoming = false;
        }
        boolean parsed = false;
        try {
            wire.read(incoming, src, offset, length);
            parsed = true;
        } catch (IOException e) {
            // InvalidProtocolBufferException, and its InvalidJsonException
            throw malformed(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName(), e);
        } finally {
            if (!parsed) {
                replaceIncoming = true;
            }
        }
        return incoming;
    }

    /**
     * Parses into the incoming message, as decode does (QuickBuffers has no reader that leaves the
     * bytes where they are), then hashes its getters, strings from their UTF-8 bytes
     * ({@link Utf8Hash}); builds no record and, once warm, allocates nothing.
     */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        P message = decodeNative(src, offset, length);
        long checksum;
        try {
            checksum = mapping.checksum(message);
        } catch (RuntimeException rejected) {
            mapping.sawUnknownFields();
            retire(message);
            throw rejected;
        }
        if (mapping.sawUnknownFields()) {
            retire(message);
        }
        return checksum;
    }

    /** Has the incoming message replaced before the next read, if {@code message} is it. */
    private void retire(P message) {
        if (message == incoming) {
            replaceIncoming = true;
        }
    }
}
