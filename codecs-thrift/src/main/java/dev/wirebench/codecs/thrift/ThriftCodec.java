package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.AbstractNativeCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.ScratchBytes;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.thrift.generated.InfrastructureExecutionThrift;
import dev.wirebench.codecs.thrift.generated.MarketDataThrift;
import dev.wirebench.codecs.thrift.generated.OrderThrift;
import dev.wirebench.codecs.thrift.generated.UserThrift;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;

import java.nio.ByteBuffer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A canonical record as a Thrift struct in the compact protocol, format {@code thrift}: one class for every
 * message, told apart by its record-to-struct mapping ({@code XxxMapping}).
 *
 * <p>The generated struct is the codec's {@link dev.wirebench.codec.NativeModel}: {@code encodeNative} is the
 * struct's own {@code write} and {@code decodeNative} its {@code read}, each through a {@link TCompactProtocol}
 * and a transport that the codec keeps and re-aims at every message: {@link BufferWriteTransport} writes into the
 * caller's buffer, {@link ArrayReadTransport} reads a heap buffer's array in place (a direct buffer's bytes are
 * copied once into a reused scratch array first). An instance serves one thread. See the module README for
 * what each call allocates and why the tier is {@code measurement}.
 *
 * @param <T> the canonical record
 * @param <N> the generated struct
 */
final class ThriftCodec<T, N extends TBase<N, ?>> extends AbstractNativeCodec<T, N> {

    static final String FORMAT = "thrift";

    private final Supplier<N> newStruct;
    private final Function<T, N> toStruct;
    private final Function<N, T> toRecord;
    private final ToLongFunction<N> checksum;

    private final BufferWriteTransport out = new BufferWriteTransport();
    private final TCompactProtocol writer = new TCompactProtocol(out);
    private final ArrayReadTransport in = new ArrayReadTransport();
    // libthrift's defaults: no limit on string lengths or container counts beyond what the transport checks
    private final TCompactProtocol reader = new TCompactProtocol(in);
    /** A direct buffer's message, copied here to be read in place; grows to the largest message seen. */
    private final ScratchBytes scratch = new ScratchBytes(0);

    private ThriftCodec(MessageType<T> type, Class<N> structType, Supplier<N> newStruct, Function<T, N> toStruct,
                        Function<N, T> toRecord, ToLongFunction<N> checksum) {
        super(FORMAT, type, structType);
        this.newStruct = newStruct;
        this.toStruct = toStruct;
        this.toRecord = toRecord;
        this.checksum = checksum;
    }

    static ThriftCodec<MarketData, MarketDataThrift> marketData() {
        return new ThriftCodec<>(MessageType.MARKET_DATA, MarketDataThrift.class, MarketDataThrift::new,
                MarketDataMapping::toThrift, MarketDataMapping::toRecord, MarketDataMapping::checksum);
    }

    static ThriftCodec<User, UserThrift> user() {
        return new ThriftCodec<>(MessageType.USER, UserThrift.class, UserThrift::new,
                UserMapping::toThrift, UserMapping::toRecord, UserMapping::checksum);
    }

    static ThriftCodec<Order, OrderThrift> order() {
        return new ThriftCodec<>(MessageType.ORDER, OrderThrift.class, OrderThrift::new,
                OrderMapping::toThrift, OrderMapping::toRecord, OrderMapping::checksum);
    }

    static ThriftCodec<InfrastructureExecution, InfrastructureExecutionThrift> infrastructureExecution() {
        return new ThriftCodec<>(MessageType.INFRA_EXECUTION, InfrastructureExecutionThrift.class,
                InfrastructureExecutionThrift::new, InfrastructureExecutionMapping::toThrift,
                InfrastructureExecutionMapping::toRecord, InfrastructureExecutionMapping::checksum);
    }

    @Override
    public N toNative(T message) {
        return toStruct.apply(message);
    }

    @Override
    public T fromNative(N message) {
        return toRecord.apply(message);
    }

    /**
     * The struct's own {@code write}, straight into {@code dst[offset, limit)}. The size is not known before
     * writing (libthrift has no size computation), so an overflow is found at the limit, by the transport.
     */
    @Override
    protected int encodeNative(N message, ByteBuffer dst, int offset, int limit) {
        out.aim(dst, offset, limit);
        writer.reset(); // the field-id stack, in case the last write stopped at the limit halfway through a struct
        try {
            message.write(writer);
        } catch (TException e) {
            // the compact protocol and this transport throw none; generated code would for a missing required field
            throw new IllegalArgumentException(name() + ": libthrift cannot write the struct: " + e, e);
        }
        return out.written();
    }

    @Override
    protected N decodeNative(ByteBuffer src, int offset, int length) {
        return read(src, offset, length);
    }

    /** Reads the struct, as decode does, then hashes its getters: no record is built. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return checksum.applyAsLong(read(src, offset, length));
    }

    /** A new struct read from exactly {@code src[offset, offset + length)}, every byte of it. */
    private N read(ByteBuffer src, int offset, int length) {
        if (src.hasArray()) {
            in.aim(src.array(), src.arrayOffset() + offset, length);
        } else {
            in.aim(scratch.copyOf(src, offset, length), 0, length);
        }
        reader.reset();
        N message = newStruct.get();
        try {
            message.read(reader);
        } catch (TException e) {
            throw malformed(e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        if (in.remaining() != 0) {
            // a struct ends at its stop byte: whatever follows is not part of this message
            throw malformed(in.remaining() + " bytes after the end of the struct");
        }
        return message;
    }
}
