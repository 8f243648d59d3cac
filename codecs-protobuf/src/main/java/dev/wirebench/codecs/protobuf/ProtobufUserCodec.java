package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.protobuf.generated.UserProto;

import java.nio.ByteBuffer;

/**
 * {@link User} as protobuf binary, {@code schemas/proto/user.proto}.
 *
 * <p>Encode builds a new {@link UserProto} from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier.
 */
public final class ProtobufUserCodec extends AbstractMessageCodec<User> {

    public ProtobufUserCodec() {
        super(ProtobufWire.FORMAT, MessageType.USER);
    }

    @Override
    protected int encode(User message, ByteBuffer dst, int offset, int limit) {
        return ProtobufWire.write(UserMapping.toProto(message), dst, offset, limit);
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        return UserMapping.toRecord(parse(src, offset, length));
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return UserMapping.checksum(parse(src, offset, length));
    }

    private UserProto parse(ByteBuffer src, int offset, int length) {
        return ProtobufWire.parse(UserProto.parser(), src, offset, length, this);
    }
}
