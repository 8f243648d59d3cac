package dev.wirebench.codec;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;

/**
 * The record enums on the wire, for every codec: each format writes a constant's ordinal (its schema's values are
 * the ordinals, and each module's schema test holds it to that), and reads one back through {@link #of}, the one
 * check that an ordinal from the wire names a constant. The constants are cached here once: {@code values()}
 * clones its array on every call, which a decode must not pay for.
 */
public final class Ordinals {

    public static final Side[] SIDES = Side.values();
    public static final EntryType[] ENTRY_TYPES = EntryType.values();
    public static final OrdType[] ORD_TYPES = OrdType.values();
    public static final TimeInForce[] TIMES_IN_FORCE = TimeInForce.values();
    public static final ExecutionStatus[] EXECUTION_STATUSES = ExecutionStatus.values();
    public static final TriggerType[] TRIGGER_TYPES = TriggerType.values();
    public static final ApprovalDecision[] APPROVAL_DECISIONS = ApprovalDecision.values();
    public static final TransformationStatus[] TRANSFORMATION_STATUSES = TransformationStatus.values();

    private Ordinals() {
    }

    /**
     * The constant of {@code constants} (one of the cached arrays above) whose ordinal {@code ordinal} is.
     *
     * @param field names the field in the refusal, e.g. {@code "Order.side"}
     * @throws IllegalArgumentException when no constant has that ordinal: {@link AbstractMessageCodec} turns it into
     *                                  a {@link CodecException} naming the codec
     */
    public static <E> E of(E[] constants, int ordinal, String field) {
        return constants[check(ordinal, constants.length, field)];
    }

    /**
     * The constant of {@code constants} at the ordinal of {@code wire}, a generated enum that lists the same
     * constants in the same order and may have more after them. capnpc-java adds {@code _NOT_IN_SCHEMA}, which its
     * getters return for any number the schema lacks, without the number: the refusal names that constant.
     *
     * @throws IllegalArgumentException {@code "Order.side: _NOT_IN_SCHEMA is not a known value (0..1)"}
     */
    public static <E> E of(E[] constants, Enum<?> wire, String field) {
        return constants[check(wire, constants.length, field)];
    }

    /**
     * {@code ordinal}, checked to be one of an enum's {@code count} constants.
     *
     * @throws IllegalArgumentException {@code "Order.side: 7 is not a known value (0..1)"}
     */
    public static int check(int ordinal, int count, String field) {
        if (ordinal < 0 || ordinal >= count) {
            throw unknown(field, Integer.toString(ordinal), count);
        }
        return ordinal;
    }

    /** The ordinal of {@code wire} (see {@link #of(Object[], Enum, String)}), checked to be below {@code count}. */
    public static int check(Enum<?> wire, int count, String field) {
        int ordinal = wire.ordinal();
        if (ordinal >= count) {
            throw unknown(field, wire.name(), count);
        }
        return ordinal;
    }

    /** The one refusal wording, built only on the way out so the checks stay small enough to inline. */
    private static IllegalArgumentException unknown(String field, String value, int count) {
        return new IllegalArgumentException(field + ": " + value + " is not a known value (0.." + (count - 1) + ")");
    }
}
