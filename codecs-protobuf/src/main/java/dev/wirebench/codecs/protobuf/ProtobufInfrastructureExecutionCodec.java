package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codecs.protobuf.generated.InfrastructureExecutionProto;

import java.nio.ByteBuffer;

/**
 * {@link InfrastructureExecution} as protobuf binary, {@code schemas/proto/infrastructure_execution.proto}.
 *
 * <p>Encode builds a new {@link InfrastructureExecutionProto} from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier.
 */
public final class ProtobufInfrastructureExecutionCodec extends AbstractMessageCodec<InfrastructureExecution> {

    public ProtobufInfrastructureExecutionCodec() {
        super(ProtobufWire.FORMAT, MessageType.INFRA_EXECUTION);
    }

    @Override
    protected int encode(InfrastructureExecution message, ByteBuffer dst, int offset, int limit) {
        return ProtobufWire.write(InfrastructureExecutionMapping.toProto(message), dst, offset, limit);
    }

    @Override
    protected InfrastructureExecution decode(ByteBuffer src, int offset, int length) {
        return InfrastructureExecutionMapping.toRecord(parse(src, offset, length));
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return InfrastructureExecutionMapping.checksum(parse(src, offset, length));
    }

    private InfrastructureExecutionProto parse(ByteBuffer src, int offset, int length) {
        return ProtobufWire.parse(InfrastructureExecutionProto.parser(), src, offset, length, this);
    }
}
