package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codecs.protobuf.generated.InfrastructureExecutionProto;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} ↔ {@link InfrastructureExecutionProto}, and the
 * {@link Checksum} read straight from a parsed message. Every format of this module that goes
 * through the generated message uses this one mapping; {@link ApprovalMapping} and
 * {@link TransformationMapping} carry the nested messages.
 *
 * <p>Times are {@code google.protobuf.Timestamp}s; a time of 0 ("not yet") is left out of the
 * message (see {@link EpochNanos}).
 */
final class InfrastructureExecutionMapping {

    private InfrastructureExecutionMapping() {
    }

    static InfrastructureExecutionProto toProto(InfrastructureExecution x) {
        InfrastructureExecutionProto.Builder b = InfrastructureExecutionProto.newBuilder()
                .setExecutionId(x.executionId())
                .setPipelineId(x.pipelineId())
                .setProjectId(x.projectId())
                .setStatusValue(x.status().ordinal())
                .setTriggerValue(x.trigger().ordinal());
        if (x.startedAt() != 0) {
            b.setStartedAt(EpochNanos.toTimestamp(x.startedAt()));
        }
        if (x.stoppedAt() != 0) {
            b.setStoppedAt(EpochNanos.toTimestamp(x.stoppedAt()));
        }
        if (x.approvedAt() != 0) {
            b.setApprovedAt(EpochNanos.toTimestamp(x.approvedAt()));
        }
        List<String> instanceIds = x.instanceIds();
        for (int i = 0; i < instanceIds.size(); i++) {
            b.addInstanceIds(instanceIds.get(i));
        }
        List<Approval> approvals = x.approvals();
        for (int i = 0; i < approvals.size(); i++) {
            b.addApprovals(ApprovalMapping.toProto(approvals.get(i)));
        }
        List<Transformation> transformations = x.transformations();
        for (int i = 0; i < transformations.size(); i++) {
            b.addTransformations(TransformationMapping.toProto(transformations.get(i)));
        }
        // the record's maps keep insertion order, and protobuf-java writes map entries in the
        // order they were put, so equal records encode to equal bytes
        return b.putAllMetadata(x.metadata())
                .putAllOutputs(x.outputs())
                .setDryRun(x.dryRun())
                .setRollbackOnFailure(x.rollbackOnFailure())
                .setApprovalRequired(x.approvalRequired())
                .setErrorMessage(x.errorMessage())
                .build();
    }

    static InfrastructureExecution toRecord(InfrastructureExecutionProto p) {
        List<Approval> approvals = new ArrayList<>(p.getApprovalsCount());
        for (int i = 0; i < p.getApprovalsCount(); i++) {
            approvals.add(ApprovalMapping.toRecord(p.getApprovals(i)));
        }
        List<Transformation> transformations = new ArrayList<>(p.getTransformationsCount());
        for (int i = 0; i < p.getTransformationsCount(); i++) {
            transformations.add(TransformationMapping.toRecord(p.getTransformations(i)));
        }
        // the record copies lists and maps, so the parsed ones are handed over as they are
        return new InfrastructureExecution(p.getExecutionId(), p.getPipelineId(), p.getProjectId(),
                status(p), trigger(p), startedAt(p), stoppedAt(p), approvedAt(p),
                p.getInstanceIdsList(), approvals, transformations, p.getMetadataMap(), p.getOutputsMap(),
                p.getDryRun(), p.getRollbackOnFailure(), p.getApprovalRequired(), p.getErrorMessage());
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(InfrastructureExecutionProto p) {
        long h = SEED;
        h = mix(h, string(p.getExecutionId()));
        h = mix(h, string(p.getPipelineId()));
        h = mix(h, string(p.getProjectId()));
        h = mix(h, status(p).ordinal());
        h = mix(h, trigger(p).ordinal());
        h = mix(h, startedAt(p));
        h = mix(h, stoppedAt(p));
        h = mix(h, approvedAt(p));
        h = mix(h, Checksum.strings(p.getInstanceIdsList()));
        long approvals = listStart(p.getApprovalsCount());
        for (int i = 0; i < p.getApprovalsCount(); i++) {
            approvals = mix(approvals, ApprovalMapping.checksum(p.getApprovals(i)));
        }
        h = mix(h, approvals);
        long transformations = listStart(p.getTransformationsCount());
        for (int i = 0; i < p.getTransformationsCount(); i++) {
            transformations = mix(transformations, TransformationMapping.checksum(p.getTransformations(i)));
        }
        h = mix(h, transformations);
        // a sum of Checksum.mapEntry over the entries: the order the parsed map holds them in does not matter
        h = mix(h, Checksum.map(p.getMetadataMap()));
        h = mix(h, Checksum.map(p.getOutputsMap()));
        h = mix(h, p.getDryRun());
        h = mix(h, p.getRollbackOnFailure());
        h = mix(h, p.getApprovalRequired());
        return mix(h, string(p.getErrorMessage()));
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static ExecutionStatus status(InfrastructureExecutionProto p) {
        return Ordinals.of(EXECUTION_STATUSES, p.getStatusValue(), "InfrastructureExecutionProto.status");
    }

    private static TriggerType trigger(InfrastructureExecutionProto p) {
        return Ordinals.of(TRIGGER_TYPES, p.getTriggerValue(), "InfrastructureExecutionProto.trigger");
    }

    private static long startedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getStartedAt(), "InfrastructureExecutionProto.started_at");
    }

    private static long stoppedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getStoppedAt(), "InfrastructureExecutionProto.stopped_at");
    }

    private static long approvedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getApprovedAt(), "InfrastructureExecutionProto.approved_at");
    }
}
