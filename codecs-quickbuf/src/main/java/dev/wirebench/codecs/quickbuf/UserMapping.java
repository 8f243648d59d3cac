package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.quickbuf.generated.UserProto;
import us.hebi.quickbuf.RepeatedString;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/**
 * {@link User} ↔ {@link UserProto}, and the {@link dev.wirebench.codec.Checksum} read straight from
 * a parsed message.
 */
final class UserMapping implements QuickbufMapping<User, UserProto> {

    private final UnknownFields unknown = new UnknownFields();
    private final Utf8Hash strings = new Utf8Hash();

    @Override
    public UserProto newMessage() {
        return UserProto.newInstance();
    }

    @Override
    public UserProto fill(UserProto p, User u) {
        p.clear();
        if (u.id() != 0) {
            p.setId(u.id());
        }
        if (!u.username().isEmpty()) {
            p.setUsername(u.username());
        }
        if (!u.email().isEmpty()) {
            p.setEmail(u.email());
        }
        if (u.age() != 0) {
            p.setAge(u.age());
        }
        if (u.active()) {
            p.setActive(true);
        }
        if (u.createdAt() != 0) {
            p.setCreatedAt(u.createdAt());
        }
        List<String> roles = u.roles();
        if (!roles.isEmpty()) {
            // a repeated string keeps every element, empty ones too, as protobuf writes them
            RepeatedString store = p.getMutableRoles();
            for (int i = 0; i < roles.size(); i++) {
                store.add(roles.get(i));
            }
        }
        return p;
    }

    @Override
    public User toRecord(UserProto p) {
        unknown.note(p);
        return new User(p.getId(), p.getUsername(), p.getEmail(), p.getAge(), p.getActive(), p.getCreatedAt(),
                strings(p.getRoles()));
    }

    @Override
    public long checksum(UserProto p) {
        unknown.note(p);
        long h = SEED;
        h = mix(h, p.getId());
        h = mix(h, strings.of(p.getUsernameBytes()));
        h = mix(h, strings.of(p.getEmailBytes()));
        h = mix(h, p.getAge());
        h = mix(h, p.getActive());
        h = mix(h, p.getCreatedAt());
        return mix(h, strings.of(p.getRoles()));
    }

    @Override
    public boolean sawUnknownFields() {
        return unknown.takeSeen();
    }

    /** The strings of {@code store} in a list the record then copies. */
    static List<String> strings(RepeatedString store) {
        List<String> list = new ArrayList<>(store.length());
        for (int i = 0; i < store.length(); i++) {
            list.add(store.get(i));
        }
        return list;
    }
}
