package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.protobuf.generated.UserProto;

import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;

/**
 * {@link User} ↔ {@link UserProto}, and the {@link Checksum} read straight from a parsed message.
 * Every format of this module that goes through the generated message uses this one mapping.
 */
final class UserMapping {

    private UserMapping() {
    }

    static UserProto toProto(User u) {
        UserProto.Builder b = UserProto.newBuilder()
                .setId(u.id())
                .setUsername(u.username())
                .setEmail(u.email())
                .setAge(u.age())
                .setActive(u.active())
                .setCreatedAt(u.createdAt());
        List<String> roles = u.roles();
        for (int i = 0; i < roles.size(); i++) {
            b.addRoles(roles.get(i));
        }
        return b.build();
    }

    static User toRecord(UserProto p) {
        // the record copies the list, so the parsed one is handed over as it is
        return new User(p.getId(), p.getUsername(), p.getEmail(), p.getAge(), p.getActive(), p.getCreatedAt(),
                p.getRolesList());
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(UserProto p) {
        long h = SEED;
        h = mix(h, p.getId());
        h = mix(h, string(p.getUsername()));
        h = mix(h, string(p.getEmail()));
        h = mix(h, p.getAge());
        h = mix(h, p.getActive());
        h = mix(h, p.getCreatedAt());
        return mix(h, Checksum.strings(p.getRolesList()));
    }
}
