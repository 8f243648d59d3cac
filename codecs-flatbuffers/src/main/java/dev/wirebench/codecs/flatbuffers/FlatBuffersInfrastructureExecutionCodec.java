package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.flatbuffers.generated.ApprovalFb;
import dev.wirebench.codecs.flatbuffers.generated.InfrastructureExecutionFb;
import dev.wirebench.codecs.flatbuffers.generated.StringEntryFb;
import dev.wirebench.codecs.flatbuffers.generated.TransformationFb;
import dev.wirebench.codecs.flatbuffers.generated.TransformationOutputFb;
import dev.wirebench.codecs.flatbuffers.generated.UserInfoFb;

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
 * {@link InfrastructureExecution} as the table {@code InfrastructureExecutionFb}: nested records
 * as tables, lists as vectors, the two maps as vectors of {@code StringEntryFb} key/value tables
 * in insertion order.
 */
final class FlatBuffersInfrastructureExecutionCodec extends FlatBuffersCodec<InfrastructureExecution> {

    /** {@code InfrastructureExecutionFb.instance_ids} is field 8 of the table. */
    static final int INSTANCE_IDS_SLOT = 4 + 2 * 8;

    // field names for error messages, constant so that naming a field costs nothing per call
    private static final String METADATA_KEY = "InfrastructureExecutionFb.metadata key";
    private static final String METADATA_VALUE = "InfrastructureExecutionFb.metadata value";
    private static final String OUTPUTS_KEY = "InfrastructureExecutionFb.outputs key";
    private static final String OUTPUTS_VALUE = "InfrastructureExecutionFb.outputs value";

    // one accessor object per table type, re-pointed by the generated (obj, j) overloads
    private final InfrastructureExecutionFb root = new InfrastructureExecutionFb();
    private final ApprovalFb approval = new ApprovalFb();
    private final UserInfoFb approver = new UserInfoFb();
    private final TransformationFb transformation = new TransformationFb();
    private final TransformationOutputFb output = new TransformationOutputFb();
    private final StringEntryFb entry = new StringEntryFb();
    private final StringVectorField instanceIds = new StringVectorField(INSTANCE_IDS_SLOT);

    // Map.forEach walks the records' maps (unmodifiable LinkedHashMaps) in insertion order without
    // the iterator and entry objects of entrySet(); built once
    private final BiConsumer<String, String> pushMetadata = (k, v) -> push(StringEntryFb.createStringEntryFb(
            builder, string(k, METADATA_KEY), string(v, METADATA_VALUE)));
    private final BiConsumer<String, String> pushOutput = (k, v) -> push(StringEntryFb.createStringEntryFb(
            builder, string(k, OUTPUTS_KEY), string(v, OUTPUTS_VALUE)));

    /** {@code flatbuffers}: see {@link FlatBuffersCodec} for what the guarded codec adds. */
    FlatBuffersInfrastructureExecutionCodec() {
        this(false);
    }

    FlatBuffersInfrastructureExecutionCodec(boolean guarded) {
        super(MessageType.INFRA_EXECUTION, "InfrastructureExecutionFb",
                InfrastructureExecutionFb::InfrastructureExecutionFbBufferHasIdentifier, guarded);
    }

    // ---- encode: children before parents, as FlatBuffers builds back to front --------------------

    @Override
    void build(InfrastructureExecution x) {
        int executionId = string(x.executionId(), "InfrastructureExecutionFb.execution_id");
        int pipelineId = string(x.pipelineId(), "InfrastructureExecutionFb.pipeline_id");
        int projectId = string(x.projectId(), "InfrastructureExecutionFb.project_id");
        int instanceIdVector = stringVector(x.instanceIds(), "InfrastructureExecutionFb.instance_ids");
        int approvals = approvals(x.approvals());
        int transformations = transformations(x.transformations());
        int mark = mark();
        x.metadata().forEach(pushMetadata);
        int metadata = offsetVector(mark);
        x.outputs().forEach(pushOutput);
        int outputs = offsetVector(mark);
        int errorMessage = string(x.errorMessage(), "InfrastructureExecutionFb.error_message");
        int table = InfrastructureExecutionFb.createInfrastructureExecutionFb(builder, executionId, pipelineId,
                projectId, x.status().ordinal(), x.trigger().ordinal(), x.startedAt(), x.stoppedAt(),
                x.approvedAt(), instanceIdVector, approvals, transformations, metadata, outputs, x.dryRun(),
                x.rollbackOnFailure(), x.approvalRequired(), errorMessage);
        InfrastructureExecutionFb.finishInfrastructureExecutionFbBuffer(builder, table);
    }

    private int approvals(List<Approval> approvals) {
        int mark = mark();
        for (int i = 0; i < approvals.size(); i++) {
            Approval a = approvals.get(i);
            UserInfo u = a.approver();
            int userInfo = UserInfoFb.createUserInfoFb(builder, string(u.userId(), "UserInfoFb.user_id"),
                    string(u.displayName(), "UserInfoFb.display_name"), string(u.email(), "UserInfoFb.email"),
                    string(u.team(), "UserInfoFb.team"));
            int comment = string(a.comment(), "ApprovalFb.comment");
            push(ApprovalFb.createApprovalFb(builder, userInfo, a.decision().ordinal(), a.decidedAt(), comment));
        }
        return offsetVector(mark);
    }

    private int transformations(List<Transformation> transformations) {
        int mark = mark();
        for (int i = 0; i < transformations.size(); i++) {
            Transformation t = transformations.get(i);
            int name = string(t.name(), "TransformationFb.name");
            int outputMark = mark();
            List<TransformationOutput> outputs = t.outputs();
            for (int j = 0; j < outputs.size(); j++) {
                TransformationOutput o = outputs.get(j);
                int outputName = string(o.name(), "TransformationOutputFb.name");
                int uri = string(o.uri(), "TransformationOutputFb.uri");
                push(TransformationOutputFb.createTransformationOutputFb(builder, outputName, uri, o.sizeBytes()));
            }
            int outputVector = offsetVector(outputMark);
            push(TransformationFb.createTransformationFb(builder, name, t.status().ordinal(), t.startedAt(),
                    t.finishedAt(), outputVector));
        }
        return offsetVector(mark);
    }

    // ---- decode ---------------------------------------------------------------------------------

    @Override
    protected InfrastructureExecution decode(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        InfrastructureExecutionFb t = InfrastructureExecutionFb.getRootAsInfrastructureExecutionFb(view, root);
        String executionId = string(t.executionIdInByteBuffer(view), "InfrastructureExecutionFb.execution_id");
        String pipelineId = string(t.pipelineIdInByteBuffer(view), "InfrastructureExecutionFb.pipeline_id");
        String projectId = string(t.projectIdInByteBuffer(view), "InfrastructureExecutionFb.project_id");
        int n = count(t.instanceIdsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.instance_ids");
        int vector = instanceIds.vector(view);
        List<String> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add(stringElement(vector, i, "InfrastructureExecutionFb.instance_ids"));
        }
        return new InfrastructureExecution(executionId, pipelineId, projectId,
                Ordinals.of(EXECUTION_STATUSES, t.status(), "InfrastructureExecutionFb.status"),
                Ordinals.of(TRIGGER_TYPES, t.trigger(), "InfrastructureExecutionFb.trigger"),
                t.startedAt(), t.stoppedAt(), t.approvedAt(), ids, readApprovals(t), readTransformations(t),
                readMetadata(t), readOutputs(t), t.dryRun(), t.rollbackOnFailure(), t.approvalRequired(),
                string(t.errorMessageInByteBuffer(view), "InfrastructureExecutionFb.error_message"));
    }

    private List<Approval> readApprovals(InfrastructureExecutionFb t) {
        ByteBuffer view = view();
        int n = count(t.approvalsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.approvals");
        List<Approval> approvals = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ApprovalFb a = t.approvals(approval, i);
            UserInfoFb u = required(a.approver(approver), "ApprovalFb.approver");
            UserInfo userInfo = new UserInfo(string(u.userIdInByteBuffer(view), "UserInfoFb.user_id"),
                    string(u.displayNameInByteBuffer(view), "UserInfoFb.display_name"),
                    string(u.emailInByteBuffer(view), "UserInfoFb.email"),
                    string(u.teamInByteBuffer(view), "UserInfoFb.team"));
            approvals.add(new Approval(userInfo,
                    Ordinals.of(APPROVAL_DECISIONS, a.decision(), "ApprovalFb.decision"), a.decidedAt(),
                    string(a.commentInByteBuffer(view), "ApprovalFb.comment")));
        }
        return approvals;
    }

    private List<Transformation> readTransformations(InfrastructureExecutionFb t) {
        ByteBuffer view = view();
        int n = count(t.transformationsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.transformations");
        List<Transformation> transformations = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            TransformationFb tf = t.transformations(transformation, i);
            String name = string(tf.nameInByteBuffer(view), "TransformationFb.name");
            int m = count(tf.outputsLength(), OFFSET_BYTES, "TransformationFb.outputs");
            List<TransformationOutput> outputs = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                TransformationOutputFb o = tf.outputs(output, j);
                outputs.add(new TransformationOutput(string(o.nameInByteBuffer(view), "TransformationOutputFb.name"),
                        string(o.uriInByteBuffer(view), "TransformationOutputFb.uri"), o.sizeBytes()));
            }
            transformations.add(new Transformation(name,
                    Ordinals.of(TRANSFORMATION_STATUSES, tf.status(), "TransformationFb.status"),
                    tf.startedAt(), tf.finishedAt(), outputs));
        }
        return transformations;
    }

    private Map<String, String> readMetadata(InfrastructureExecutionFb t) {
        int n = count(t.metadataLength(), OFFSET_BYTES, "InfrastructureExecutionFb.metadata");
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            putEntry(map, t.metadata(entry, i), METADATA_KEY, METADATA_VALUE);
        }
        return map;
    }

    private Map<String, String> readOutputs(InfrastructureExecutionFb t) {
        int n = count(t.outputsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.outputs");
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            putEntry(map, t.outputs(entry, i), OUTPUTS_KEY, OUTPUTS_VALUE);
        }
        return map;
    }

    /** An encoder writes each key once: a repeated key is corruption, not something to overwrite silently. */
    private void putEntry(Map<String, String> map, StringEntryFb e, String keyField, String valueField) {
        String key = string(e.keyInByteBuffer(view()), keyField);
        if (map.putIfAbsent(key, string(e.valueInByteBuffer(view()), valueField)) != null) {
            throw malformed(keyField + " '" + key + "' is repeated");
        }
    }

    // ---- traverse: every field, hashed in record order, strings in place -------------------------

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        ByteBuffer view = wrap(src, offset, length);
        InfrastructureExecutionFb t = InfrastructureExecutionFb.getRootAsInfrastructureExecutionFb(view, root);
        long h = mix(SEED, hash(t.executionIdInByteBuffer(view), "InfrastructureExecutionFb.execution_id"));
        h = mix(h, hash(t.pipelineIdInByteBuffer(view), "InfrastructureExecutionFb.pipeline_id"));
        h = mix(h, hash(t.projectIdInByteBuffer(view), "InfrastructureExecutionFb.project_id"));
        h = mix(h, Ordinals.check(t.status(), EXECUTION_STATUSES.length, "InfrastructureExecutionFb.status"));
        h = mix(h, Ordinals.check(t.trigger(), TRIGGER_TYPES.length, "InfrastructureExecutionFb.trigger"));
        h = mix(h, t.startedAt());
        h = mix(h, t.stoppedAt());
        h = mix(h, t.approvedAt());
        h = mix(h, hashInstanceIds(t));
        h = mix(h, hashApprovals(t));
        h = mix(h, hashTransformations(t));
        h = mix(h, hashMetadata(t));
        h = mix(h, hashOutputs(t));
        h = mix(h, t.dryRun());
        h = mix(h, t.rollbackOnFailure());
        h = mix(h, t.approvalRequired());
        return mix(h, hash(t.errorMessageInByteBuffer(view), "InfrastructureExecutionFb.error_message"));
    }

    private long hashInstanceIds(InfrastructureExecutionFb t) {
        int n = count(t.instanceIdsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.instance_ids");
        int vector = instanceIds.vector(view());
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            list = mix(list, hashElement(vector, i, "InfrastructureExecutionFb.instance_ids"));
        }
        return list;
    }

    private long hashApprovals(InfrastructureExecutionFb t) {
        ByteBuffer view = view();
        int n = count(t.approvalsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.approvals");
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            ApprovalFb a = t.approvals(approval, i);
            UserInfoFb u = required(a.approver(approver), "ApprovalFb.approver");
            long user = mix(SEED, hash(u.userIdInByteBuffer(view), "UserInfoFb.user_id"));
            user = mix(user, hash(u.displayNameInByteBuffer(view), "UserInfoFb.display_name"));
            user = mix(user, hash(u.emailInByteBuffer(view), "UserInfoFb.email"));
            user = mix(user, hash(u.teamInByteBuffer(view), "UserInfoFb.team"));
            long ah = mix(SEED, user);
            ah = mix(ah, Ordinals.check(a.decision(), APPROVAL_DECISIONS.length, "ApprovalFb.decision"));
            ah = mix(ah, a.decidedAt());
            list = mix(list, mix(ah, hash(a.commentInByteBuffer(view), "ApprovalFb.comment")));
        }
        return list;
    }

    private long hashTransformations(InfrastructureExecutionFb t) {
        ByteBuffer view = view();
        int n = count(t.transformationsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.transformations");
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            TransformationFb tf = t.transformations(transformation, i);
            long th = mix(SEED, hash(tf.nameInByteBuffer(view), "TransformationFb.name"));
            th = mix(th, Ordinals.check(tf.status(), TRANSFORMATION_STATUSES.length, "TransformationFb.status"));
            th = mix(th, tf.startedAt());
            th = mix(th, tf.finishedAt());
            int m = count(tf.outputsLength(), OFFSET_BYTES, "TransformationFb.outputs");
            long outputs = Checksum.listStart(m);
            for (int j = 0; j < m; j++) {
                TransformationOutputFb o = tf.outputs(output, j);
                long oh = mix(SEED, hash(o.nameInByteBuffer(view), "TransformationOutputFb.name"));
                oh = mix(oh, hash(o.uriInByteBuffer(view), "TransformationOutputFb.uri"));
                outputs = mix(outputs, mix(oh, o.sizeBytes()));
            }
            list = mix(list, mix(th, outputs));
        }
        return list;
    }

    private long hashMetadata(InfrastructureExecutionFb t) {
        int n = count(t.metadataLength(), OFFSET_BYTES, "InfrastructureExecutionFb.metadata");
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += hashEntry(t.metadata(entry, i), METADATA_KEY, METADATA_VALUE);
        }
        return Checksum.map(n, sum);
    }

    private long hashOutputs(InfrastructureExecutionFb t) {
        int n = count(t.outputsLength(), OFFSET_BYTES, "InfrastructureExecutionFb.outputs");
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += hashEntry(t.outputs(entry, i), OUTPUTS_KEY, OUTPUTS_VALUE);
        }
        return Checksum.map(n, sum);
    }

    private long hashEntry(StringEntryFb e, String keyField, String valueField) {
        long key = hash(e.keyInByteBuffer(view()), keyField);
        return Checksum.mapEntry(key, hash(e.valueInByteBuffer(view()), valueField));
    }
}
