package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;

/**
 * The record enums' constants, cached once ({@code values()} clones its array on every call). The
 * schema's enum values are the record ordinals, so encode writes {@code ordinal()} and decode
 * indexes these arrays by the wire value after {@link FlatBuffersCodec#ordinal} has checked it;
 * {@code SchemaEnumsTest} holds the schema to that.
 */
final class Enums {

    static final Side[] SIDES = Side.values();
    static final EntryType[] ENTRY_TYPES = EntryType.values();
    static final OrdType[] ORD_TYPES = OrdType.values();
    static final TimeInForce[] TIMES_IN_FORCE = TimeInForce.values();
    static final ExecutionStatus[] EXECUTION_STATUSES = ExecutionStatus.values();
    static final TriggerType[] TRIGGER_TYPES = TriggerType.values();
    static final ApprovalDecision[] APPROVAL_DECISIONS = ApprovalDecision.values();
    static final TransformationStatus[] TRANSFORMATION_STATUSES = TransformationStatus.values();

    private Enums() {
    }
}
