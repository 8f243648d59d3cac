package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.thrift.generated.ApprovalThrift;
import dev.wirebench.codecs.thrift.generated.InfrastructureExecutionThrift;
import dev.wirebench.codecs.thrift.generated.TransformationOutputThrift;
import dev.wirebench.codecs.thrift.generated.TransformationThrift;
import dev.wirebench.codecs.thrift.generated.UserInfoThrift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;
import static dev.wirebench.codecs.thrift.Reads.constant;
import static dev.wirebench.codecs.thrift.Reads.present;

/**
 * {@link InfrastructureExecution} ↔ {@link InfrastructureExecutionThrift}, with its nested approvals (and their
 * {@link UserInfo}), transformations and outputs, and the {@link Checksum} read from a struct.
 *
 * <p>The record's string lists and maps are immutable and are handed to the struct as they are: writing only
 * iterates them, and a map in its insertion order, so equal records write equal bytes. The generated reader puts
 * a map's entries into a {@code HashMap}: the record keeps that order, and map equality and the checksum ignore it.
 */
final class InfrastructureExecutionMapping {

    private InfrastructureExecutionMapping() {
    }

    static InfrastructureExecutionThrift toThrift(InfrastructureExecution x) {
        List<Approval> approvals = x.approvals();
        List<ApprovalThrift> approvalStructs = new ArrayList<>(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            approvalStructs.add(toThrift(approvals.get(i)));
        }
        List<Transformation> transformations = x.transformations();
        List<TransformationThrift> transformationStructs = new ArrayList<>(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            transformationStructs.add(toThrift(transformations.get(i)));
        }
        return new InfrastructureExecutionThrift(x.executionId(), x.pipelineId(), x.projectId(),
                ThriftEnums.EXECUTION_STATUSES[x.status().ordinal()], ThriftEnums.TRIGGER_TYPES[x.trigger().ordinal()],
                x.startedAt(), x.stoppedAt(), x.approvedAt(), x.instanceIds(), approvalStructs, transformationStructs,
                x.metadata(), x.outputs(), x.dryRun(), x.rollbackOnFailure(), x.approvalRequired(), x.errorMessage());
    }

    private static ApprovalThrift toThrift(Approval a) {
        UserInfo u = a.approver();
        return new ApprovalThrift(new UserInfoThrift(u.userId(), u.displayName(), u.email(), u.team()),
                ThriftEnums.APPROVAL_DECISIONS[a.decision().ordinal()], a.decidedAt(), a.comment());
    }

    private static TransformationThrift toThrift(Transformation t) {
        List<TransformationOutput> outputs = t.outputs();
        List<TransformationOutputThrift> structs = new ArrayList<>(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutput o = outputs.get(i);
            structs.add(new TransformationOutputThrift(o.name(), o.uri(), o.sizeBytes()));
        }
        return new TransformationThrift(t.name(), ThriftEnums.TRANSFORMATION_STATUSES[t.status().ordinal()],
                t.startedAt(), t.finishedAt(), structs);
    }

    static InfrastructureExecution toRecord(InfrastructureExecutionThrift t) {
        // fields are checked in the record's order, as checksum checks them: both name the same first fault
        String executionId = executionId(t);
        String pipelineId = pipelineId(t);
        String projectId = projectId(t);
        ExecutionStatus status = status(t);
        TriggerType trigger = trigger(t);
        List<String> instanceIds = instanceIds(t);
        List<ApprovalThrift> approvalStructs = approvals(t);
        List<Approval> approvals = new ArrayList<>(approvalStructs.size());
        for (int i = 0; i < approvalStructs.size(); i++) {
            approvals.add(toRecord(approvalStructs.get(i)));
        }
        List<TransformationThrift> transformationStructs = transformations(t);
        List<Transformation> transformations = new ArrayList<>(transformationStructs.size());
        for (int i = 0; i < transformationStructs.size(); i++) {
            transformations.add(toRecord(transformationStructs.get(i)));
        }
        // the record copies lists and maps, so the struct's are handed over as they are
        return new InfrastructureExecution(executionId, pipelineId, projectId, status, trigger,
                t.getStartedAt(), t.getStoppedAt(), t.getApprovedAt(), instanceIds, approvals, transformations,
                metadata(t), outputs(t), t.isDryRun(), t.isRollbackOnFailure(), t.isApprovalRequired(), errorMessage(t));
    }

    private static Approval toRecord(ApprovalThrift a) {
        UserInfoThrift u = approver(a);
        return new Approval(new UserInfo(userId(u), displayName(u), email(u), team(u)), decision(a), a.getDecidedAt(),
                comment(a));
    }

    private static Transformation toRecord(TransformationThrift t) {
        String name = name(t);
        TransformationStatus status = status(t);
        List<TransformationOutputThrift> structs = outputs(t);
        List<TransformationOutput> outputs = new ArrayList<>(structs.size());
        for (int i = 0; i < structs.size(); i++) {
            TransformationOutputThrift o = structs.get(i);
            outputs.add(new TransformationOutput(name(o), uri(o), o.getSizeBytes()));
        }
        return new Transformation(name, status, t.getStartedAt(), t.getFinishedAt(), outputs);
    }

    /** {@code Checksum.of(toRecord(t))}, without building the record. */
    static long checksum(InfrastructureExecutionThrift t) {
        long h = SEED;
        h = mix(h, string(executionId(t)));
        h = mix(h, string(pipelineId(t)));
        h = mix(h, string(projectId(t)));
        h = mix(h, status(t).ordinal());
        h = mix(h, trigger(t).ordinal());
        h = mix(h, t.getStartedAt());
        h = mix(h, t.getStoppedAt());
        h = mix(h, t.getApprovedAt());
        h = mix(h, Checksum.strings(instanceIds(t)));
        List<ApprovalThrift> approvalStructs = approvals(t);
        long approvals = listStart(approvalStructs.size());
        for (int i = 0; i < approvalStructs.size(); i++) {
            approvals = mix(approvals, checksum(approvalStructs.get(i)));
        }
        h = mix(h, approvals);
        List<TransformationThrift> transformationStructs = transformations(t);
        long transformations = listStart(transformationStructs.size());
        for (int i = 0; i < transformationStructs.size(); i++) {
            transformations = mix(transformations, checksum(transformationStructs.get(i)));
        }
        h = mix(h, transformations);
        // a sum of Checksum.mapEntry over the entries: the HashMap's order does not matter
        h = mix(h, Checksum.map(metadata(t)));
        h = mix(h, Checksum.map(outputs(t)));
        h = mix(h, t.isDryRun());
        h = mix(h, t.isRollbackOnFailure());
        h = mix(h, t.isApprovalRequired());
        return mix(h, string(errorMessage(t)));
    }

    private static long checksum(ApprovalThrift a) {
        UserInfoThrift u = approver(a);
        long user = SEED;
        user = mix(user, string(userId(u)));
        user = mix(user, string(displayName(u)));
        user = mix(user, string(email(u)));
        user = mix(user, string(team(u)));
        long h = SEED;
        h = mix(h, user);
        h = mix(h, decision(a).ordinal());
        h = mix(h, a.getDecidedAt());
        return mix(h, string(comment(a)));
    }

    private static long checksum(TransformationThrift t) {
        long h = SEED;
        h = mix(h, string(name(t)));
        h = mix(h, status(t).ordinal());
        h = mix(h, t.getStartedAt());
        h = mix(h, t.getFinishedAt());
        List<TransformationOutputThrift> structs = outputs(t);
        long outputs = listStart(structs.size());
        for (int i = 0; i < structs.size(); i++) {
            TransformationOutputThrift o = structs.get(i);
            long output = SEED;
            output = mix(output, string(name(o)));
            output = mix(output, string(uri(o)));
            outputs = mix(outputs, mix(output, o.getSizeBytes()));
        }
        return mix(h, outputs);
    }

    // Checked reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static String executionId(InfrastructureExecutionThrift t) {
        return present(t.getExecutionId(), "InfrastructureExecutionThrift.executionId");
    }

    private static String pipelineId(InfrastructureExecutionThrift t) {
        return present(t.getPipelineId(), "InfrastructureExecutionThrift.pipelineId");
    }

    private static String projectId(InfrastructureExecutionThrift t) {
        return present(t.getProjectId(), "InfrastructureExecutionThrift.projectId");
    }

    private static ExecutionStatus status(InfrastructureExecutionThrift t) {
        return constant(EXECUTION_STATUSES, t.getStatus(), "InfrastructureExecutionThrift.status");
    }

    private static TriggerType trigger(InfrastructureExecutionThrift t) {
        return constant(TRIGGER_TYPES, t.getTrigger(), "InfrastructureExecutionThrift.trigger");
    }

    private static List<String> instanceIds(InfrastructureExecutionThrift t) {
        return present(t.getInstanceIds(), "InfrastructureExecutionThrift.instanceIds");
    }

    private static List<ApprovalThrift> approvals(InfrastructureExecutionThrift t) {
        return present(t.getApprovals(), "InfrastructureExecutionThrift.approvals");
    }

    private static List<TransformationThrift> transformations(InfrastructureExecutionThrift t) {
        return present(t.getTransformations(), "InfrastructureExecutionThrift.transformations");
    }

    private static Map<String, String> metadata(InfrastructureExecutionThrift t) {
        return present(t.getMetadata(), "InfrastructureExecutionThrift.metadata");
    }

    private static Map<String, String> outputs(InfrastructureExecutionThrift t) {
        return present(t.getOutputs(), "InfrastructureExecutionThrift.outputs");
    }

    private static String errorMessage(InfrastructureExecutionThrift t) {
        return present(t.getErrorMessage(), "InfrastructureExecutionThrift.errorMessage");
    }

    private static UserInfoThrift approver(ApprovalThrift a) {
        return present(a.getApprover(), "ApprovalThrift.approver");
    }

    private static ApprovalDecision decision(ApprovalThrift a) {
        return constant(APPROVAL_DECISIONS, a.getDecision(), "ApprovalThrift.decision");
    }

    private static String comment(ApprovalThrift a) {
        return present(a.getComment(), "ApprovalThrift.comment");
    }

    private static String userId(UserInfoThrift u) {
        return present(u.getUserId(), "UserInfoThrift.userId");
    }

    private static String displayName(UserInfoThrift u) {
        return present(u.getDisplayName(), "UserInfoThrift.displayName");
    }

    private static String email(UserInfoThrift u) {
        return present(u.getEmail(), "UserInfoThrift.email");
    }

    private static String team(UserInfoThrift u) {
        return present(u.getTeam(), "UserInfoThrift.team");
    }

    private static String name(TransformationThrift t) {
        return present(t.getName(), "TransformationThrift.name");
    }

    private static TransformationStatus status(TransformationThrift t) {
        return constant(TRANSFORMATION_STATUSES, t.getStatus(), "TransformationThrift.status");
    }

    private static List<TransformationOutputThrift> outputs(TransformationThrift t) {
        return present(t.getOutputs(), "TransformationThrift.outputs");
    }

    private static String name(TransformationOutputThrift o) {
        return present(o.getName(), "TransformationOutputThrift.name");
    }

    private static String uri(TransformationOutputThrift o) {
        return present(o.getUri(), "TransformationOutputThrift.uri");
    }
}
