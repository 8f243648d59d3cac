package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/** {@link User} as {@code [id, username, email, age, active, createdAt, [roles...]]}. */
final class MsgpackUserCodec extends MsgpackCodec<User> {

    static final int FIELDS = 7;

    MsgpackUserCodec() {
        super(MessageType.USER);
    }

    @Override
    void pack(User u, MessagePacker p) throws IOException {
        p.packArrayHeader(FIELDS);
        p.packLong(u.id());
        packString(p, u.username());
        packString(p, u.email());
        p.packInt(u.age());
        p.packBoolean(u.active());
        p.packLong(u.createdAt());
        packStrings(p, u.roles());
    }

    @Override
    User unpack(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "User");
        long id = u.unpackLong();
        String username = u.unpackString();
        String email = u.unpackString();
        int age = u.unpackInt();
        boolean active = u.unpackBoolean();
        long createdAt = u.unpackLong();
        return new User(id, username, email, age, active, createdAt, strings(u, "User.roles"));
    }

    @Override
    long hash(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "User");
        long h = mix(SEED, u.unpackLong());
        h = mix(h, hashString(u));
        h = mix(h, hashString(u));
        h = mix(h, u.unpackInt());
        h = mix(h, u.unpackBoolean());
        h = mix(h, u.unpackLong());
        return mix(h, hashStrings(u, "User.roles"));
    }
}
