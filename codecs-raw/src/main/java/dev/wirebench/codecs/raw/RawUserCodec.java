package dev.wirebench.codecs.raw;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;

import java.nio.ByteBuffer;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codecs.raw.Wire.putBoolean;
import static dev.wirebench.codecs.raw.Wire.putInt;
import static dev.wirebench.codecs.raw.Wire.putLong;

/** {@link User}, message id 2: id, username, email, age, active, createdAt, then the roles count and roles. */
final class RawUserCodec extends RawCodec<User> {

    static final int MESSAGE_ID = 2;

    RawUserCodec() {
        super(MessageType.USER, MESSAGE_ID);
    }

    @Override
    protected int encode(User u, ByteBuffer dst, int offset, int limit) {
        byte[] a = Wire.array(dst);
        int start = Wire.index(dst, offset);
        int stop = Wire.index(dst, limit);
        int p = putHeader(a, dst, start, stop);
        p = putLong(a, dst, p, stop, u.id());
        p = putString(a, dst, p, stop, u.username());
        p = putString(a, dst, p, stop, u.email());
        p = putInt(a, dst, p, stop, u.age());
        p = putBoolean(a, dst, p, stop, u.active());
        p = putLong(a, dst, p, stop, u.createdAt());
        p = putStrings(a, dst, p, stop, u.roles());
        return p - start;
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long id = int64(a, src, p, end, "id");
        p += Long.BYTES;
        String username = string(a, src, p, end, "username");
        p = skipString(a, src, p);
        String email = string(a, src, p, end, "email");
        p = skipString(a, src, p);
        int age = int32(a, src, p, end, "age");
        p += Integer.BYTES;
        boolean active = bool(a, src, p, end, "active");
        p++;
        long createdAt = int64(a, src, p, end, "createdAt");
        p += Long.BYTES;
        List<String> roles = strings(a, src, p, end, "roles");
        checkEnd(next, end);
        return new User(id, username, email, age, active, createdAt, roles);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long h = mix(SEED, int64(a, src, p, end, "id"));
        p += Long.BYTES;
        h = mix(h, hashString(a, src, p, end, "username"));
        p = skipString(a, src, p);
        h = mix(h, hashString(a, src, p, end, "email"));
        p = skipString(a, src, p);
        h = mix(h, int32(a, src, p, end, "age"));
        p += Integer.BYTES;
        h = mix(h, bool(a, src, p, end, "active"));
        p++;
        h = mix(h, int64(a, src, p, end, "createdAt"));
        p += Long.BYTES;
        h = mix(h, hashStrings(a, src, p, end, "roles"));
        checkEnd(next, end);
        return h;
    }
}
