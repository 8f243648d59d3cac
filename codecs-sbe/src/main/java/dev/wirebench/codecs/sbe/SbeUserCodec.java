package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.sbe.generated.UserDecoder;
import dev.wirebench.codecs.sbe.generated.UserDecoder.RolesDecoder;
import dev.wirebench.codecs.sbe.generated.UserEncoder;
import dev.wirebench.codecs.sbe.generated.UserEncoder.RolesEncoder;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/** {@link User} as the SBE message {@code User}: roles as a group of var-data entries. */
final class SbeUserCodec extends SbeCodec<User> {

    private final UserEncoder encoder = new UserEncoder();
    private final UserDecoder decoder = new UserDecoder();

    SbeUserCodec() {
        super(MessageType.USER, "User", UserEncoder.TEMPLATE_ID, UserEncoder.BLOCK_LENGTH);
    }

    @Override
    protected int encode(User user, ByteBuffer dst, int offset, int limit) {
        encoder.wrapAndApplyHeader(wrapForEncode(dst, offset, limit), 0, headerEncoder)
                .id(user.id())
                .createdAt(user.createdAt())
                .age(user.age())
                .active(Enums.wire(user.active()));
        List<String> roles = user.roles();
        RolesEncoder group = encoder.rolesCount(groupSize(roles.size(), "roles"));
        for (int i = 0; i < roles.size(); i++) {
            group.next().putRole(scratch, 0, utf8(roles.get(i), "role"));
        }
        encoder.putUsername(scratch, 0, utf8(user.username(), "username"));
        encoder.putEmail(scratch, 0, utf8(user.email(), "email"));
        return BODY + encoder.encodedLength();
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long id = decoder.id();
        long createdAt = decoder.createdAt();
        int age = decoder.age();
        boolean active = bool(decoder.activeRaw(), "active");
        RolesDecoder group = roles();
        List<String> roles = new ArrayList<>(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            roles.add(string(group.next().getRole(scratch, 0, scratch.length)));
        }
        String username = string(decoder.getUsername(scratch, 0, scratch.length));
        String email = string(decoder.getEmail(scratch, 0, scratch.length));
        checkEnd(decoder.encodedLength(), length);
        return new User(id, username, email, age, active, createdAt, roles);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long id = decoder.id();
        long createdAt = decoder.createdAt();
        int age = decoder.age();
        boolean active = bool(decoder.activeRaw(), "active");
        RolesDecoder group = roles();
        long roles = Checksum.listStart(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            roles = mix(roles, hashString(decoder.limit(), group.skipRole()));
        }
        long username = hashString(decoder.limit(), decoder.skipUsername());
        long email = hashString(decoder.limit(), decoder.skipEmail());
        checkEnd(decoder.encodedLength(), length);
        long h = mix(SEED, id);
        h = mix(h, username);
        h = mix(h, email);
        h = mix(h, age);
        h = mix(h, active);
        h = mix(h, createdAt);
        return mix(h, roles);
    }

    private RolesDecoder roles() {
        RolesDecoder group = decoder.roles();
        checkGroup(group.actingBlockLength(), RolesDecoder.sbeBlockLength(), "roles");
        return group;
    }

    private void wrap(ByteBuffer src, int offset, int length) {
        decoder.wrap(wrapForDecode(src, offset, length), BODY, UserDecoder.BLOCK_LENGTH, UserDecoder.SCHEMA_VERSION);
    }
}
