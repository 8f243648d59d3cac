package dev.wirebench.codecs.thrift;

import dev.wirebench.codecs.thrift.generated.ApprovalDecision;
import dev.wirebench.codecs.thrift.generated.EntryType;
import dev.wirebench.codecs.thrift.generated.ExecutionStatus;
import dev.wirebench.codecs.thrift.generated.OrdType;
import dev.wirebench.codecs.thrift.generated.Side;
import dev.wirebench.codecs.thrift.generated.TimeInForce;
import dev.wirebench.codecs.thrift.generated.TransformationStatus;
import dev.wirebench.codecs.thrift.generated.TriggerType;

/**
 * The generated enums' constants, cached once ({@code values()} clones its array on every call) and indexed by a
 * record constant's ordinal on the way out: the schema lists each enum in the record's order with values equal to
 * the ordinals, which {@code SchemaEnumsTest} holds it to. The way in goes by value, through codec-api's
 * {@code Ordinals} ({@link Reads#constant}).
 */
final class ThriftEnums {

    static final Side[] SIDES = Side.values();
    static final EntryType[] ENTRY_TYPES = EntryType.values();
    static final OrdType[] ORD_TYPES = OrdType.values();
    static final TimeInForce[] TIMES_IN_FORCE = TimeInForce.values();
    static final ExecutionStatus[] EXECUTION_STATUSES = ExecutionStatus.values();
    static final TriggerType[] TRIGGER_TYPES = TriggerType.values();
    static final ApprovalDecision[] APPROVAL_DECISIONS = ApprovalDecision.values();
    static final TransformationStatus[] TRANSFORMATION_STATUSES = TransformationStatus.values();

    private ThriftEnums() {
    }
}
