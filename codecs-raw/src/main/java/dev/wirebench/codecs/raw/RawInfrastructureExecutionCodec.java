package dev.wirebench.codecs.raw;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.UserInfo;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;
import static dev.wirebench.codecs.raw.Wire.putBoolean;
import static dev.wirebench.codecs.raw.Wire.putByte;
import static dev.wirebench.codecs.raw.Wire.putInt;
import static dev.wirebench.codecs.raw.Wire.putLong;

/**
 * {@link InfrastructureExecution}, message id 4: every component in declaration order, nested
 * records inline (an approval's approver is its four strings), each list and map preceded by its
 * size. The list helpers hand back the index after the list in {@link #next}.
 */
final class RawInfrastructureExecutionCodec extends RawCodec<InfrastructureExecution> {

    static final int MESSAGE_ID = 4;

    // the fewest bytes an entry can take (all strings empty): what a list's size is checked against
    /** userId, displayName, email, team, decision, decidedAt, comment. */
    private static final int MIN_APPROVAL_BYTES = 4 * LENGTH_BYTES + 1 + Long.BYTES + LENGTH_BYTES;
    /** name, status, startedAt, finishedAt, outputs size. */
    private static final int MIN_TRANSFORMATION_BYTES = LENGTH_BYTES + 1 + 2 * Long.BYTES + LENGTH_BYTES;
    /** name, uri, sizeBytes. */
    private static final int MIN_OUTPUT_BYTES = 2 * LENGTH_BYTES + Long.BYTES;

    RawInfrastructureExecutionCodec() {
        super(MessageType.INFRA_EXECUTION, MESSAGE_ID);
    }

    @Override
    protected int encode(InfrastructureExecution x, ByteBuffer dst, int offset, int limit) {
        byte[] a = Wire.array(dst);
        int start = Wire.index(dst, offset);
        int stop = Wire.index(dst, limit);
        int p = putHeader(a, dst, start, stop);
        p = putString(a, dst, p, stop, x.executionId());
        p = putString(a, dst, p, stop, x.pipelineId());
        p = putString(a, dst, p, stop, x.projectId());
        p = putByte(a, dst, p, stop, x.status().ordinal());
        p = putByte(a, dst, p, stop, x.trigger().ordinal());
        p = putLong(a, dst, p, stop, x.startedAt());
        p = putLong(a, dst, p, stop, x.stoppedAt());
        p = putLong(a, dst, p, stop, x.approvedAt());
        p = putStrings(a, dst, p, stop, x.instanceIds());
        List<Approval> approvals = x.approvals();
        p = putInt(a, dst, p, stop, approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            Approval approval = approvals.get(i);
            UserInfo approver = approval.approver();
            p = putString(a, dst, p, stop, approver.userId());
            p = putString(a, dst, p, stop, approver.displayName());
            p = putString(a, dst, p, stop, approver.email());
            p = putString(a, dst, p, stop, approver.team());
            p = putByte(a, dst, p, stop, approval.decision().ordinal());
            p = putLong(a, dst, p, stop, approval.decidedAt());
            p = putString(a, dst, p, stop, approval.comment());
        }
        List<Transformation> transformations = x.transformations();
        p = putInt(a, dst, p, stop, transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            Transformation t = transformations.get(i);
            p = putString(a, dst, p, stop, t.name());
            p = putByte(a, dst, p, stop, t.status().ordinal());
            p = putLong(a, dst, p, stop, t.startedAt());
            p = putLong(a, dst, p, stop, t.finishedAt());
            List<TransformationOutput> outputs = t.outputs();
            p = putInt(a, dst, p, stop, outputs.size());
            for (int j = 0; j < outputs.size(); j++) {
                TransformationOutput o = outputs.get(j);
                p = putString(a, dst, p, stop, o.name());
                p = putString(a, dst, p, stop, o.uri());
                p = putLong(a, dst, p, stop, o.sizeBytes());
            }
        }
        p = putMap(a, dst, p, stop, x.metadata());
        p = putMap(a, dst, p, stop, x.outputs());
        p = putBoolean(a, dst, p, stop, x.dryRun());
        p = putBoolean(a, dst, p, stop, x.rollbackOnFailure());
        p = putBoolean(a, dst, p, stop, x.approvalRequired());
        p = putString(a, dst, p, stop, x.errorMessage());
        return p - start;
    }

    @Override
    protected InfrastructureExecution decode(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        String executionId = string(a, src, p, end, "executionId");
        p = skipString(a, src, p);
        String pipelineId = string(a, src, p, end, "pipelineId");
        p = skipString(a, src, p);
        String projectId = string(a, src, p, end, "projectId");
        p = skipString(a, src, p);
        ExecutionStatus status = constant(EXECUTION_STATUSES, a, src, p, end, "status");
        p++;
        TriggerType trigger = constant(TRIGGER_TYPES, a, src, p, end, "trigger");
        p++;
        long startedAt = int64(a, src, p, end, "startedAt");
        p += Long.BYTES;
        long stoppedAt = int64(a, src, p, end, "stoppedAt");
        p += Long.BYTES;
        long approvedAt = int64(a, src, p, end, "approvedAt");
        p += Long.BYTES;
        List<String> instanceIds = strings(a, src, p, end, "instanceIds");
        List<Approval> approvals = approvals(a, src, next, end);
        List<Transformation> transformations = transformations(a, src, next, end);
        Map<String, String> metadata = map(a, src, next, end, "metadata");
        Map<String, String> outputs = map(a, src, next, end, "outputs");
        p = next;
        boolean dryRun = bool(a, src, p, end, "dryRun");
        p++;
        boolean rollbackOnFailure = bool(a, src, p, end, "rollbackOnFailure");
        p++;
        boolean approvalRequired = bool(a, src, p, end, "approvalRequired");
        p++;
        String errorMessage = string(a, src, p, end, "errorMessage");
        p = skipString(a, src, p);
        checkEnd(p, end);
        return new InfrastructureExecution(executionId, pipelineId, projectId, status, trigger,
                startedAt, stoppedAt, approvedAt, instanceIds, approvals, transformations, metadata, outputs,
                dryRun, rollbackOnFailure, approvalRequired, errorMessage);
    }

    private List<Approval> approvals(byte[] a, ByteBuffer src, int p, int end) {
        int count = count(a, src, p, end, MIN_APPROVAL_BYTES, "approvals");
        p += LENGTH_BYTES;
        Approval[] approvals = new Approval[count];
        for (int i = 0; i < count; i++) {
            String userId = string(a, src, p, end, "approver userId");
            p = skipString(a, src, p);
            String displayName = string(a, src, p, end, "approver displayName");
            p = skipString(a, src, p);
            String email = string(a, src, p, end, "approver email");
            p = skipString(a, src, p);
            String team = string(a, src, p, end, "approver team");
            p = skipString(a, src, p);
            ApprovalDecision decision = constant(APPROVAL_DECISIONS, a, src, p, end, "approval decision");
            p++;
            long decidedAt = int64(a, src, p, end, "approval decidedAt");
            p += Long.BYTES;
            String comment = string(a, src, p, end, "approval comment");
            p = skipString(a, src, p);
            approvals[i] = new Approval(new UserInfo(userId, displayName, email, team), decision, decidedAt, comment);
        }
        next = p;
        return List.of(approvals);
    }

    private List<Transformation> transformations(byte[] a, ByteBuffer src, int p, int end) {
        int count = count(a, src, p, end, MIN_TRANSFORMATION_BYTES, "transformations");
        p += LENGTH_BYTES;
        Transformation[] transformations = new Transformation[count];
        for (int i = 0; i < count; i++) {
            String name = string(a, src, p, end, "transformation name");
            p = skipString(a, src, p);
            TransformationStatus status = constant(TRANSFORMATION_STATUSES, a, src, p, end, "transformation status");
            p++;
            long startedAt = int64(a, src, p, end, "transformation startedAt");
            p += Long.BYTES;
            long finishedAt = int64(a, src, p, end, "transformation finishedAt");
            p += Long.BYTES;
            int outputCount = count(a, src, p, end, MIN_OUTPUT_BYTES, "transformation outputs");
            p += LENGTH_BYTES;
            TransformationOutput[] outputs = new TransformationOutput[outputCount];
            for (int j = 0; j < outputCount; j++) {
                String outputName = string(a, src, p, end, "output name");
                p = skipString(a, src, p);
                String uri = string(a, src, p, end, "output uri");
                p = skipString(a, src, p);
                outputs[j] = new TransformationOutput(outputName, uri, int64(a, src, p, end, "output sizeBytes"));
                p += Long.BYTES;
            }
            transformations[i] = new Transformation(name, status, startedAt, finishedAt, List.of(outputs));
        }
        next = p;
        return List.of(transformations);
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        byte[] a = Wire.array(src);
        int p = Wire.index(src, offset);
        int end = p + length;
        p = header(a, src, p, end);
        long h = mix(SEED, hashString(a, src, p, end, "executionId"));
        p = skipString(a, src, p);
        h = mix(h, hashString(a, src, p, end, "pipelineId"));
        p = skipString(a, src, p);
        h = mix(h, hashString(a, src, p, end, "projectId"));
        p = skipString(a, src, p);
        h = mix(h, ordinal(a, src, p, end, EXECUTION_STATUSES.length, "status"));
        p++;
        h = mix(h, ordinal(a, src, p, end, TRIGGER_TYPES.length, "trigger"));
        p++;
        h = mix(h, int64(a, src, p, end, "startedAt"));
        p += Long.BYTES;
        h = mix(h, int64(a, src, p, end, "stoppedAt"));
        p += Long.BYTES;
        h = mix(h, int64(a, src, p, end, "approvedAt"));
        p += Long.BYTES;
        h = mix(h, hashStrings(a, src, p, end, "instanceIds"));
        h = mix(h, hashApprovals(a, src, next, end));
        h = mix(h, hashTransformations(a, src, next, end));
        h = mix(h, hashMap(a, src, next, end, "metadata"));
        h = mix(h, hashMap(a, src, next, end, "outputs"));
        p = next;
        h = mix(h, bool(a, src, p, end, "dryRun"));
        p++;
        h = mix(h, bool(a, src, p, end, "rollbackOnFailure"));
        p++;
        h = mix(h, bool(a, src, p, end, "approvalRequired"));
        p++;
        h = mix(h, hashString(a, src, p, end, "errorMessage"));
        p = skipString(a, src, p);
        checkEnd(p, end);
        return h;
    }

    private long hashApprovals(byte[] a, ByteBuffer src, int p, int end) {
        int count = count(a, src, p, end, MIN_APPROVAL_BYTES, "approvals");
        p += LENGTH_BYTES;
        long list = Checksum.listStart(count);
        for (int i = 0; i < count; i++) {
            long approver = mix(SEED, hashString(a, src, p, end, "approver userId"));
            p = skipString(a, src, p);
            approver = mix(approver, hashString(a, src, p, end, "approver displayName"));
            p = skipString(a, src, p);
            approver = mix(approver, hashString(a, src, p, end, "approver email"));
            p = skipString(a, src, p);
            approver = mix(approver, hashString(a, src, p, end, "approver team"));
            p = skipString(a, src, p);
            long h = mix(SEED, approver);
            h = mix(h, ordinal(a, src, p, end, APPROVAL_DECISIONS.length, "approval decision"));
            p++;
            h = mix(h, int64(a, src, p, end, "approval decidedAt"));
            p += Long.BYTES;
            h = mix(h, hashString(a, src, p, end, "approval comment"));
            p = skipString(a, src, p);
            list = mix(list, h);
        }
        next = p;
        return list;
    }

    private long hashTransformations(byte[] a, ByteBuffer src, int p, int end) {
        int count = count(a, src, p, end, MIN_TRANSFORMATION_BYTES, "transformations");
        p += LENGTH_BYTES;
        long list = Checksum.listStart(count);
        for (int i = 0; i < count; i++) {
            long h = mix(SEED, hashString(a, src, p, end, "transformation name"));
            p = skipString(a, src, p);
            h = mix(h, ordinal(a, src, p, end, TRANSFORMATION_STATUSES.length, "transformation status"));
            p++;
            h = mix(h, int64(a, src, p, end, "transformation startedAt"));
            p += Long.BYTES;
            h = mix(h, int64(a, src, p, end, "transformation finishedAt"));
            p += Long.BYTES;
            int outputCount = count(a, src, p, end, MIN_OUTPUT_BYTES, "transformation outputs");
            p += LENGTH_BYTES;
            long outputs = Checksum.listStart(outputCount);
            for (int j = 0; j < outputCount; j++) {
                long o = mix(SEED, hashString(a, src, p, end, "output name"));
                p = skipString(a, src, p);
                o = mix(o, hashString(a, src, p, end, "output uri"));
                p = skipString(a, src, p);
                outputs = mix(outputs, mix(o, int64(a, src, p, end, "output sizeBytes")));
                p += Long.BYTES;
            }
            list = mix(list, mix(h, outputs));
        }
        next = p;
        return list;
    }
}
