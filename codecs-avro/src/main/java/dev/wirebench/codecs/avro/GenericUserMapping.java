package dev.wirebench.codecs.avro;

import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.avro.generated.UserAvro;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Checksum.strings;
import static dev.wirebench.codecs.avro.GenericSchemas.pos;

/** {@link User} ↔ a {@link GenericData.Record} of {@code user.avsc}, and the checksum of a read one. */
final class GenericUserMapping {

    static final Schema SCHEMA = UserAvro.getClassSchema();
    private static final int ID = pos(SCHEMA, "id");
    private static final int USERNAME = pos(SCHEMA, "username");
    private static final int EMAIL = pos(SCHEMA, "email");
    private static final int AGE = pos(SCHEMA, "age");
    private static final int ACTIVE = pos(SCHEMA, "active");
    private static final int CREATED_AT = pos(SCHEMA, "createdAt");
    private static final int ROLES = pos(SCHEMA, "roles");

    private GenericUserMapping() {
    }

    static GenericData.Record toGeneric(User u) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put(ID, u.id());
        r.put(USERNAME, u.username());
        r.put(EMAIL, u.email());
        r.put(AGE, u.age());
        r.put(ACTIVE, u.active());
        r.put(CREATED_AT, u.createdAt());
        r.put(ROLES, u.roles()); // the record's unmodifiable list: Avro only reads it
        return r;
    }

    static User toRecord(GenericData.Record r) {
        return new User((Long) r.get(ID), (String) r.get(USERNAME), (String) r.get(EMAIL), (Integer) r.get(AGE),
                (Boolean) r.get(ACTIVE), (Long) r.get(CREATED_AT), roles(r));
    }

    /** {@code Checksum.of(toRecord(r))}, without building the record. */
    static long checksum(GenericData.Record r) {
        long h = SEED;
        h = mix(h, (Long) r.get(ID));
        h = mix(h, string((String) r.get(USERNAME)));
        h = mix(h, string((String) r.get(EMAIL)));
        h = mix(h, (Integer) r.get(AGE));
        h = mix(h, (Boolean) r.get(ACTIVE));
        h = mix(h, (Long) r.get(CREATED_AT));
        return mix(h, strings(roles(r)));
    }

    @SuppressWarnings("unchecked") // an array of strings read with "avro.java.string": "String" holds Strings
    private static List<String> roles(GenericData.Record r) {
        return (List<String>) r.get(ROLES);
    }
}
