package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.colfer.generated.UserColfer;

import java.util.List;

/** {@link User} ↔ {@link UserColfer}. */
final class UserMapping implements ColferMapping<User, UserColfer> {

    private static final String[] NO_STRINGS = {};

    @Override
    public UserColfer newStruct() {
        return new UserColfer();
    }

    @Override
    public void fill(UserColfer s, User u) {
        s.id = u.id();
        s.username = u.username();
        s.email = u.email();
        s.age = u.age();
        s.active = u.active();
        s.createdAt = u.createdAt();
        s.roles = ColferArrays.strings(s.roles, u.roles());
    }

    @Override
    public int marshal(UserColfer s, byte[] buf, int offset) {
        return s.marshal(buf, offset);
    }

    @Override
    public void reset(UserColfer s) {
        s.id = 0;
        s.username = "";
        s.email = "";
        s.age = 0;
        s.active = false;
        s.createdAt = 0;
        s.roles = NO_STRINGS;
    }

    @Override
    public int unmarshal(UserColfer s, byte[] buf, int offset, int end) {
        return s.unmarshal(buf, offset, end);
    }

    @Override
    public User toRecord(UserColfer s) {
        return new User(s.id, s.username, s.email, s.age, s.active, s.createdAt, List.of(s.roles));
    }

    @Override
    public long checksum(UserColfer s) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, s.id);
        h = Checksum.mix(h, Checksum.string(s.username));
        h = Checksum.mix(h, Checksum.string(s.email));
        h = Checksum.mix(h, s.age);
        h = Checksum.mix(h, s.active);
        h = Checksum.mix(h, s.createdAt);
        return Checksum.mix(h, ColferArrays.checksum(s.roles));
    }

    @Override
    public int sizeMax() {
        return UserColfer.colferSizeMax;
    }
}
