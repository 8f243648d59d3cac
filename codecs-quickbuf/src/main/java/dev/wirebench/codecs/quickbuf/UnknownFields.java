package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Ordinals;
import us.hebi.quickbuf.ProtoMessage;
import us.hebi.quickbuf.ProtoSource;
import us.hebi.quickbuf.RepeatedByte;

import java.io.IOException;

/**
 * What the mappings make of the fields QuickBuffers keeps aside while parsing (the generator's
 * {@code store_unknown_fields=true}): the unknown bytes of every message the mappings read.
 *
 * <p>QuickBuffers treats enums as closed, as proto2 does: a number the enum lacks is not stored in
 * the field but moved to the message's unknown bytes, and the field reads as its first constant.
 * protobuf-java (proto3, open enums) keeps the number in the field, and codecs-protobuf rejects it.
 * {@link #check} finds such a number among the unknown bytes and rejects it the same way, with
 * {@link Ordinals}' wording, so that both modules refuse the same bytes. Fields the schema does not
 * know are skipped, as protobuf skips them.
 *
 * <p>It also notes that unknown bytes were met, for the codec: QuickBuffers 1.3.2's generated
 * {@code clear()} returns early when no has-bit is set, and so leaves the unknown bytes of a
 * message that held nothing else. Reused, such a message would carry them into the next parse; the
 * codec replaces its message instead (see {@link QuickbufCodec}).
 *
 * <p>An instance belongs to one mapping, so to one codec.
 */
final class UnknownFields {

    private static final int WIRETYPE_VARINT = 0;

    /** An enum field of a message: its number, its name for the refusal, and the record enum's size. */
    record EnumField(int number, String name, int count) {
    }

    private boolean seen;

    /** Notes the unknown bytes of {@code message}, a message without enum fields. */
    void note(ProtoMessage<?> message) {
        if (message.getUnknownBytes().length() != 0) {
            seen = true;
        }
    }

    /**
     * Notes the unknown bytes of {@code message} and rejects an enum number among them.
     *
     * @throws IllegalArgumentException {@code "OrderProto.side: 7 is not a known value (0..1)"}
     */
    void check(ProtoMessage<?> message, EnumField[] enums) {
        RepeatedByte unknown = message.getUnknownBytes();
        if (unknown.length() != 0) {
            seen = true;
            rejectUnknownEnums(unknown, enums);
        }
    }

    /** Whether unknown bytes were met since the last call. */
    boolean takeSeen() {
        boolean was = seen;
        seen = false;
        return was;
    }

    private static void rejectUnknownEnums(RepeatedByte unknown, EnumField[] enums) {
        // only here, for bytes with unknown fields: a source over QuickBuffers' own copy of them
        ProtoSource in = ProtoSource.newInstance(unknown);
        try {
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                EnumField field = (tag & 7) == WIRETYPE_VARINT ? find(enums, tag >>> 3) : null;
                if (field != null) {
                    // throws: QuickBuffers put the value here because the enum has no such number
                    Ordinals.check(in.readInt32(), field.count(), field.name());
                } else if (!in.skipField(tag)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("the unknown fields QuickBuffers kept do not parse", e);
        }
    }

    private static EnumField find(EnumField[] enums, int number) {
        for (EnumField field : enums) {
            if (field.number() == number) {
                return field;
            }
        }
        return null;
    }
}
