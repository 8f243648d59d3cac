package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codecs.sbe.generated.ApprovalDecisionEnum;
import dev.wirebench.codecs.sbe.generated.BooleanType;
import dev.wirebench.codecs.sbe.generated.EntryTypeEnum;
import dev.wirebench.codecs.sbe.generated.ExecutionStatusEnum;
import dev.wirebench.codecs.sbe.generated.OrdTypeEnum;
import dev.wirebench.codecs.sbe.generated.SideEnum;
import dev.wirebench.codecs.sbe.generated.TimeInForceEnum;
import dev.wirebench.codecs.sbe.generated.TransformationStatusEnum;
import dev.wirebench.codecs.sbe.generated.TriggerTypeEnum;

import java.util.Arrays;
import java.util.function.ToIntFunction;

import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.ENTRY_TYPES;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.ORD_TYPES;
import static dev.wirebench.codec.Ordinals.SIDES;
import static dev.wirebench.codec.Ordinals.TIMES_IN_FORCE;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * The generated SBE twins of the record enums, indexed by the record ordinal, for encode: cached
 * once, as {@code values()} clones its array on every call. Decoding reads the raw byte and takes
 * the record constant from {@link Ordinals} (the schema's values are the ordinals), so the
 * generated {@code get(short)}, which throws a bare "Unknown value", is never used.
 */
final class Enums {

    static final SideEnum[] WIRE_SIDES = wire(SIDES, SideEnum.values(), SideEnum::value);
    static final EntryTypeEnum[] WIRE_ENTRY_TYPES = wire(ENTRY_TYPES, EntryTypeEnum.values(), EntryTypeEnum::value);
    static final OrdTypeEnum[] WIRE_ORD_TYPES = wire(ORD_TYPES, OrdTypeEnum.values(), OrdTypeEnum::value);
    static final TimeInForceEnum[] WIRE_TIMES_IN_FORCE =
            wire(TIMES_IN_FORCE, TimeInForceEnum.values(), TimeInForceEnum::value);
    static final ExecutionStatusEnum[] WIRE_EXECUTION_STATUSES =
            wire(EXECUTION_STATUSES, ExecutionStatusEnum.values(), ExecutionStatusEnum::value);
    static final TriggerTypeEnum[] WIRE_TRIGGER_TYPES =
            wire(TRIGGER_TYPES, TriggerTypeEnum.values(), TriggerTypeEnum::value);
    static final ApprovalDecisionEnum[] WIRE_APPROVAL_DECISIONS =
            wire(APPROVAL_DECISIONS, ApprovalDecisionEnum.values(), ApprovalDecisionEnum::value);
    static final TransformationStatusEnum[] WIRE_TRANSFORMATION_STATUSES =
            wire(TRANSFORMATION_STATUSES, TransformationStatusEnum.values(), TransformationStatusEnum::value);

    private Enums() {
    }

    static BooleanType wire(boolean value) {
        return value ? BooleanType.TRUE : BooleanType.FALSE;
    }

    /**
     * The generated constants by record ordinal, checked once at class load: a schema edit that
     * renames, reorders or renumbers a value fails here, not as silently wrong bytes.
     */
    private static <S extends Enum<S>> S[] wire(Enum<?>[] record, S[] generated, ToIntFunction<S> value) {
        if (generated.length < record.length) {
            throw new IllegalStateException("wirebench.xml has " + generated.length + " values for "
                    + record.getClass().getComponentType().getSimpleName() + ", the record enum " + record.length);
        }
        S[] byOrdinal = Arrays.copyOf(generated, record.length);
        for (Enum<?> constant : record) {
            S twin = byOrdinal[constant.ordinal()];
            if (!twin.name().equals(constant.name()) || value.applyAsInt(twin) != constant.ordinal()) {
                throw new IllegalStateException("wirebench.xml maps " + twin.name() + " to " + value.applyAsInt(twin)
                        + " where " + constant.getDeclaringClass().getSimpleName() + "." + constant.name()
                        + " has ordinal " + constant.ordinal());
            }
        }
        return byOrdinal;
    }
}
