package dev.wirebench.codecs.avro;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.avro.generated.ApprovalAvro;
import dev.wirebench.codecs.avro.generated.ApprovalDecisionAvro;
import dev.wirebench.codecs.avro.generated.ExecutionStatusAvro;
import dev.wirebench.codecs.avro.generated.InfrastructureExecutionAvro;
import dev.wirebench.codecs.avro.generated.TransformationAvro;
import dev.wirebench.codecs.avro.generated.TransformationOutputAvro;
import dev.wirebench.codecs.avro.generated.TransformationStatusAvro;
import dev.wirebench.codecs.avro.generated.TriggerTypeAvro;
import dev.wirebench.codecs.avro.generated.UserInfoAvro;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} ↔ {@link InfrastructureExecutionAvro} with its nested approvals (and their
 * {@link UserInfo}), transformations and outputs, and the checksum of a read datum. Times are plain epoch
 * nanoseconds on both sides.
 */
final class InfrastructureExecutionMapping {

    private static final ExecutionStatusAvro[] AVRO_STATUSES = ExecutionStatusAvro.values();
    private static final TriggerTypeAvro[] AVRO_TRIGGERS = TriggerTypeAvro.values();
    private static final ApprovalDecisionAvro[] AVRO_DECISIONS = ApprovalDecisionAvro.values();
    private static final TransformationStatusAvro[] AVRO_TRANSFORMATION_STATUSES = TransformationStatusAvro.values();

    private InfrastructureExecutionMapping() {
    }

    static InfrastructureExecutionAvro toAvro(InfrastructureExecution x) {
        List<Approval> approvals = x.approvals();
        List<ApprovalAvro> avroApprovals = new ArrayList<>(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            avroApprovals.add(toAvro(approvals.get(i)));
        }
        List<Transformation> transformations = x.transformations();
        List<TransformationAvro> avroTransformations = new ArrayList<>(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            avroTransformations.add(toAvro(transformations.get(i)));
        }
        InfrastructureExecutionAvro a = new InfrastructureExecutionAvro();
        a.setExecutionId(x.executionId());
        a.setPipelineId(x.pipelineId());
        a.setProjectId(x.projectId());
        a.setStatus(AVRO_STATUSES[x.status().ordinal()]);
        a.setTrigger(AVRO_TRIGGERS[x.trigger().ordinal()]);
        a.setStartedAt(x.startedAt());
        a.setStoppedAt(x.stoppedAt());
        a.setApprovedAt(x.approvedAt());
        a.setInstanceIds(x.instanceIds());
        a.setApprovals(avroApprovals);
        a.setTransformations(avroTransformations);
        // the record's maps keep insertion order, and Avro writes a map in its iteration order, so equal records
        // encode to equal bytes
        a.setMetadata(x.metadata());
        a.setOutputs(x.outputs());
        a.setDryRun(x.dryRun());
        a.setRollbackOnFailure(x.rollbackOnFailure());
        a.setApprovalRequired(x.approvalRequired());
        a.setErrorMessage(x.errorMessage());
        return a;
    }

    private static ApprovalAvro toAvro(Approval approval) {
        UserInfo u = approval.approver();
        UserInfoAvro approver = new UserInfoAvro();
        approver.setUserId(u.userId());
        approver.setDisplayName(u.displayName());
        approver.setEmail(u.email());
        approver.setTeam(u.team());
        ApprovalAvro a = new ApprovalAvro();
        a.setApprover(approver);
        a.setDecision(AVRO_DECISIONS[approval.decision().ordinal()]);
        a.setDecidedAt(approval.decidedAt());
        a.setComment(approval.comment());
        return a;
    }

    private static TransformationAvro toAvro(Transformation t) {
        List<TransformationOutput> outputs = t.outputs();
        List<TransformationOutputAvro> avroOutputs = new ArrayList<>(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutput o = outputs.get(i);
            TransformationOutputAvro output = new TransformationOutputAvro();
            output.setName(o.name());
            output.setUri(o.uri());
            output.setSizeBytes(o.sizeBytes());
            avroOutputs.add(output);
        }
        TransformationAvro a = new TransformationAvro();
        a.setName(t.name());
        a.setStatus(AVRO_TRANSFORMATION_STATUSES[t.status().ordinal()]);
        a.setStartedAt(t.startedAt());
        a.setFinishedAt(t.finishedAt());
        a.setOutputs(avroOutputs);
        return a;
    }

    static InfrastructureExecution toRecord(InfrastructureExecutionAvro a) {
        List<ApprovalAvro> avroApprovals = a.getApprovals();
        List<Approval> approvals = new ArrayList<>(avroApprovals.size());
        for (int i = 0; i < avroApprovals.size(); i++) {
            approvals.add(toRecord(avroApprovals.get(i)));
        }
        List<TransformationAvro> avroTransformations = a.getTransformations();
        List<Transformation> transformations = new ArrayList<>(avroTransformations.size());
        for (int i = 0; i < avroTransformations.size(); i++) {
            transformations.add(toRecord(avroTransformations.get(i)));
        }
        // the record copies lists and maps (Avro reads a map into a HashMap; the record's copy is a LinkedHashMap,
        // and map equality ignores order), so the read ones are handed over as they are
        return new InfrastructureExecution(a.getExecutionId(), a.getPipelineId(), a.getProjectId(), status(a),
                trigger(a), a.getStartedAt(), a.getStoppedAt(), a.getApprovedAt(), a.getInstanceIds(), approvals,
                transformations, a.getMetadata(), a.getOutputs(), a.getDryRun(), a.getRollbackOnFailure(),
                a.getApprovalRequired(), a.getErrorMessage());
    }

    private static Approval toRecord(ApprovalAvro a) {
        UserInfoAvro u = a.getApprover();
        return new Approval(new UserInfo(u.getUserId(), u.getDisplayName(), u.getEmail(), u.getTeam()),
                decision(a), a.getDecidedAt(), a.getComment());
    }

    private static Transformation toRecord(TransformationAvro a) {
        List<TransformationOutputAvro> avroOutputs = a.getOutputs();
        List<TransformationOutput> outputs = new ArrayList<>(avroOutputs.size());
        for (int i = 0; i < avroOutputs.size(); i++) {
            TransformationOutputAvro o = avroOutputs.get(i);
            outputs.add(new TransformationOutput(o.getName(), o.getUri(), o.getSizeBytes()));
        }
        return new Transformation(a.getName(), status(a), a.getStartedAt(), a.getFinishedAt(), outputs);
    }

    /** {@code Checksum.of(toRecord(a))}, without building the record. */
    static long checksum(InfrastructureExecutionAvro a) {
        long h = SEED;
        h = mix(h, string(a.getExecutionId()));
        h = mix(h, string(a.getPipelineId()));
        h = mix(h, string(a.getProjectId()));
        h = mix(h, status(a).ordinal());
        h = mix(h, trigger(a).ordinal());
        h = mix(h, a.getStartedAt());
        h = mix(h, a.getStoppedAt());
        h = mix(h, a.getApprovedAt());
        h = mix(h, Checksum.strings(a.getInstanceIds()));
        List<ApprovalAvro> approvals = a.getApprovals();
        long approvalsHash = listStart(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            approvalsHash = mix(approvalsHash, checksum(approvals.get(i)));
        }
        h = mix(h, approvalsHash);
        List<TransformationAvro> transformations = a.getTransformations();
        long transformationsHash = listStart(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            transformationsHash = mix(transformationsHash, checksum(transformations.get(i)));
        }
        h = mix(h, transformationsHash);
        // a sum over the entries: the order of the HashMap Avro reads into does not matter
        h = mix(h, Checksum.map(a.getMetadata()));
        h = mix(h, Checksum.map(a.getOutputs()));
        h = mix(h, a.getDryRun());
        h = mix(h, a.getRollbackOnFailure());
        h = mix(h, a.getApprovalRequired());
        return mix(h, string(a.getErrorMessage()));
    }

    private static long checksum(ApprovalAvro a) {
        UserInfoAvro u = a.getApprover();
        long approver = SEED;
        approver = mix(approver, string(u.getUserId()));
        approver = mix(approver, string(u.getDisplayName()));
        approver = mix(approver, string(u.getEmail()));
        approver = mix(approver, string(u.getTeam()));
        long h = SEED;
        h = mix(h, approver);
        h = mix(h, decision(a).ordinal());
        h = mix(h, a.getDecidedAt());
        return mix(h, string(a.getComment()));
    }

    private static long checksum(TransformationAvro a) {
        long h = SEED;
        h = mix(h, string(a.getName()));
        h = mix(h, status(a).ordinal());
        h = mix(h, a.getStartedAt());
        h = mix(h, a.getFinishedAt());
        List<TransformationOutputAvro> outputs = a.getOutputs();
        long outputsHash = listStart(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutputAvro o = outputs.get(i);
            long output = SEED;
            output = mix(output, string(o.getName()));
            output = mix(output, string(o.getUri()));
            output = mix(output, o.getSizeBytes());
            outputsHash = mix(outputsHash, output);
        }
        return mix(h, outputsHash);
    }

    // The generated enums list the record's constants in the same order (SchemaEnumsTest), so the ordinal maps.

    private static ExecutionStatus status(InfrastructureExecutionAvro a) {
        return Ordinals.of(EXECUTION_STATUSES, a.getStatus(), "InfrastructureExecutionAvro.status");
    }

    private static TriggerType trigger(InfrastructureExecutionAvro a) {
        return Ordinals.of(TRIGGER_TYPES, a.getTrigger(), "InfrastructureExecutionAvro.trigger");
    }

    private static ApprovalDecision decision(ApprovalAvro a) {
        return Ordinals.of(APPROVAL_DECISIONS, a.getDecision(), "ApprovalAvro.decision");
    }

    private static TransformationStatus status(TransformationAvro a) {
        return Ordinals.of(TRANSFORMATION_STATUSES, a.getStatus(), "TransformationAvro.status");
    }
}
