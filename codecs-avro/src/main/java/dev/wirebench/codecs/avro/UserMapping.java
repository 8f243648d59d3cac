package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.avro.generated.UserAvro;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;

/** {@link User} ↔ {@link UserAvro}, and the checksum of a read datum. */
final class UserMapping {

    private UserMapping() {
    }

    static UserAvro toAvro(User u) {
        UserAvro a = new UserAvro();
        a.setId(u.id());
        a.setUsername(u.username());
        a.setEmail(u.email());
        a.setAge(u.age());
        a.setActive(u.active());
        a.setCreatedAt(u.createdAt());
        a.setRoles(u.roles()); // the record's unmodifiable list: Avro only reads it
        return a;
    }

    static User toRecord(UserAvro a) {
        // the record copies the list
        return new User(a.getId(), a.getUsername(), a.getEmail(), a.getAge(), a.getActive(), a.getCreatedAt(),
                a.getRoles());
    }

    /** {@code Checksum.of(toRecord(a))}, without building the record. */
    static long checksum(UserAvro a) {
        long h = SEED;
        h = mix(h, a.getId());
        h = mix(h, string(a.getUsername()));
        h = mix(h, string(a.getEmail()));
        h = mix(h, a.getAge());
        h = mix(h, a.getActive());
        h = mix(h, a.getCreatedAt());
        return mix(h, Checksum.strings(a.getRoles()));
    }
}
