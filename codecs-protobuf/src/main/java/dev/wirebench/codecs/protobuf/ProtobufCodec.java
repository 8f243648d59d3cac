package dev.wirebench.codecs.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.wirebench.codec.AbstractNativeCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.protobuf.generated.InfrastructureExecutionProto;
import dev.wirebench.codecs.protobuf.generated.MarketDataProto;
import dev.wirebench.codecs.protobuf.generated.OrderProto;
import dev.wirebench.codecs.protobuf.generated.UserProto;

import java.nio.ByteBuffer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A canonical record as a protobuf message on a wire: one class for every message and both
 * formats, told apart by its record-to-proto mapping ({@code XxxMapping}) and its
 * {@link ProtobufWire} ({@code BinaryWire::new}, {@code JsonWire::plain} or {@code JsonWire::guarded}).
 *
 * <p>Encode builds a new proto message from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier. The generated message is the
 * codec's {@link dev.wirebench.codec.NativeModel}: written as it is, and parsed without the mapping to the record.
 *
 * @param <T> the canonical record
 * @param <P> the generated proto message
 */
final class ProtobufCodec<T, P extends Message> extends AbstractNativeCodec<T, P> {

    private final ProtobufWire<P> wire;
    private final Function<T, P> toProto;
    private final Function<P, T> toRecord;
    private final ToLongFunction<P> checksum;

    private ProtobufCodec(MessageType<T> type, Class<P> protoType, ProtobufWire<P> wire, Function<T, P> toProto, Function<P, T> toRecord,
                          ToLongFunction<P> checksum) {
        super(wire.format(), type, protoType);
        this.wire = wire;
        this.toProto = toProto;
        this.toRecord = toRecord;
        this.checksum = checksum;
    }

    static ProtobufCodec<MarketData, MarketDataProto> marketData(
            Function<MarketDataProto, ProtobufWire<MarketDataProto>> wire) {
        return new ProtobufCodec<>(MessageType.MARKET_DATA, MarketDataProto.class, wire.apply(MarketDataProto.getDefaultInstance()),
                MarketDataMapping::toProto, MarketDataMapping::toRecord, MarketDataMapping::checksum);
    }

    static ProtobufCodec<User, UserProto> user(Function<UserProto, ProtobufWire<UserProto>> wire) {
        return new ProtobufCodec<>(MessageType.USER, UserProto.class, wire.apply(UserProto.getDefaultInstance()),
                UserMapping::toProto, UserMapping::toRecord, UserMapping::checksum);
    }

    static ProtobufCodec<Order, OrderProto> order(Function<OrderProto, ProtobufWire<OrderProto>> wire) {
        return new ProtobufCodec<>(MessageType.ORDER, OrderProto.class, wire.apply(OrderProto.getDefaultInstance()),
                OrderMapping::toProto, OrderMapping::toRecord, OrderMapping::checksum);
    }

    static ProtobufCodec<InfrastructureExecution, InfrastructureExecutionProto> infrastructureExecution(
            Function<InfrastructureExecutionProto, ProtobufWire<InfrastructureExecutionProto>> wire) {
        return new ProtobufCodec<>(MessageType.INFRA_EXECUTION, InfrastructureExecutionProto.class,
                wire.apply(InfrastructureExecutionProto.getDefaultInstance()),
                InfrastructureExecutionMapping::toProto, InfrastructureExecutionMapping::toRecord,
                InfrastructureExecutionMapping::checksum);
    }

    @Override
    public Conformance conformance() {
        return wire.conformance();
    }

    @Override
    public P toNative(T message) {
        return toProto.apply(message);
    }

    @Override
    public T fromNative(P message) {
        return toRecord.apply(message);
    }

    @Override
    protected int encodeNative(P message, ByteBuffer dst, int offset, int limit) {
        return wire.write(message, dst, offset, limit);
    }

    @Override
    protected P decodeNative(ByteBuffer src, int offset, int length) {
        return parse(src, offset, length);
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return checksum.applyAsLong(parse(src, offset, length));
    }

    private P parse(ByteBuffer src, int offset, int length) {
        try {
            return wire.parse(src, offset, length);
        } catch (InvalidProtocolBufferException e) {
            throw malformed(e.getMessage(), e);
        }
    }
}
