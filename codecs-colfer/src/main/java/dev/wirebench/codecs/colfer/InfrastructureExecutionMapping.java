package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codecs.colfer.generated.ApprovalColfer;
import dev.wirebench.codecs.colfer.generated.InfrastructureExecutionColfer;
import dev.wirebench.codecs.colfer.generated.StringEntryColfer;
import dev.wirebench.codecs.colfer.generated.TransformationColfer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static dev.wirebench.codec.Ordinals.EXECUTION_STATUSES;
import static dev.wirebench.codec.Ordinals.TRIGGER_TYPES;

/**
 * {@link InfrastructureExecution} ↔ {@link InfrastructureExecutionColfer}. Colfer has no maps:
 * {@code metadata} and {@code outputs} are lists of {@link StringEntryColfer} in the map's
 * iteration (insertion) order; decode rejects a key that appears twice.
 */
final class InfrastructureExecutionMapping implements ColferMapping<InfrastructureExecution, InfrastructureExecutionColfer> {

    private static final String[] NO_STRINGS = {};
    private static final ApprovalColfer[] NO_APPROVALS = {};
    private static final TransformationColfer[] NO_TRANSFORMATIONS = {};
    private static final StringEntryColfer[] NO_ENTRIES = {};

    // Map.forEach walks the records' LinkedHashMaps without the iterator and entry objects that
    // entrySet() iteration allocates; the callback, built once, fills the entry array below
    private final BiConsumer<String, String> putEntry = this::putEntry;
    private StringEntryColfer[] entries;
    private int nextEntry;

    @Override
    public InfrastructureExecutionColfer newStruct() {
        return new InfrastructureExecutionColfer();
    }

    @Override
    public void fill(InfrastructureExecutionColfer s, InfrastructureExecution x) {
        s.executionId = x.executionId();
        s.pipelineId = x.pipelineId();
        s.projectId = x.projectId();
        s.status = (byte) x.status().ordinal();
        s.trigger = (byte) x.trigger().ordinal();
        s.startedAt = x.startedAt();
        s.stoppedAt = x.stoppedAt();
        s.approvedAt = x.approvedAt();
        s.instanceIds = ColferArrays.strings(s.instanceIds, x.instanceIds());
        List<Approval> approvals = x.approvals();
        ApprovalColfer[] approvalArray = ColferArrays.resize(s.approvals, approvals.size(), ApprovalColfer::new);
        for (int i = 0; i < approvalArray.length; i++) {
            ApprovalMapping.fill(approvalArray[i], approvals.get(i));
        }
        s.approvals = approvalArray;
        List<Transformation> transformations = x.transformations();
        TransformationColfer[] transformationArray =
                ColferArrays.resize(s.transformations, transformations.size(), TransformationColfer::new);
        for (int i = 0; i < transformationArray.length; i++) {
            TransformationMapping.fill(transformationArray[i], transformations.get(i));
        }
        s.transformations = transformationArray;
        s.metadata = fillEntries(s.metadata, x.metadata());
        s.outputs = fillEntries(s.outputs, x.outputs());
        s.dryRun = x.dryRun();
        s.rollbackOnFailure = x.rollbackOnFailure();
        s.approvalRequired = x.approvalRequired();
        s.errorMessage = x.errorMessage();
    }

    private StringEntryColfer[] fillEntries(StringEntryColfer[] current, Map<String, String> map) {
        entries = ColferArrays.resize(current, map.size(), StringEntryColfer::new);
        nextEntry = 0;
        map.forEach(putEntry);
        StringEntryColfer[] filled = entries;
        entries = null;
        return filled;
    }

    private void putEntry(String key, String value) {
        StringEntryColfer entry = entries[nextEntry++];
        entry.key = key;
        entry.value = value;
    }

    @Override
    public int marshal(InfrastructureExecutionColfer s, byte[] buf, int offset) {
        return s.marshal(buf, offset);
    }

    @Override
    public void reset(InfrastructureExecutionColfer s) {
        s.executionId = "";
        s.pipelineId = "";
        s.projectId = "";
        s.status = 0;
        s.trigger = 0;
        s.startedAt = 0;
        s.stoppedAt = 0;
        s.approvedAt = 0;
        s.instanceIds = NO_STRINGS;
        s.approvals = NO_APPROVALS;
        s.transformations = NO_TRANSFORMATIONS;
        s.metadata = NO_ENTRIES;
        s.outputs = NO_ENTRIES;
        s.dryRun = false;
        s.rollbackOnFailure = false;
        s.approvalRequired = false;
        s.errorMessage = "";
    }

    @Override
    public int unmarshal(InfrastructureExecutionColfer s, byte[] buf, int offset, int end) {
        return s.unmarshal(buf, offset, end);
    }

    @Override
    public InfrastructureExecution toRecord(InfrastructureExecutionColfer s) {
        Approval[] approvals = new Approval[s.approvals.length];
        for (int i = 0; i < approvals.length; i++) {
            approvals[i] = ApprovalMapping.toRecord(s.approvals[i]);
        }
        Transformation[] transformations = new Transformation[s.transformations.length];
        for (int i = 0; i < transformations.length; i++) {
            transformations[i] = TransformationMapping.toRecord(s.transformations[i]);
        }
        return new InfrastructureExecution(s.executionId, s.pipelineId, s.projectId,
                Ordinals.of(EXECUTION_STATUSES, s.status & 0xFF, "InfrastructureExecutionColfer.status"),
                Ordinals.of(TRIGGER_TYPES, s.trigger & 0xFF, "InfrastructureExecutionColfer.trigger"),
                s.startedAt, s.stoppedAt, s.approvedAt, List.of(s.instanceIds), List.of(approvals),
                List.of(transformations), map(s.metadata, "metadata"), map(s.outputs, "outputs"),
                s.dryRun, s.rollbackOnFailure, s.approvalRequired, s.errorMessage);
    }

    private static Map<String, String> map(StringEntryColfer[] entries, String field) {
        Map<String, String> map = new LinkedHashMap<>(entries.length * 4 / 3 + 1);
        for (int i = 0; i < entries.length; i++) {
            if (map.put(entries[i].key, entries[i].value) != null) {
                throw new IllegalArgumentException("InfrastructureExecutionColfer." + field + "[" + i
                        + "] repeats the key of an earlier entry");
            }
        }
        return map;
    }

    @Override
    public long checksum(InfrastructureExecutionColfer s) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Checksum.string(s.executionId));
        h = Checksum.mix(h, Checksum.string(s.pipelineId));
        h = Checksum.mix(h, Checksum.string(s.projectId));
        h = Checksum.mix(h,
                Ordinals.check(s.status & 0xFF, EXECUTION_STATUSES.length, "InfrastructureExecutionColfer.status"));
        h = Checksum.mix(h,
                Ordinals.check(s.trigger & 0xFF, TRIGGER_TYPES.length, "InfrastructureExecutionColfer.trigger"));
        h = Checksum.mix(h, s.startedAt);
        h = Checksum.mix(h, s.stoppedAt);
        h = Checksum.mix(h, s.approvedAt);
        h = Checksum.mix(h, ColferArrays.checksum(s.instanceIds));
        long approvals = Checksum.listStart(s.approvals.length);
        for (ApprovalColfer a : s.approvals) {
            approvals = Checksum.mix(approvals, ApprovalMapping.checksum(a));
        }
        h = Checksum.mix(h, approvals);
        long transformations = Checksum.listStart(s.transformations.length);
        for (TransformationColfer t : s.transformations) {
            transformations = Checksum.mix(transformations, TransformationMapping.checksum(t));
        }
        h = Checksum.mix(h, transformations);
        h = Checksum.mix(h, checksum(s.metadata));
        h = Checksum.mix(h, checksum(s.outputs));
        h = Checksum.mix(h, s.dryRun);
        h = Checksum.mix(h, s.rollbackOnFailure);
        h = Checksum.mix(h, s.approvalRequired);
        return Checksum.mix(h, Checksum.string(s.errorMessage));
    }

    /** The map value of an entry list; a repeated key is not looked for (that would take a set). */
    private static long checksum(StringEntryColfer[] entries) {
        long sum = 0;
        for (StringEntryColfer e : entries) {
            sum += Checksum.mapEntry(Checksum.string(e.key), Checksum.string(e.value));
        }
        return Checksum.map(entries.length, sum);
    }

    @Override
    public int sizeMax() {
        return InfrastructureExecutionColfer.colferSizeMax;
    }
}
