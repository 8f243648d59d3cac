package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codecs.quickbuf.UnknownFields.EnumField;
import dev.wirebench.codecs.quickbuf.generated.ApprovalProto;
import dev.wirebench.codecs.quickbuf.generated.InfrastructureExecutionProto;
import dev.wirebench.codecs.quickbuf.generated.InfrastructureExecutionProto.MetadataEntry;
import dev.wirebench.codecs.quickbuf.generated.InfrastructureExecutionProto.OutputsEntry;
import dev.wirebench.codecs.quickbuf.generated.TransformationProto;
import us.hebi.quickbuf.RepeatedMessage;
import us.hebi.quickbuf.RepeatedString;
import us.hebi.quickbuf.Utf8String;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} ↔ {@link InfrastructureExecutionProto}, and the {@link Checksum}
 * read straight from a parsed message; {@link ApprovalMapping} and {@link TransformationMapping}
 * carry the nested messages.
 *
 * <p>QuickBuffers has no map fields: protoc hands the generator {@code map<string, string>} as what
 * it is on the wire, a repeated {@code MetadataEntry}/{@code OutputsEntry} message of a key (1) and
 * a value (2), and that is what the generated class holds. Both are always set, as protobuf-java
 * writes every entry's key and value, empty or not; entries keep the record map's order. Reading,
 * a key that comes again replaces the value and keeps its first place, as protobuf's map does.
 *
 * <p>Times are {@code google.protobuf.Timestamp}s; a time of 0 ("not yet") is left out of the
 * message (see {@link EpochNanos}).
 */
final class InfrastructureExecutionMapping implements QuickbufMapping<InfrastructureExecution, InfrastructureExecutionProto> {

    private static final EnumField[] ENUMS = {
            new EnumField(4, "InfrastructureExecutionProto.status", EXECUTION_STATUSES.length),
            new EnumField(5, "InfrastructureExecutionProto.trigger", TRIGGER_TYPES.length)};

    private final UnknownFields unknown = new UnknownFields();
    private final Utf8Hash strings = new Utf8Hash();

    // Map.forEach walks the records' LinkedHashMaps without the iterator and entry objects that
    // entrySet() iteration allocates; the callbacks, built once, add to the store set just before
    private final BiConsumer<String, String> putMetadata = this::putMetadata;
    private final BiConsumer<String, String> putOutput = this::putOutput;
    private RepeatedMessage<MetadataEntry> metadataStore;
    private RepeatedMessage<OutputsEntry> outputsStore;

    @Override
    public InfrastructureExecutionProto newMessage() {
        return InfrastructureExecutionProto.newInstance();
    }

    @Override
    public InfrastructureExecutionProto fill(InfrastructureExecutionProto p, InfrastructureExecution x) {
        p.clear();
        if (!x.executionId().isEmpty()) {
            p.setExecutionId(x.executionId());
        }
        if (!x.pipelineId().isEmpty()) {
            p.setPipelineId(x.pipelineId());
        }
        if (!x.projectId().isEmpty()) {
            p.setProjectId(x.projectId());
        }
        if (x.status().ordinal() != 0) {
            p.setStatusValue(x.status().ordinal());
        }
        if (x.trigger().ordinal() != 0) {
            p.setTriggerValue(x.trigger().ordinal());
        }
        if (x.startedAt() != 0) {
            EpochNanos.fill(p.getMutableStartedAt(), x.startedAt());
        }
        if (x.stoppedAt() != 0) {
            EpochNanos.fill(p.getMutableStoppedAt(), x.stoppedAt());
        }
        if (x.approvedAt() != 0) {
            EpochNanos.fill(p.getMutableApprovedAt(), x.approvedAt());
        }
        List<String> instanceIds = x.instanceIds();
        if (!instanceIds.isEmpty()) {
            RepeatedString store = p.getMutableInstanceIds();
            for (int i = 0; i < instanceIds.size(); i++) {
                store.add(instanceIds.get(i));
            }
        }
        List<Approval> approvals = x.approvals();
        if (!approvals.isEmpty()) {
            RepeatedMessage<ApprovalProto> store = p.getMutableApprovals();
            for (int i = 0; i < approvals.size(); i++) {
                ApprovalMapping.fill(store.next(), approvals.get(i));
            }
        }
        List<Transformation> transformations = x.transformations();
        if (!transformations.isEmpty()) {
            RepeatedMessage<TransformationProto> store = p.getMutableTransformations();
            for (int i = 0; i < transformations.size(); i++) {
                TransformationMapping.fill(store.next(), transformations.get(i));
            }
        }
        if (!x.metadata().isEmpty()) {
            metadataStore = p.getMutableMetadata();
            x.metadata().forEach(putMetadata);
            metadataStore = null;
        }
        if (!x.outputs().isEmpty()) {
            outputsStore = p.getMutableOutputs();
            x.outputs().forEach(putOutput);
            outputsStore = null;
        }
        if (x.dryRun()) {
            p.setDryRun(true);
        }
        if (x.rollbackOnFailure()) {
            p.setRollbackOnFailure(true);
        }
        if (x.approvalRequired()) {
            p.setApprovalRequired(true);
        }
        if (!x.errorMessage().isEmpty()) {
            p.setErrorMessage(x.errorMessage());
        }
        return p;
    }

    private void putMetadata(String key, String value) {
        metadataStore.next().setKey(key).setValue(value);
    }

    private void putOutput(String key, String value) {
        outputsStore.next().setKey(key).setValue(value);
    }

    @Override
    public InfrastructureExecution toRecord(InfrastructureExecutionProto p) {
        unknown.check(p, ENUMS);
        RepeatedMessage<ApprovalProto> approvalStore = p.getApprovals();
        List<Approval> approvals = new ArrayList<>(approvalStore.length());
        for (int i = 0; i < approvalStore.length(); i++) {
            approvals.add(ApprovalMapping.toRecord(approvalStore.get(i), unknown));
        }
        RepeatedMessage<TransformationProto> transformationStore = p.getTransformations();
        List<Transformation> transformations = new ArrayList<>(transformationStore.length());
        for (int i = 0; i < transformationStore.length(); i++) {
            transformations.add(TransformationMapping.toRecord(transformationStore.get(i), unknown));
        }
        // the record copies lists and maps
        return new InfrastructureExecution(p.getExecutionId(), p.getPipelineId(), p.getProjectId(),
                status(p), trigger(p), startedAt(p), stoppedAt(p), approvedAt(p),
                UserMapping.strings(p.getInstanceIds()), approvals, transformations,
                metadataMap(p.getMetadata()), outputsMap(p.getOutputs()),
                p.getDryRun(), p.getRollbackOnFailure(), p.getApprovalRequired(), p.getErrorMessage());
    }

    private Map<String, String> metadataMap(RepeatedMessage<MetadataEntry> entries) {
        Map<String, String> map = new LinkedHashMap<>(entries.length() * 2);
        for (int i = 0; i < entries.length(); i++) {
            MetadataEntry e = entries.get(i);
            unknown.note(e);
            map.put(e.getKey(), e.getValue());
        }
        return map;
    }

    private Map<String, String> outputsMap(RepeatedMessage<OutputsEntry> entries) {
        Map<String, String> map = new LinkedHashMap<>(entries.length() * 2);
        for (int i = 0; i < entries.length(); i++) {
            OutputsEntry e = entries.get(i);
            unknown.note(e);
            map.put(e.getKey(), e.getValue());
        }
        return map;
    }

    @Override
    public long checksum(InfrastructureExecutionProto p) {
        unknown.check(p, ENUMS);
        long h = SEED;
        h = mix(h, strings.of(p.getExecutionIdBytes()));
        h = mix(h, strings.of(p.getPipelineIdBytes()));
        h = mix(h, strings.of(p.getProjectIdBytes()));
        h = mix(h, status(p).ordinal());
        h = mix(h, trigger(p).ordinal());
        h = mix(h, startedAt(p));
        h = mix(h, stoppedAt(p));
        h = mix(h, approvedAt(p));
        h = mix(h, strings.of(p.getInstanceIds()));
        RepeatedMessage<ApprovalProto> approvalStore = p.getApprovals();
        long approvals = listStart(approvalStore.length());
        for (int i = 0; i < approvalStore.length(); i++) {
            approvals = mix(approvals, ApprovalMapping.checksum(approvalStore.get(i), unknown, strings));
        }
        h = mix(h, approvals);
        RepeatedMessage<TransformationProto> transformationStore = p.getTransformations();
        long transformations = listStart(transformationStore.length());
        for (int i = 0; i < transformationStore.length(); i++) {
            transformations = mix(transformations,
                    TransformationMapping.checksum(transformationStore.get(i), unknown, strings));
        }
        h = mix(h, transformations);
        h = mix(h, metadataChecksum(p.getMetadata()));
        h = mix(h, outputsChecksum(p.getOutputs()));
        h = mix(h, p.getDryRun());
        h = mix(h, p.getRollbackOnFailure());
        h = mix(h, p.getApprovalRequired());
        return mix(h, strings.of(p.getErrorMessageBytes()));
    }

    /**
     * {@link Checksum#map} of the map the entries make: the sum over distinct keys, each with the value of its last
     * entry. A key that comes again (valid protobuf, never written by an encoder of these records) is
     * looked for among the later entries, so that traverse and decode agree on it too.
     */
    private long metadataChecksum(RepeatedMessage<MetadataEntry> entries) {
        int n = entries.length();
        int distinct = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            MetadataEntry e = entries.get(i);
            unknown.note(e);
            if (!keyComesAgain(entries, i)) {
                distinct++;
                sum += Checksum.mapEntry(strings.of(e.getKeyBytes()), strings.of(e.getValueBytes()));
            }
        }
        return Checksum.map(distinct, sum);
    }

    private long outputsChecksum(RepeatedMessage<OutputsEntry> entries) {
        int n = entries.length();
        int distinct = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            OutputsEntry e = entries.get(i);
            unknown.note(e);
            if (!outputKeyComesAgain(entries, i)) {
                distinct++;
                sum += Checksum.mapEntry(strings.of(e.getKeyBytes()), strings.of(e.getValueBytes()));
            }
        }
        return Checksum.map(distinct, sum);
    }

    private static boolean keyComesAgain(RepeatedMessage<MetadataEntry> entries, int i) {
        Utf8String key = entries.get(i).getKeyBytes();
        for (int j = i + 1; j < entries.length(); j++) {
            if (key.equals(entries.get(j).getKeyBytes())) {
                return true;
            }
        }
        return false;
    }

    private static boolean outputKeyComesAgain(RepeatedMessage<OutputsEntry> entries, int i) {
        Utf8String key = entries.get(i).getKeyBytes();
        for (int j = i + 1; j < entries.length(); j++) {
            if (key.equals(entries.get(j).getKeyBytes())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean sawUnknownFields() {
        return unknown.takeSeen();
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static ExecutionStatus status(InfrastructureExecutionProto p) {
        return Ordinals.of(EXECUTION_STATUSES, p.getStatusValue(), "InfrastructureExecutionProto.status");
    }

    private static TriggerType trigger(InfrastructureExecutionProto p) {
        return Ordinals.of(TRIGGER_TYPES, p.getTriggerValue(), "InfrastructureExecutionProto.trigger");
    }

    private long startedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getStartedAt(), "InfrastructureExecutionProto.started_at", unknown);
    }

    private long stoppedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getStoppedAt(), "InfrastructureExecutionProto.stopped_at", unknown);
    }

    private long approvedAt(InfrastructureExecutionProto p) {
        return EpochNanos.of(p.getApprovedAt(), "InfrastructureExecutionProto.approved_at", unknown);
    }
}
