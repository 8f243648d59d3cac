package dev.wirebench.codecs.protobuf;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.wirebench.codec.AbstractMessageCodec;
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
 * A canonical record as protobuf binary: one class for every message, told apart by its
 * record-to-proto mapping ({@code XxxMapping}) and the generated parser.
 *
 * <p>Encode builds a new proto message from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier.
 *
 * @param <T> the canonical record
 * @param <P> the generated proto message
 */
final class ProtobufCodec<T, P extends MessageLite> extends AbstractMessageCodec<T> {

    private final Parser<P> parser;
    private final Function<T, P> toProto;
    private final Function<P, T> toRecord;
    private final ToLongFunction<P> checksum;

    private ProtobufCodec(MessageType<T> type, Parser<P> parser, Function<T, P> toProto, Function<P, T> toRecord,
                          ToLongFunction<P> checksum) {
        super(ProtobufWire.FORMAT, type);
        this.parser = parser;
        this.toProto = toProto;
        this.toRecord = toRecord;
        this.checksum = checksum;
    }

    static ProtobufCodec<MarketData, MarketDataProto> marketData() {
        return new ProtobufCodec<>(MessageType.MARKET_DATA, MarketDataProto.parser(),
                MarketDataMapping::toProto, MarketDataMapping::toRecord, MarketDataMapping::checksum);
    }

    static ProtobufCodec<User, UserProto> user() {
        return new ProtobufCodec<>(MessageType.USER, UserProto.parser(),
                UserMapping::toProto, UserMapping::toRecord, UserMapping::checksum);
    }

    static ProtobufCodec<Order, OrderProto> order() {
        return new ProtobufCodec<>(MessageType.ORDER, OrderProto.parser(),
                OrderMapping::toProto, OrderMapping::toRecord, OrderMapping::checksum);
    }

    static ProtobufCodec<InfrastructureExecution, InfrastructureExecutionProto> infrastructureExecution() {
        return new ProtobufCodec<>(MessageType.INFRA_EXECUTION, InfrastructureExecutionProto.parser(),
                InfrastructureExecutionMapping::toProto, InfrastructureExecutionMapping::toRecord,
                InfrastructureExecutionMapping::checksum);
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        return ProtobufWire.write(toProto.apply(message), dst, offset, limit);
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        return toRecord.apply(ProtobufWire.parse(parser, src, offset, length, this));
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return checksum.applyAsLong(ProtobufWire.parse(parser, src, offset, length, this));
    }
}
