package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.capnp.generated.InfrastructureExecutionSchema;
import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;
import org.capnproto.StructList;
import org.capnproto.TextList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} ↔ {@code InfrastructureExecutionSchema.InfrastructureExecution},
 * with its approvals, transformations and the two string maps (lists of {@code Entry} structs in
 * the maps' insertion order).
 */
final class InfrastructureExecutionMapping
        implements CapnpMapping<InfrastructureExecution, InfrastructureExecutionSchema.InfrastructureExecution.Reader> {

    private static final InfrastructureExecutionSchema.ExecutionStatus[] WIRE_STATUSES =
            InfrastructureExecutionSchema.ExecutionStatus.values();
    private static final InfrastructureExecutionSchema.TriggerType[] WIRE_TRIGGERS =
            InfrastructureExecutionSchema.TriggerType.values();
    private static final InfrastructureExecutionSchema.ApprovalDecision[] WIRE_DECISIONS =
            InfrastructureExecutionSchema.ApprovalDecision.values();
    private static final InfrastructureExecutionSchema.TransformationStatus[] WIRE_STEP_STATUSES =
            InfrastructureExecutionSchema.TransformationStatus.values();

    private final Utf8Text text = new Utf8Text();
    private final EntryWriter entries = new EntryWriter();

    @Override
    public FromPointerReader<InfrastructureExecutionSchema.InfrastructureExecution.Reader> root() {
        return InfrastructureExecutionSchema.InfrastructureExecution.factory;
    }

    @Override
    public void write(InfrastructureExecution x, MessageBuilder builder) {
        InfrastructureExecutionSchema.InfrastructureExecution.Builder root =
                builder.initRoot(InfrastructureExecutionSchema.InfrastructureExecution.factory);
        text.copyTo(root.initExecutionId(text.encode(x.executionId(), "InfrastructureExecution.executionId")));
        text.copyTo(root.initPipelineId(text.encode(x.pipelineId(), "InfrastructureExecution.pipelineId")));
        text.copyTo(root.initProjectId(text.encode(x.projectId(), "InfrastructureExecution.projectId")));
        root.setStatus(WIRE_STATUSES[x.status().ordinal()]);
        root.setTrigger(WIRE_TRIGGERS[x.trigger().ordinal()]);
        root.setStartedAt(x.startedAt());
        root.setStoppedAt(x.stoppedAt());
        root.setApprovedAt(x.approvedAt());
        List<String> instanceIds = x.instanceIds();
        TextList.Builder ids = root.initInstanceIds(instanceIds.size());
        for (int i = 0; i < instanceIds.size(); i++) {
            text.encode(instanceIds.get(i), "InfrastructureExecution.instanceIds");
            ids.set(i, text.reader());
        }
        List<Approval> approvals = x.approvals();
        StructList.Builder<InfrastructureExecutionSchema.Approval.Builder> approvalList =
                root.initApprovals(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            writeApproval(approvals.get(i), approvalList.get(i));
        }
        List<Transformation> transformations = x.transformations();
        StructList.Builder<InfrastructureExecutionSchema.Transformation.Builder> steps =
                root.initTransformations(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            writeTransformation(transformations.get(i), steps.get(i));
        }
        entries.write(x.metadata(), root.initMetadata(x.metadata().size()), "InfrastructureExecution.metadata");
        entries.write(x.outputs(), root.initOutputs(x.outputs().size()), "InfrastructureExecution.outputs");
        root.setDryRun(x.dryRun());
        root.setRollbackOnFailure(x.rollbackOnFailure());
        root.setApprovalRequired(x.approvalRequired());
        text.copyTo(root.initErrorMessage(text.encode(x.errorMessage(), "InfrastructureExecution.errorMessage")));
    }

    private void writeApproval(Approval a, InfrastructureExecutionSchema.Approval.Builder b) {
        UserInfo u = a.approver();
        InfrastructureExecutionSchema.UserInfo.Builder approver = b.initApprover();
        text.copyTo(approver.initUserId(text.encode(u.userId(), "UserInfo.userId")));
        text.copyTo(approver.initDisplayName(text.encode(u.displayName(), "UserInfo.displayName")));
        text.copyTo(approver.initEmail(text.encode(u.email(), "UserInfo.email")));
        text.copyTo(approver.initTeam(text.encode(u.team(), "UserInfo.team")));
        b.setDecision(WIRE_DECISIONS[a.decision().ordinal()]);
        b.setDecidedAt(a.decidedAt());
        text.copyTo(b.initComment(text.encode(a.comment(), "Approval.comment")));
    }

    private void writeTransformation(Transformation t, InfrastructureExecutionSchema.Transformation.Builder b) {
        text.copyTo(b.initName(text.encode(t.name(), "Transformation.name")));
        b.setStatus(WIRE_STEP_STATUSES[t.status().ordinal()]);
        b.setStartedAt(t.startedAt());
        b.setFinishedAt(t.finishedAt());
        List<TransformationOutput> outputs = t.outputs();
        StructList.Builder<InfrastructureExecutionSchema.TransformationOutput.Builder> list =
                b.initOutputs(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutput o = outputs.get(i);
            InfrastructureExecutionSchema.TransformationOutput.Builder ob = list.get(i);
            text.copyTo(ob.initName(text.encode(o.name(), "TransformationOutput.name")));
            text.copyTo(ob.initUri(text.encode(o.uri(), "TransformationOutput.uri")));
            ob.setSizeBytes(o.sizeBytes());
        }
    }

    @Override
    public InfrastructureExecution read(InfrastructureExecutionSchema.InfrastructureExecution.Reader r) {
        String executionId = text.decode(r.getExecutionId(), "InfrastructureExecution.executionId");
        String pipelineId = text.decode(r.getPipelineId(), "InfrastructureExecution.pipelineId");
        String projectId = text.decode(r.getProjectId(), "InfrastructureExecution.projectId");
        ExecutionStatus status = Ordinals.of(EXECUTION_STATUSES, r.getStatus(), "InfrastructureExecution.status");
        TriggerType trigger = Ordinals.of(TRIGGER_TYPES, r.getTrigger(), "InfrastructureExecution.trigger");
        TextList.Reader ids = r.getInstanceIds();
        List<String> instanceIds = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            instanceIds.add(text.decode(ids.get(i), "InfrastructureExecution.instanceIds"));
        }
        StructList.Reader<InfrastructureExecutionSchema.Approval.Reader> approvalList = r.getApprovals();
        List<Approval> approvals = new ArrayList<>(approvalList.size());
        for (int i = 0; i < approvalList.size(); i++) {
            approvals.add(readApproval(approvalList.get(i)));
        }
        StructList.Reader<InfrastructureExecutionSchema.Transformation.Reader> steps = r.getTransformations();
        List<Transformation> transformations = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            transformations.add(readTransformation(steps.get(i)));
        }
        Map<String, String> metadata = readMap(r.getMetadata(), "InfrastructureExecution.metadata");
        Map<String, String> outputs = readMap(r.getOutputs(), "InfrastructureExecution.outputs");
        String errorMessage = text.decode(r.getErrorMessage(), "InfrastructureExecution.errorMessage");
        return new InfrastructureExecution(executionId, pipelineId, projectId, status, trigger,
                r.getStartedAt(), r.getStoppedAt(), r.getApprovedAt(), instanceIds, approvals, transformations,
                metadata, outputs, r.getDryRun(), r.getRollbackOnFailure(), r.getApprovalRequired(), errorMessage);
    }

    private Approval readApproval(InfrastructureExecutionSchema.Approval.Reader a) {
        InfrastructureExecutionSchema.UserInfo.Reader u = a.getApprover();
        UserInfo approver = new UserInfo(text.decode(u.getUserId(), "UserInfo.userId"),
                text.decode(u.getDisplayName(), "UserInfo.displayName"), text.decode(u.getEmail(), "UserInfo.email"),
                text.decode(u.getTeam(), "UserInfo.team"));
        return new Approval(approver, Ordinals.of(APPROVAL_DECISIONS, a.getDecision(), "Approval.decision"),
                a.getDecidedAt(), text.decode(a.getComment(), "Approval.comment"));
    }

    private Transformation readTransformation(InfrastructureExecutionSchema.Transformation.Reader t) {
        String name = text.decode(t.getName(), "Transformation.name");
        StructList.Reader<InfrastructureExecutionSchema.TransformationOutput.Reader> list = t.getOutputs();
        List<TransformationOutput> outputs = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            InfrastructureExecutionSchema.TransformationOutput.Reader o = list.get(i);
            outputs.add(new TransformationOutput(text.decode(o.getName(), "TransformationOutput.name"),
                    text.decode(o.getUri(), "TransformationOutput.uri"), o.getSizeBytes()));
        }
        return new Transformation(name, Ordinals.of(TRANSFORMATION_STATUSES, t.getStatus(), "Transformation.status"),
                t.getStartedAt(), t.getFinishedAt(), outputs);
    }

    /** A map in wire order; a key that comes twice is malformed (a map cannot hold it, and decoding would lose an entry). */
    private Map<String, String> readMap(StructList.Reader<InfrastructureExecutionSchema.Entry.Reader> list, String field) {
        Map<String, String> map = new LinkedHashMap<>(list.size() * 2);
        for (int i = 0; i < list.size(); i++) {
            InfrastructureExecutionSchema.Entry.Reader e = list.get(i);
            String key = text.decode(e.getKey(), field);
            if (map.put(key, text.decode(e.getValue(), field)) != null) {
                throw new IllegalArgumentException(field + ": key '" + key + "' appears twice");
            }
        }
        return map;
    }

    @Override
    public long checksum(InfrastructureExecutionSchema.InfrastructureExecution.Reader r) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Utf8Text.checksum(r.getExecutionId(), "InfrastructureExecution.executionId"));
        h = Checksum.mix(h, Utf8Text.checksum(r.getPipelineId(), "InfrastructureExecution.pipelineId"));
        h = Checksum.mix(h, Utf8Text.checksum(r.getProjectId(), "InfrastructureExecution.projectId"));
        h = Checksum.mix(h, Ordinals.check(r.getStatus(), EXECUTION_STATUSES.length, "InfrastructureExecution.status"));
        h = Checksum.mix(h, Ordinals.check(r.getTrigger(), TRIGGER_TYPES.length, "InfrastructureExecution.trigger"));
        h = Checksum.mix(h, r.getStartedAt());
        h = Checksum.mix(h, r.getStoppedAt());
        h = Checksum.mix(h, r.getApprovedAt());
        h = Checksum.mix(h, UserMapping.strings(r.getInstanceIds(), "InfrastructureExecution.instanceIds"));
        StructList.Reader<InfrastructureExecutionSchema.Approval.Reader> approvals = r.getApprovals();
        long approvalList = Checksum.listStart(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            approvalList = Checksum.mix(approvalList, approvalChecksum(approvals.get(i)));
        }
        h = Checksum.mix(h, approvalList);
        StructList.Reader<InfrastructureExecutionSchema.Transformation.Reader> steps = r.getTransformations();
        long stepList = Checksum.listStart(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            stepList = Checksum.mix(stepList, transformationChecksum(steps.get(i)));
        }
        h = Checksum.mix(h, stepList);
        h = Checksum.mix(h, mapChecksum(r.getMetadata(), "InfrastructureExecution.metadata"));
        h = Checksum.mix(h, mapChecksum(r.getOutputs(), "InfrastructureExecution.outputs"));
        h = Checksum.mix(h, r.getDryRun());
        h = Checksum.mix(h, r.getRollbackOnFailure());
        h = Checksum.mix(h, r.getApprovalRequired());
        return Checksum.mix(h, Utf8Text.checksum(r.getErrorMessage(), "InfrastructureExecution.errorMessage"));
    }

    private static long approvalChecksum(InfrastructureExecutionSchema.Approval.Reader a) {
        InfrastructureExecutionSchema.UserInfo.Reader u = a.getApprover();
        long approver = Checksum.SEED;
        approver = Checksum.mix(approver, Utf8Text.checksum(u.getUserId(), "UserInfo.userId"));
        approver = Checksum.mix(approver, Utf8Text.checksum(u.getDisplayName(), "UserInfo.displayName"));
        approver = Checksum.mix(approver, Utf8Text.checksum(u.getEmail(), "UserInfo.email"));
        approver = Checksum.mix(approver, Utf8Text.checksum(u.getTeam(), "UserInfo.team"));
        long h = Checksum.SEED;
        h = Checksum.mix(h, approver);
        h = Checksum.mix(h, Ordinals.check(a.getDecision(), APPROVAL_DECISIONS.length, "Approval.decision"));
        h = Checksum.mix(h, a.getDecidedAt());
        return Checksum.mix(h, Utf8Text.checksum(a.getComment(), "Approval.comment"));
    }

    private static long transformationChecksum(InfrastructureExecutionSchema.Transformation.Reader t) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Utf8Text.checksum(t.getName(), "Transformation.name"));
        h = Checksum.mix(h, Ordinals.check(t.getStatus(), TRANSFORMATION_STATUSES.length, "Transformation.status"));
        h = Checksum.mix(h, t.getStartedAt());
        h = Checksum.mix(h, t.getFinishedAt());
        StructList.Reader<InfrastructureExecutionSchema.TransformationOutput.Reader> outputs = t.getOutputs();
        long list = Checksum.listStart(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            InfrastructureExecutionSchema.TransformationOutput.Reader o = outputs.get(i);
            long output = Checksum.SEED;
            output = Checksum.mix(output, Utf8Text.checksum(o.getName(), "TransformationOutput.name"));
            output = Checksum.mix(output, Utf8Text.checksum(o.getUri(), "TransformationOutput.uri"));
            output = Checksum.mix(output, o.getSizeBytes());
            list = Checksum.mix(list, output);
        }
        return Checksum.mix(h, list);
    }

    /**
     * The order-free {@link Checksum#map} value of an entry list. A repeated key, which decode
     * rejects, goes unnoticed here: finding it would take a set of the keys per call.
     */
    private static long mapChecksum(StructList.Reader<InfrastructureExecutionSchema.Entry.Reader> list, String field) {
        long sum = 0;
        for (int i = 0; i < list.size(); i++) {
            InfrastructureExecutionSchema.Entry.Reader e = list.get(i);
            long key = Utf8Text.checksum(e.getKey(), field);
            sum += Checksum.mapEntry(key, Utf8Text.checksum(e.getValue(), field));
        }
        return Checksum.map(list.size(), sum);
    }

    /**
     * Writes a map's entries in its iteration order through {@code Map.forEach}: the records hold
     * unmodifiable {@code LinkedHashMap}s, whose {@code forEach} needs no iterator or entry objects,
     * and this consumer is made once per codec.
     */
    private final class EntryWriter implements BiConsumer<String, String> {

        private StructList.Builder<InfrastructureExecutionSchema.Entry.Builder> list;
        private String field;
        private int index;

        void write(Map<String, String> map, StructList.Builder<InfrastructureExecutionSchema.Entry.Builder> target,
                   String name) {
            list = target;
            field = name;
            index = 0;
            try {
                map.forEach(this);
            } finally {
                list = null;
            }
        }

        @Override
        public void accept(String key, String value) {
            InfrastructureExecutionSchema.Entry.Builder entry = list.get(index++);
            text.copyTo(entry.initKey(text.encode(key, field)));
            text.copyTo(entry.initValue(text.encode(value, field)));
        }
    }
}
