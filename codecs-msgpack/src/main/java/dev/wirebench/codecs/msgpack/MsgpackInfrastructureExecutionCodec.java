package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.UserInfo;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;

/**
 * {@link InfrastructureExecution} as the array of its 17 components: {@code [executionId, pipelineId, projectId,
 * status, trigger, startedAt, stoppedAt, approvedAt, [instanceId...], [approval...], [transformation...],
 * {metadata}, {outputs}, dryRun, rollbackOnFailure, approvalRequired, errorMessage]}, where an {@link Approval} is
 * {@code [[userId, displayName, email, team], decision, decidedAt, comment]}, a {@link Transformation}
 * {@code [name, status, startedAt, finishedAt, [[name, uri, sizeBytes]...]]}, enums are ordinals and the two maps
 * are msgpack maps of str to str.
 */
final class MsgpackInfrastructureExecutionCodec extends MsgpackCodec<InfrastructureExecution> {

    static final int FIELDS = 17;
    static final int APPROVAL_FIELDS = 4;
    static final int USER_INFO_FIELDS = 4;
    static final int TRANSFORMATION_FIELDS = 5;
    static final int OUTPUT_FIELDS = 3;
    /** The fewest bytes of each element, every value taking at least one: its array header(s) plus one a value. */
    private static final int APPROVAL_MIN_BYTES = 1 + (1 + USER_INFO_FIELDS) + (APPROVAL_FIELDS - 1);
    private static final int TRANSFORMATION_MIN_BYTES = 1 + TRANSFORMATION_FIELDS;
    private static final int OUTPUT_MIN_BYTES = 1 + OUTPUT_FIELDS;

    MsgpackInfrastructureExecutionCodec() {
        super(MessageType.INFRA_EXECUTION);
    }

    @Override
    void pack(InfrastructureExecution x, MessagePacker p) throws IOException {
        p.packArrayHeader(FIELDS);
        packString(p, x.executionId());
        packString(p, x.pipelineId());
        packString(p, x.projectId());
        p.packInt(x.status().ordinal());
        p.packInt(x.trigger().ordinal());
        p.packLong(x.startedAt());
        p.packLong(x.stoppedAt());
        p.packLong(x.approvedAt());
        packStrings(p, x.instanceIds());
        List<Approval> approvals = x.approvals();
        p.packArrayHeader(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            Approval a = approvals.get(i);
            p.packArrayHeader(APPROVAL_FIELDS);
            UserInfo who = a.approver();
            p.packArrayHeader(USER_INFO_FIELDS);
            packString(p, who.userId());
            packString(p, who.displayName());
            packString(p, who.email());
            packString(p, who.team());
            p.packInt(a.decision().ordinal());
            p.packLong(a.decidedAt());
            packString(p, a.comment());
        }
        List<Transformation> transformations = x.transformations();
        p.packArrayHeader(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            Transformation t = transformations.get(i);
            p.packArrayHeader(TRANSFORMATION_FIELDS);
            packString(p, t.name());
            p.packInt(t.status().ordinal());
            p.packLong(t.startedAt());
            p.packLong(t.finishedAt());
            List<TransformationOutput> outputs = t.outputs();
            p.packArrayHeader(outputs.size());
            for (int j = 0; j < outputs.size(); j++) {
                TransformationOutput o = outputs.get(j);
                p.packArrayHeader(OUTPUT_FIELDS);
                packString(p, o.name());
                packString(p, o.uri());
                p.packLong(o.sizeBytes());
            }
        }
        packMap(p, x.metadata());
        packMap(p, x.outputs());
        p.packBoolean(x.dryRun());
        p.packBoolean(x.rollbackOnFailure());
        p.packBoolean(x.approvalRequired());
        packString(p, x.errorMessage());
    }

    @Override
    InfrastructureExecution unpack(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "InfrastructureExecution");
        String executionId = u.unpackString();
        String pipelineId = u.unpackString();
        String projectId = u.unpackString();
        var status = Ordinals.of(Ordinals.EXECUTION_STATUSES, u.unpackInt(), "InfrastructureExecution.status");
        var trigger = Ordinals.of(Ordinals.TRIGGER_TYPES, u.unpackInt(), "InfrastructureExecution.trigger");
        long startedAt = u.unpackLong();
        long stoppedAt = u.unpackLong();
        long approvedAt = u.unpackLong();
        List<String> instanceIds = strings(u, "InfrastructureExecution.instanceIds");
        int n = listSize(u, APPROVAL_MIN_BYTES, "InfrastructureExecution.approvals");
        List<Approval> approvals = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            record(u, APPROVAL_FIELDS, "Approval");
            record(u, USER_INFO_FIELDS, "UserInfo");
            UserInfo approver = new UserInfo(u.unpackString(), u.unpackString(), u.unpackString(), u.unpackString());
            approvals.add(new Approval(approver,
                    Ordinals.of(Ordinals.APPROVAL_DECISIONS, u.unpackInt(), "Approval.decision"),
                    u.unpackLong(), u.unpackString()));
        }
        n = listSize(u, TRANSFORMATION_MIN_BYTES, "InfrastructureExecution.transformations");
        List<Transformation> transformations = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            record(u, TRANSFORMATION_FIELDS, "Transformation");
            String name = u.unpackString();
            var state = Ordinals.of(Ordinals.TRANSFORMATION_STATUSES, u.unpackInt(), "Transformation.status");
            long started = u.unpackLong();
            long finished = u.unpackLong();
            int m = listSize(u, OUTPUT_MIN_BYTES, "Transformation.outputs");
            List<TransformationOutput> outputs = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                record(u, OUTPUT_FIELDS, "TransformationOutput");
                outputs.add(new TransformationOutput(u.unpackString(), u.unpackString(), u.unpackLong()));
            }
            transformations.add(new Transformation(name, state, started, finished, outputs));
        }
        var metadata = map(u, "InfrastructureExecution.metadata");
        var outputs = map(u, "InfrastructureExecution.outputs");
        boolean dryRun = u.unpackBoolean();
        boolean rollbackOnFailure = u.unpackBoolean();
        boolean approvalRequired = u.unpackBoolean();
        String errorMessage = u.unpackString();
        return new InfrastructureExecution(executionId, pipelineId, projectId, status, trigger, startedAt, stoppedAt,
                approvedAt, instanceIds, approvals, transformations, metadata, outputs, dryRun, rollbackOnFailure,
                approvalRequired, errorMessage);
    }

    @Override
    long hash(MessageUnpacker u) throws IOException {
        record(u, FIELDS, "InfrastructureExecution");
        long h = mix(SEED, hashString(u));
        h = mix(h, hashString(u));
        h = mix(h, hashString(u));
        h = mix(h, ordinal(u, Ordinals.EXECUTION_STATUSES.length, "InfrastructureExecution.status"));
        h = mix(h, ordinal(u, Ordinals.TRIGGER_TYPES.length, "InfrastructureExecution.trigger"));
        h = mix(h, u.unpackLong());
        h = mix(h, u.unpackLong());
        h = mix(h, u.unpackLong());
        h = mix(h, hashStrings(u, "InfrastructureExecution.instanceIds"));
        int n = listSize(u, APPROVAL_MIN_BYTES, "InfrastructureExecution.approvals");
        long list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            record(u, APPROVAL_FIELDS, "Approval");
            record(u, USER_INFO_FIELDS, "UserInfo");
            long who = mix(SEED, hashString(u));
            who = mix(who, hashString(u));
            who = mix(who, hashString(u));
            who = mix(who, hashString(u));
            long a = mix(SEED, who);
            a = mix(a, ordinal(u, Ordinals.APPROVAL_DECISIONS.length, "Approval.decision"));
            a = mix(a, u.unpackLong());
            a = mix(a, hashString(u));
            list = mix(list, a);
        }
        h = mix(h, list);
        n = listSize(u, TRANSFORMATION_MIN_BYTES, "InfrastructureExecution.transformations");
        list = Checksum.listStart(n);
        for (int i = 0; i < n; i++) {
            record(u, TRANSFORMATION_FIELDS, "Transformation");
            long t = mix(SEED, hashString(u));
            t = mix(t, ordinal(u, Ordinals.TRANSFORMATION_STATUSES.length, "Transformation.status"));
            t = mix(t, u.unpackLong());
            t = mix(t, u.unpackLong());
            int m = listSize(u, OUTPUT_MIN_BYTES, "Transformation.outputs");
            long outputs = Checksum.listStart(m);
            for (int j = 0; j < m; j++) {
                record(u, OUTPUT_FIELDS, "TransformationOutput");
                long o = mix(SEED, hashString(u));
                o = mix(o, hashString(u));
                outputs = mix(outputs, mix(o, u.unpackLong()));
            }
            list = mix(list, mix(t, outputs));
        }
        h = mix(h, list);
        h = mix(h, hashMap(u, "InfrastructureExecution.metadata"));
        h = mix(h, hashMap(u, "InfrastructureExecution.outputs"));
        h = mix(h, u.unpackBoolean());
        h = mix(h, u.unpackBoolean());
        h = mix(h, u.unpackBoolean());
        return mix(h, hashString(u));
    }
}
