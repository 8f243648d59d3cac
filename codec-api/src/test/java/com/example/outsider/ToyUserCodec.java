package com.example.outsider;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A codec written outside wirebench's packages with nothing but the public SPI: proof that the
 * registry and the conformance kit serve third parties. Big-endian fixed fields, strings and the
 * role list prefixed by an unsigned 16-bit count. Subclasses break it on purpose for the kit's own test.
 */
public class ToyUserCodec extends AbstractMessageCodec<User> {

    public ToyUserCodec() {
        super("toy", MessageType.USER);
    }

    /** Every read is bounded by the slice of exactly the length, so any bytes end in a user or an exception. */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    protected int encode(User user, ByteBuffer dst, int offset, int limit) {
        ByteBuffer out = dst.duplicate().limit(limit).position(offset);
        out.putLong(user.id());
        putString(out, user.username());
        putString(out, emailToWrite(user));
        out.putInt(user.age()).put((byte) (user.active() ? 1 : 0)).putLong(user.createdAt());
        out.putShort((short) user.roles().size());
        for (String role : user.roles()) {
            putString(out, role);
        }
        return out.position() - offset;
    }

    /** What encode writes as the e-mail: a broken subclass drops it. */
    protected String emailToWrite(User user) {
        return user.email();
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        ByteBuffer in = src.slice(offset, length);
        long id = in.getLong();
        String username = getString(in);
        String email = getString(in);
        int age = in.getInt();
        boolean active = in.get() != 0;
        long createdAt = in.getLong();
        int count = Short.toUnsignedInt(in.getShort());
        List<String> roles = new ArrayList<>(Math.min(count, in.remaining() / 2));
        for (int i = 0; i < count; i++) {
            roles.add(getString(in));
        }
        return new User(id, username, email, age, active, createdAt, roles);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return Checksum.of(decode(src, offset, length));
    }

    private static void putString(ByteBuffer out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.putShort((short) bytes.length).put(bytes);
    }

    private static String getString(ByteBuffer in) {
        int length = Short.toUnsignedInt(in.getShort());
        byte[] bytes = new byte[length];
        in.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
