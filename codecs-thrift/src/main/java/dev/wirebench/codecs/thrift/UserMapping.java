package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.thrift.generated.UserThrift;

import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codecs.thrift.Reads.present;

/** {@link User} ↔ {@link UserThrift}, and the {@link Checksum} read from a struct. */
final class UserMapping {

    private UserMapping() {
    }

    /** The record's roles list is immutable and is handed to the struct as it is: writing only iterates it. */
    static UserThrift toThrift(User u) {
        return new UserThrift(u.id(), u.username(), u.email(), u.age(), u.active(), u.createdAt(), u.roles());
    }

    static User toRecord(UserThrift t) {
        // the record copies the list
        return new User(t.getId(), username(t), email(t), t.getAge(), t.isActive(), t.getCreatedAt(), roles(t));
    }

    /** {@code Checksum.of(toRecord(t))}, without building the record. */
    static long checksum(UserThrift t) {
        long h = SEED;
        h = mix(h, t.getId());
        h = mix(h, string(username(t)));
        h = mix(h, string(email(t)));
        h = mix(h, t.getAge());
        h = mix(h, t.isActive());
        h = mix(h, t.getCreatedAt());
        return mix(h, Checksum.strings(roles(t)));
    }

    private static String username(UserThrift t) {
        return present(t.getUsername(), "UserThrift.username");
    }

    private static String email(UserThrift t) {
        return present(t.getEmail(), "UserThrift.email");
    }

    private static List<String> roles(UserThrift t) {
        return present(t.getRoles(), "UserThrift.roles");
    }
}
