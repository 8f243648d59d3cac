package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.capnp.generated.UserSchema;
import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;
import org.capnproto.TextList;

import java.util.ArrayList;
import java.util.List;

/** {@link User} ↔ {@code UserSchema.User}. */
final class UserMapping implements CapnpMapping<User, UserSchema.User.Reader> {

    private final Utf8Text text = new Utf8Text();

    @Override
    public FromPointerReader<UserSchema.User.Reader> root() {
        return UserSchema.User.factory;
    }

    @Override
    public void write(User u, MessageBuilder builder) {
        UserSchema.User.Builder root = builder.initRoot(UserSchema.User.factory);
        root.setId(u.id());
        text.copyTo(root.initUsername(text.encode(u.username(), "User.username")));
        text.copyTo(root.initEmail(text.encode(u.email(), "User.email")));
        root.setAge(u.age());
        root.setActive(u.active());
        root.setCreatedAt(u.createdAt());
        List<String> roles = u.roles();
        TextList.Builder list = root.initRoles(roles.size());
        for (int i = 0; i < roles.size(); i++) {
            text.encode(roles.get(i), "User.roles");
            list.set(i, text.reader());
        }
    }

    @Override
    public User read(UserSchema.User.Reader r) {
        String username = text.decode(r.getUsername(), "User.username");
        String email = text.decode(r.getEmail(), "User.email");
        TextList.Reader list = r.getRoles();
        List<String> roles = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            roles.add(text.decode(list.get(i), "User.roles"));
        }
        return new User(r.getId(), username, email, r.getAge(), r.getActive(), r.getCreatedAt(), roles);
    }

    @Override
    public long checksum(UserSchema.User.Reader r) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, r.getId());
        h = Checksum.mix(h, Utf8Text.checksum(r.getUsername(), "User.username"));
        h = Checksum.mix(h, Utf8Text.checksum(r.getEmail(), "User.email"));
        h = Checksum.mix(h, r.getAge());
        h = Checksum.mix(h, r.getActive());
        h = Checksum.mix(h, r.getCreatedAt());
        return Checksum.mix(h, strings(r.getRoles(), "User.roles"));
    }

    /** The {@link Checksum#strings} value of a Text list, hashed in place. */
    static long strings(TextList.Reader list, String field) {
        long h = Checksum.listStart(list.size());
        for (int i = 0; i < list.size(); i++) {
            h = Checksum.mix(h, Utf8Text.checksum(list.get(i), field));
        }
        return h;
    }
}
