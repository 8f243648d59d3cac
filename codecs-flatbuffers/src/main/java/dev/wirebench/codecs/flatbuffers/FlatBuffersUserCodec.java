package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.flatbuffers.generated.UserFb;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/** {@link User} as the table {@code UserFb}. */
final class FlatBuffersUserCodec extends FlatBuffersCodec<User> {

    /** {@code UserFb.roles} is field 6 of the table. */
    static final int ROLES_SLOT = 4 + 2 * 6;

    private final UserFb root = new UserFb();
    private final StringVectorField roles = new StringVectorField(ROLES_SLOT);

    /** {@code flatbuffers}: see {@link FlatBuffersCodec} for what the guarded codec adds. */
    FlatBuffersUserCodec() {
        this(false);
    }

    FlatBuffersUserCodec(boolean guarded) {
        super(MessageType.USER, "UserFb", UserFb::UserFbBufferHasIdentifier, guarded);
    }

    @Override
    void build(User u) {
        int username = string(u.username(), "UserFb.username");
        int email = string(u.email(), "UserFb.email");
        int roleVector = stringVector(u.roles(), "UserFb.roles");
        UserFb.finishUserFbBuffer(builder, UserFb.createUserFb(builder, u.id(), username, email, u.age(), u.active(),
                u.createdAt(), roleVector));
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        UserFb t = UserFb.getRootAsUserFb(view, root);
        String username = string(t.usernameInByteBuffer(view), "UserFb.username");
        String email = string(t.emailInByteBuffer(view), "UserFb.email");
        int n = count(t.rolesLength(), OFFSET_BYTES, "UserFb.roles");
        int vector = roles.vector(view);
        List<String> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(stringElement(vector, i, "UserFb.roles"));
        }
        return new User(t.id(), username, email, t.age(), t.active(), t.createdAt(), list);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        UserFb t = UserFb.getRootAsUserFb(view, root);
        long h = mix(SEED, t.id());
        h = mix(h, hash(t.usernameInByteBuffer(view), "UserFb.username"));
        h = mix(h, hash(t.emailInByteBuffer(view), "UserFb.email"));
        h = mix(h, t.age());
        h = mix(h, t.active());
        h = mix(h, t.createdAt());
        int n = count(t.rolesLength(), OFFSET_BYTES, "UserFb.roles");
        int vector = roles.vector(view);
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            list = mix(list, hashElement(vector, i, "UserFb.roles"));
        }
        return mix(h, list);
    }
}
