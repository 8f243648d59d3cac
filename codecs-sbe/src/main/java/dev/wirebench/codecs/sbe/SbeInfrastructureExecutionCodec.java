package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
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
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder.ApprovalsDecoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder.InstanceIdsDecoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder.MetadataDecoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionDecoder.TransformationsDecoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionEncoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionEncoder.ApprovalsEncoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionEncoder.InstanceIdsEncoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionEncoder.MetadataEncoder;
import dev.wirebench.codecs.sbe.generated.InfrastructureExecutionEncoder.TransformationsEncoder;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} as the SBE message {@code InfrastructureExecution}: lists as
 * groups (transformation outputs nested in transformations), each approver flattened into its
 * approval entry, maps as groups of key/value entries.
 *
 * <p>Two groups are called {@code outputs}: the execution's map and each transformation's list;
 * the generated classes are told apart by their enclosing class.
 */
final class SbeInfrastructureExecutionCodec extends SbeCodec<InfrastructureExecution> {

    private final InfrastructureExecutionEncoder encoder = new InfrastructureExecutionEncoder();
    private final InfrastructureExecutionDecoder decoder = new InfrastructureExecutionDecoder();

    // Map.forEach walks the records' maps (unmodifiable LinkedHashMaps) without the iterator and
    // entry wrappers that entrySet() iteration allocates; these consumers are built once and write
    // into the group set up just before the walk
    private final BiConsumer<String, String> putMetadata = this::putMetadata;
    private final BiConsumer<String, String> putOutput = this::putOutput;
    private MetadataEncoder metadataGroup;
    private InfrastructureExecutionEncoder.OutputsEncoder outputsGroup;

    SbeInfrastructureExecutionCodec() {
        super(MessageType.INFRA_EXECUTION, "InfrastructureExecution", InfrastructureExecutionEncoder.TEMPLATE_ID,
                InfrastructureExecutionEncoder.BLOCK_LENGTH);
    }

    @Override
    protected int encode(InfrastructureExecution x, ByteBuffer dst, int offset, int limit) {
        encoder.wrapAndApplyHeader(wrapForEncode(dst, offset, limit), 0, headerEncoder)
                .startedAt(x.startedAt())
                .stoppedAt(x.stoppedAt())
                .approvedAt(x.approvedAt())
                .status(Enums.WIRE_EXECUTION_STATUSES[x.status().ordinal()])
                .trigger(Enums.WIRE_TRIGGER_TYPES[x.trigger().ordinal()])
                .dryRun(Enums.wire(x.dryRun()))
                .rollbackOnFailure(Enums.wire(x.rollbackOnFailure()))
                .approvalRequired(Enums.wire(x.approvalRequired()));
        List<String> instanceIds = x.instanceIds();
        InstanceIdsEncoder ids = encoder.instanceIdsCount(groupSize(instanceIds.size(), "instanceIds"));
        for (int i = 0; i < instanceIds.size(); i++) {
            ids.next().putInstanceId(scratch, 0, utf8(instanceIds.get(i), "instanceId"));
        }
        putApprovals(x.approvals());
        putTransformations(x.transformations());
        metadataGroup = encoder.metadataCount(groupSize(x.metadata().size(), "metadata"));
        x.metadata().forEach(putMetadata);
        outputsGroup = encoder.outputsCount(groupSize(x.outputs().size(), "outputs"));
        x.outputs().forEach(putOutput);
        encoder.putExecutionId(scratch, 0, utf8(x.executionId(), "executionId"));
        encoder.putPipelineId(scratch, 0, utf8(x.pipelineId(), "pipelineId"));
        encoder.putProjectId(scratch, 0, utf8(x.projectId(), "projectId"));
        encoder.putErrorMessage(scratch, 0, utf8(x.errorMessage(), "errorMessage"));
        return BODY + encoder.encodedLength();
    }

    private void putApprovals(List<Approval> approvals) {
        ApprovalsEncoder group = encoder.approvalsCount(groupSize(approvals.size(), "approvals"));
        for (int i = 0; i < approvals.size(); i++) {
            Approval a = approvals.get(i);
            UserInfo approver = a.approver();
            // each put finishes before the next utf8 call reuses scratch
            group.next()
                    .decidedAt(a.decidedAt())
                    .decision(Enums.WIRE_APPROVAL_DECISIONS[a.decision().ordinal()])
                    .putApproverUserId(scratch, 0, utf8(approver.userId(), "approver userId"))
                    .putApproverDisplayName(scratch, 0, utf8(approver.displayName(), "approver displayName"))
                    .putApproverEmail(scratch, 0, utf8(approver.email(), "approver email"))
                    .putApproverTeam(scratch, 0, utf8(approver.team(), "approver team"))
                    .putComment(scratch, 0, utf8(a.comment(), "approval comment"));
        }
    }

    private void putTransformations(List<Transformation> transformations) {
        TransformationsEncoder group =
                encoder.transformationsCount(groupSize(transformations.size(), "transformations"));
        for (int i = 0; i < transformations.size(); i++) {
            Transformation t = transformations.get(i);
            group.next()
                    .startedAt(t.startedAt())
                    .finishedAt(t.finishedAt())
                    .status(Enums.WIRE_TRANSFORMATION_STATUSES[t.status().ordinal()]);
            List<TransformationOutput> outputs = t.outputs();
            TransformationsEncoder.OutputsEncoder nested =
                    group.outputsCount(groupSize(outputs.size(), "transformation outputs"));
            for (int j = 0; j < outputs.size(); j++) {
                TransformationOutput o = outputs.get(j);
                nested.next()
                        .sizeBytes(o.sizeBytes())
                        .putName(scratch, 0, utf8(o.name(), "output name"))
                        .putUri(scratch, 0, utf8(o.uri(), "output uri"));
            }
            group.putName(scratch, 0, utf8(t.name(), "transformation name"));
        }
    }

    private void putMetadata(String key, String value) {
        metadataGroup.next()
                .putKey(scratch, 0, utf8(key, "metadata key"))
                .putValue(scratch, 0, utf8(value, "metadata value"));
    }

    private void putOutput(String key, String value) {
        outputsGroup.next()
                .putKey(scratch, 0, utf8(key, "outputs key"))
                .putValue(scratch, 0, utf8(value, "outputs value"));
    }

    @Override
    protected InfrastructureExecution decode(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long startedAt = decoder.startedAt();
        long stoppedAt = decoder.stoppedAt();
        long approvedAt = decoder.approvedAt();
        ExecutionStatus status = Ordinals.of(EXECUTION_STATUSES, decoder.statusRaw(), "status");
        TriggerType trigger = Ordinals.of(TRIGGER_TYPES, decoder.triggerRaw(), "trigger");
        boolean dryRun = bool(decoder.dryRunRaw(), "dryRun");
        boolean rollbackOnFailure = bool(decoder.rollbackOnFailureRaw(), "rollbackOnFailure");
        boolean approvalRequired = bool(decoder.approvalRequiredRaw(), "approvalRequired");
        List<String> instanceIds = readInstanceIds();
        List<Approval> approvals = readApprovals();
        List<Transformation> transformations = readTransformations();
        Map<String, String> metadata = readMetadata();
        Map<String, String> outputs = readOutputs();
        String executionId = string(decoder.getExecutionId(scratch, 0, scratch.length));
        String pipelineId = string(decoder.getPipelineId(scratch, 0, scratch.length));
        String projectId = string(decoder.getProjectId(scratch, 0, scratch.length));
        String errorMessage = string(decoder.getErrorMessage(scratch, 0, scratch.length));
        checkEnd(decoder.encodedLength(), length);
        return new InfrastructureExecution(executionId, pipelineId, projectId, status, trigger,
                startedAt, stoppedAt, approvedAt, instanceIds, approvals, transformations, metadata, outputs,
                dryRun, rollbackOnFailure, approvalRequired, errorMessage);
    }

    private List<String> readInstanceIds() {
        InstanceIdsDecoder group = instanceIds();
        List<String> ids = new ArrayList<>(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            ids.add(string(group.next().getInstanceId(scratch, 0, scratch.length)));
        }
        return ids;
    }

    private List<Approval> readApprovals() {
        ApprovalsDecoder group = approvals();
        List<Approval> approvals = new ArrayList<>(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            long decidedAt = group.decidedAt();
            ApprovalDecision decision = Ordinals.of(APPROVAL_DECISIONS, group.decisionRaw(), "approval decision");
            String userId = string(group.getApproverUserId(scratch, 0, scratch.length));
            String displayName = string(group.getApproverDisplayName(scratch, 0, scratch.length));
            String email = string(group.getApproverEmail(scratch, 0, scratch.length));
            String team = string(group.getApproverTeam(scratch, 0, scratch.length));
            String comment = string(group.getComment(scratch, 0, scratch.length));
            approvals.add(new Approval(new UserInfo(userId, displayName, email, team), decision, decidedAt, comment));
        }
        return approvals;
    }

    private List<Transformation> readTransformations() {
        TransformationsDecoder group = transformations();
        List<Transformation> transformations = new ArrayList<>(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            long startedAt = group.startedAt();
            long finishedAt = group.finishedAt();
            TransformationStatus status =
                    Ordinals.of(TRANSFORMATION_STATUSES, group.statusRaw(), "transformation status");
            TransformationsDecoder.OutputsDecoder nested = outputs(group);
            List<TransformationOutput> outputs = new ArrayList<>(nested.count());
            for (int j = 0, m = nested.count(); j < m; j++) {
                nested.next();
                long sizeBytes = nested.sizeBytes();
                String name = string(nested.getName(scratch, 0, scratch.length));
                String uri = string(nested.getUri(scratch, 0, scratch.length));
                outputs.add(new TransformationOutput(name, uri, sizeBytes));
            }
            String name = string(group.getName(scratch, 0, scratch.length));
            transformations.add(new Transformation(name, status, startedAt, finishedAt, outputs));
        }
        return transformations;
    }

    private Map<String, String> readMetadata() {
        MetadataDecoder group = metadata();
        Map<String, String> metadata = new LinkedHashMap<>();
        for (int i = 0, n = group.count(); i < n; i++) {
            String key = string(group.next().getKey(scratch, 0, scratch.length));
            putOnce(metadata, key, string(group.getValue(scratch, 0, scratch.length)), "metadata");
        }
        return metadata;
    }

    private Map<String, String> readOutputs() {
        InfrastructureExecutionDecoder.OutputsDecoder group = outputs();
        Map<String, String> outputs = new LinkedHashMap<>();
        for (int i = 0, n = group.count(); i < n; i++) {
            String key = string(group.next().getKey(scratch, 0, scratch.length));
            putOnce(outputs, key, string(group.getValue(scratch, 0, scratch.length)), "outputs");
        }
        return outputs;
    }

    /** An encoder writes each key once: a repeated key is corruption, not something to overwrite silently. */
    private void putOnce(Map<String, String> map, String key, String value, String name) {
        if (map.putIfAbsent(key, value) != null) {
            throw malformed(name + " repeats the key '" + key + "'");
        }
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        wrap(src, offset, length);
        long startedAt = decoder.startedAt();
        long stoppedAt = decoder.stoppedAt();
        long approvedAt = decoder.approvedAt();
        int status = Ordinals.check(decoder.statusRaw(), EXECUTION_STATUSES.length, "status");
        int trigger = Ordinals.check(decoder.triggerRaw(), TRIGGER_TYPES.length, "trigger");
        boolean dryRun = bool(decoder.dryRunRaw(), "dryRun");
        boolean rollbackOnFailure = bool(decoder.rollbackOnFailureRaw(), "rollbackOnFailure");
        boolean approvalRequired = bool(decoder.approvalRequiredRaw(), "approvalRequired");
        long instanceIds = hashInstanceIds();
        long approvals = hashApprovals();
        long transformations = hashTransformations();
        long metadata = hashMetadata();
        long outputs = hashOutputs();
        long executionId = hashString(decoder.limit(), decoder.skipExecutionId());
        long pipelineId = hashString(decoder.limit(), decoder.skipPipelineId());
        long projectId = hashString(decoder.limit(), decoder.skipProjectId());
        long errorMessage = hashString(decoder.limit(), decoder.skipErrorMessage());
        checkEnd(decoder.encodedLength(), length);
        long h = mix(SEED, executionId);
        h = mix(h, pipelineId);
        h = mix(h, projectId);
        h = mix(h, status);
        h = mix(h, trigger);
        h = mix(h, startedAt);
        h = mix(h, stoppedAt);
        h = mix(h, approvedAt);
        h = mix(h, instanceIds);
        h = mix(h, approvals);
        h = mix(h, transformations);
        h = mix(h, metadata);
        h = mix(h, outputs);
        h = mix(h, dryRun);
        h = mix(h, rollbackOnFailure);
        h = mix(h, approvalRequired);
        return mix(h, errorMessage);
    }

    private long hashInstanceIds() {
        InstanceIdsDecoder group = instanceIds();
        long list = Checksum.listStart(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            list = mix(list, hashString(decoder.limit(), group.skipInstanceId()));
        }
        return list;
    }

    private long hashApprovals() {
        ApprovalsDecoder group = approvals();
        long list = Checksum.listStart(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            long decidedAt = group.decidedAt();
            int decision = Ordinals.check(group.decisionRaw(), APPROVAL_DECISIONS.length, "approval decision");
            long approver = mix(SEED, hashString(decoder.limit(), group.skipApproverUserId()));
            approver = mix(approver, hashString(decoder.limit(), group.skipApproverDisplayName()));
            approver = mix(approver, hashString(decoder.limit(), group.skipApproverEmail()));
            approver = mix(approver, hashString(decoder.limit(), group.skipApproverTeam()));
            long comment = hashString(decoder.limit(), group.skipComment());
            long h = mix(SEED, approver);
            h = mix(h, decision);
            h = mix(h, decidedAt);
            list = mix(list, mix(h, comment));
        }
        return list;
    }

    private long hashTransformations() {
        TransformationsDecoder group = transformations();
        long list = Checksum.listStart(group.count());
        for (int i = 0, n = group.count(); i < n; i++) {
            group.next();
            long startedAt = group.startedAt();
            long finishedAt = group.finishedAt();
            int status = Ordinals.check(group.statusRaw(), TRANSFORMATION_STATUSES.length, "transformation status");
            TransformationsDecoder.OutputsDecoder nested = outputs(group);
            long outputs = Checksum.listStart(nested.count());
            for (int j = 0, m = nested.count(); j < m; j++) {
                nested.next();
                long sizeBytes = nested.sizeBytes();
                long output = mix(SEED, hashString(decoder.limit(), nested.skipName()));
                output = mix(output, hashString(decoder.limit(), nested.skipUri()));
                outputs = mix(outputs, mix(output, sizeBytes));
            }
            long h = mix(SEED, hashString(decoder.limit(), group.skipName()));
            h = mix(h, status);
            h = mix(h, startedAt);
            h = mix(h, finishedAt);
            list = mix(list, mix(h, outputs));
        }
        return list;
    }

    private long hashMetadata() {
        MetadataDecoder group = metadata();
        long sum = 0;
        for (int i = 0, n = group.count(); i < n; i++) {
            long key = hashString(decoder.limit(), group.next().skipKey());
            sum += Checksum.mapEntry(key, hashString(decoder.limit(), group.skipValue()));
        }
        return Checksum.map(group.count(), sum);
    }

    private long hashOutputs() {
        InfrastructureExecutionDecoder.OutputsDecoder group = outputs();
        long sum = 0;
        for (int i = 0, n = group.count(); i < n; i++) {
            long key = hashString(decoder.limit(), group.next().skipKey());
            sum += Checksum.mapEntry(key, hashString(decoder.limit(), group.skipValue()));
        }
        return Checksum.map(group.count(), sum);
    }

    private void wrap(ByteBuffer src, int offset, int length) {
        decoder.wrap(wrapForDecode(src, offset, length), BODY, InfrastructureExecutionDecoder.BLOCK_LENGTH,
                InfrastructureExecutionDecoder.SCHEMA_VERSION);
    }

    private InstanceIdsDecoder instanceIds() {
        InstanceIdsDecoder group = decoder.instanceIds();
        checkGroup(group.actingBlockLength(), InstanceIdsDecoder.sbeBlockLength(), "instanceIds");
        return group;
    }

    private ApprovalsDecoder approvals() {
        ApprovalsDecoder group = decoder.approvals();
        checkGroup(group.actingBlockLength(), ApprovalsDecoder.sbeBlockLength(), "approvals");
        return group;
    }

    private TransformationsDecoder transformations() {
        TransformationsDecoder group = decoder.transformations();
        checkGroup(group.actingBlockLength(), TransformationsDecoder.sbeBlockLength(), "transformations");
        return group;
    }

    private TransformationsDecoder.OutputsDecoder outputs(TransformationsDecoder transformation) {
        TransformationsDecoder.OutputsDecoder group = transformation.outputs();
        checkGroup(group.actingBlockLength(), TransformationsDecoder.OutputsDecoder.sbeBlockLength(),
                "transformation outputs");
        return group;
    }

    private MetadataDecoder metadata() {
        MetadataDecoder group = decoder.metadata();
        checkGroup(group.actingBlockLength(), MetadataDecoder.sbeBlockLength(), "metadata");
        return group;
    }

    private InfrastructureExecutionDecoder.OutputsDecoder outputs() {
        InfrastructureExecutionDecoder.OutputsDecoder group = decoder.outputs();
        checkGroup(group.actingBlockLength(), InfrastructureExecutionDecoder.OutputsDecoder.sbeBlockLength(),
                "outputs");
        return group;
    }
}
