package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codecs.protobuf.generated.OrderProto;

import java.nio.ByteBuffer;

/**
 * {@link Order} as protobuf binary, {@code schemas/proto/order.proto}.
 *
 * <p>Encode builds a new {@link OrderProto} from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier.
 */
public final class ProtobufOrderCodec extends AbstractMessageCodec<Order> {

    public ProtobufOrderCodec() {
        super(ProtobufWire.FORMAT, MessageType.ORDER);
    }

    @Override
    protected int encode(Order message, ByteBuffer dst, int offset, int limit) {
        return ProtobufWire.write(OrderMapping.toProto(message), dst, offset, limit);
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        return OrderMapping.toRecord(parse(src, offset, length));
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return OrderMapping.checksum(parse(src, offset, length));
    }

    private OrderProto parse(ByteBuffer src, int offset, int length) {
        return ProtobufWire.parse(OrderProto.parser(), src, offset, length, this);
    }
}
