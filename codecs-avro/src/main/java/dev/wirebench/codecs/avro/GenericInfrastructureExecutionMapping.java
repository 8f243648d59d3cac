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
import dev.wirebench.codecs.avro.generated.InfrastructureExecutionAvro;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

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
import static dev.wirebench.codecs.avro.GenericSchemas.items;
import static dev.wirebench.codecs.avro.GenericSchemas.ordinal;
import static dev.wirebench.codecs.avro.GenericSchemas.pos;
import static dev.wirebench.codecs.avro.GenericSchemas.schema;
import static dev.wirebench.codecs.avro.GenericSchemas.symbols;

/**
 * {@link InfrastructureExecution} ↔ a {@link GenericData.Record} of {@code infrastructure_execution.avsc}, with its
 * nested approvals, user infos, transformations and outputs as records of their own, and the checksum of a read one.
 */
final class GenericInfrastructureExecutionMapping {

    static final Schema SCHEMA = InfrastructureExecutionAvro.getClassSchema();
    private static final int EXECUTION_ID = pos(SCHEMA, "executionId");
    private static final int PIPELINE_ID = pos(SCHEMA, "pipelineId");
    private static final int PROJECT_ID = pos(SCHEMA, "projectId");
    private static final int STATUS = pos(SCHEMA, "status");
    private static final int TRIGGER = pos(SCHEMA, "trigger");
    private static final int STARTED_AT = pos(SCHEMA, "startedAt");
    private static final int STOPPED_AT = pos(SCHEMA, "stoppedAt");
    private static final int APPROVED_AT = pos(SCHEMA, "approvedAt");
    private static final int INSTANCE_IDS = pos(SCHEMA, "instanceIds");
    private static final int APPROVALS = pos(SCHEMA, "approvals");
    private static final int TRANSFORMATIONS = pos(SCHEMA, "transformations");
    private static final int METADATA = pos(SCHEMA, "metadata");
    private static final int OUTPUTS = pos(SCHEMA, "outputs");
    private static final int DRY_RUN = pos(SCHEMA, "dryRun");
    private static final int ROLLBACK_ON_FAILURE = pos(SCHEMA, "rollbackOnFailure");
    private static final int APPROVAL_REQUIRED = pos(SCHEMA, "approvalRequired");
    private static final int ERROR_MESSAGE = pos(SCHEMA, "errorMessage");
    private static final Schema STATUS_SCHEMA = schema(SCHEMA, "status");
    private static final Schema TRIGGER_SCHEMA = schema(SCHEMA, "trigger");
    private static final GenericData.EnumSymbol[] STATUS_SYMBOLS = symbols(STATUS_SCHEMA);
    private static final GenericData.EnumSymbol[] TRIGGER_SYMBOLS = symbols(TRIGGER_SCHEMA);

    private static final Schema APPROVAL = items(SCHEMA, "approvals");
    private static final int APPROVER = pos(APPROVAL, "approver");
    private static final int DECISION = pos(APPROVAL, "decision");
    private static final int DECIDED_AT = pos(APPROVAL, "decidedAt");
    private static final int COMMENT = pos(APPROVAL, "comment");
    private static final Schema DECISION_SCHEMA = schema(APPROVAL, "decision");
    private static final GenericData.EnumSymbol[] DECISION_SYMBOLS = symbols(DECISION_SCHEMA);

    private static final Schema USER_INFO = schema(APPROVAL, "approver");
    private static final int USER_ID = pos(USER_INFO, "userId");
    private static final int DISPLAY_NAME = pos(USER_INFO, "displayName");
    private static final int EMAIL = pos(USER_INFO, "email");
    private static final int TEAM = pos(USER_INFO, "team");

    private static final Schema TRANSFORMATION = items(SCHEMA, "transformations");
    private static final int NAME = pos(TRANSFORMATION, "name");
    private static final int TRANSFORMATION_STATUS = pos(TRANSFORMATION, "status");
    private static final int TRANSFORMATION_STARTED_AT = pos(TRANSFORMATION, "startedAt");
    private static final int FINISHED_AT = pos(TRANSFORMATION, "finishedAt");
    private static final int TRANSFORMATION_OUTPUTS = pos(TRANSFORMATION, "outputs");
    private static final Schema TRANSFORMATION_STATUS_SCHEMA = schema(TRANSFORMATION, "status");
    private static final GenericData.EnumSymbol[] TRANSFORMATION_STATUS_SYMBOLS = symbols(TRANSFORMATION_STATUS_SCHEMA);

    private static final Schema OUTPUT = items(TRANSFORMATION, "outputs");
    private static final int OUTPUT_NAME = pos(OUTPUT, "name");
    private static final int URI = pos(OUTPUT, "uri");
    private static final int SIZE_BYTES = pos(OUTPUT, "sizeBytes");

    private GenericInfrastructureExecutionMapping() {
    }

    static GenericData.Record toGeneric(InfrastructureExecution x) {
        List<Approval> approvals = x.approvals();
        List<GenericData.Record> genericApprovals = new ArrayList<>(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            genericApprovals.add(toGeneric(approvals.get(i)));
        }
        List<Transformation> transformations = x.transformations();
        List<GenericData.Record> genericTransformations = new ArrayList<>(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            genericTransformations.add(toGeneric(transformations.get(i)));
        }
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put(EXECUTION_ID, x.executionId());
        r.put(PIPELINE_ID, x.pipelineId());
        r.put(PROJECT_ID, x.projectId());
        r.put(STATUS, STATUS_SYMBOLS[x.status().ordinal()]);
        r.put(TRIGGER, TRIGGER_SYMBOLS[x.trigger().ordinal()]);
        r.put(STARTED_AT, x.startedAt());
        r.put(STOPPED_AT, x.stoppedAt());
        r.put(APPROVED_AT, x.approvedAt());
        r.put(INSTANCE_IDS, x.instanceIds());
        r.put(APPROVALS, genericApprovals);
        r.put(TRANSFORMATIONS, genericTransformations);
        // insertion-ordered, written in that order: equal records encode to equal bytes
        r.put(METADATA, x.metadata());
        r.put(OUTPUTS, x.outputs());
        r.put(DRY_RUN, x.dryRun());
        r.put(ROLLBACK_ON_FAILURE, x.rollbackOnFailure());
        r.put(APPROVAL_REQUIRED, x.approvalRequired());
        r.put(ERROR_MESSAGE, x.errorMessage());
        return r;
    }

    private static GenericData.Record toGeneric(Approval a) {
        UserInfo u = a.approver();
        GenericData.Record approver = new GenericData.Record(USER_INFO);
        approver.put(USER_ID, u.userId());
        approver.put(DISPLAY_NAME, u.displayName());
        approver.put(EMAIL, u.email());
        approver.put(TEAM, u.team());
        GenericData.Record r = new GenericData.Record(APPROVAL);
        r.put(APPROVER, approver);
        r.put(DECISION, DECISION_SYMBOLS[a.decision().ordinal()]);
        r.put(DECIDED_AT, a.decidedAt());
        r.put(COMMENT, a.comment());
        return r;
    }

    private static GenericData.Record toGeneric(Transformation t) {
        List<TransformationOutput> outputs = t.outputs();
        List<GenericData.Record> genericOutputs = new ArrayList<>(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutput o = outputs.get(i);
            GenericData.Record output = new GenericData.Record(OUTPUT);
            output.put(OUTPUT_NAME, o.name());
            output.put(URI, o.uri());
            output.put(SIZE_BYTES, o.sizeBytes());
            genericOutputs.add(output);
        }
        GenericData.Record r = new GenericData.Record(TRANSFORMATION);
        r.put(NAME, t.name());
        r.put(TRANSFORMATION_STATUS, TRANSFORMATION_STATUS_SYMBOLS[t.status().ordinal()]);
        r.put(TRANSFORMATION_STARTED_AT, t.startedAt());
        r.put(FINISHED_AT, t.finishedAt());
        r.put(TRANSFORMATION_OUTPUTS, genericOutputs);
        return r;
    }

    static InfrastructureExecution toRecord(GenericData.Record r) {
        List<?> genericApprovals = (List<?>) r.get(APPROVALS);
        List<Approval> approvals = new ArrayList<>(genericApprovals.size());
        for (int i = 0; i < genericApprovals.size(); i++) {
            approvals.add(toApproval((GenericData.Record) genericApprovals.get(i)));
        }
        List<?> genericTransformations = (List<?>) r.get(TRANSFORMATIONS);
        List<Transformation> transformations = new ArrayList<>(genericTransformations.size());
        for (int i = 0; i < genericTransformations.size(); i++) {
            transformations.add(toTransformation((GenericData.Record) genericTransformations.get(i)));
        }
        // the record copies lists and maps, so the read ones are handed over as they are
        return new InfrastructureExecution((String) r.get(EXECUTION_ID), (String) r.get(PIPELINE_ID),
                (String) r.get(PROJECT_ID), status(r), trigger(r), (Long) r.get(STARTED_AT),
                (Long) r.get(STOPPED_AT), (Long) r.get(APPROVED_AT), strings(r, INSTANCE_IDS), approvals,
                transformations, map(r, METADATA), map(r, OUTPUTS), (Boolean) r.get(DRY_RUN),
                (Boolean) r.get(ROLLBACK_ON_FAILURE), (Boolean) r.get(APPROVAL_REQUIRED),
                (String) r.get(ERROR_MESSAGE));
    }

    private static Approval toApproval(GenericData.Record r) {
        GenericData.Record u = (GenericData.Record) r.get(APPROVER);
        return new Approval(new UserInfo((String) u.get(USER_ID), (String) u.get(DISPLAY_NAME),
                (String) u.get(EMAIL), (String) u.get(TEAM)), decision(r), (Long) r.get(DECIDED_AT),
                (String) r.get(COMMENT));
    }

    private static Transformation toTransformation(GenericData.Record r) {
        List<?> genericOutputs = (List<?>) r.get(TRANSFORMATION_OUTPUTS);
        List<TransformationOutput> outputs = new ArrayList<>(genericOutputs.size());
        for (int i = 0; i < genericOutputs.size(); i++) {
            GenericData.Record o = (GenericData.Record) genericOutputs.get(i);
            outputs.add(new TransformationOutput((String) o.get(OUTPUT_NAME), (String) o.get(URI),
                    (Long) o.get(SIZE_BYTES)));
        }
        return new Transformation((String) r.get(NAME), transformationStatus(r), (Long) r.get(TRANSFORMATION_STARTED_AT),
                (Long) r.get(FINISHED_AT), outputs);
    }

    /** {@code Checksum.of(toRecord(r))}, without building the record. */
    static long checksum(GenericData.Record r) {
        long h = SEED;
        h = mix(h, string((String) r.get(EXECUTION_ID)));
        h = mix(h, string((String) r.get(PIPELINE_ID)));
        h = mix(h, string((String) r.get(PROJECT_ID)));
        h = mix(h, status(r).ordinal());
        h = mix(h, trigger(r).ordinal());
        h = mix(h, (Long) r.get(STARTED_AT));
        h = mix(h, (Long) r.get(STOPPED_AT));
        h = mix(h, (Long) r.get(APPROVED_AT));
        h = mix(h, Checksum.strings(strings(r, INSTANCE_IDS)));
        List<?> approvals = (List<?>) r.get(APPROVALS);
        long approvalsHash = listStart(approvals.size());
        for (int i = 0; i < approvals.size(); i++) {
            approvalsHash = mix(approvalsHash, approvalChecksum((GenericData.Record) approvals.get(i)));
        }
        h = mix(h, approvalsHash);
        List<?> transformations = (List<?>) r.get(TRANSFORMATIONS);
        long transformationsHash = listStart(transformations.size());
        for (int i = 0; i < transformations.size(); i++) {
            transformationsHash = mix(transformationsHash,
                    transformationChecksum((GenericData.Record) transformations.get(i)));
        }
        h = mix(h, transformationsHash);
        h = mix(h, Checksum.map(map(r, METADATA)));
        h = mix(h, Checksum.map(map(r, OUTPUTS)));
        h = mix(h, (Boolean) r.get(DRY_RUN));
        h = mix(h, (Boolean) r.get(ROLLBACK_ON_FAILURE));
        h = mix(h, (Boolean) r.get(APPROVAL_REQUIRED));
        return mix(h, string((String) r.get(ERROR_MESSAGE)));
    }

    private static long approvalChecksum(GenericData.Record r) {
        GenericData.Record u = (GenericData.Record) r.get(APPROVER);
        long approver = SEED;
        approver = mix(approver, string((String) u.get(USER_ID)));
        approver = mix(approver, string((String) u.get(DISPLAY_NAME)));
        approver = mix(approver, string((String) u.get(EMAIL)));
        approver = mix(approver, string((String) u.get(TEAM)));
        long h = SEED;
        h = mix(h, approver);
        h = mix(h, decision(r).ordinal());
        h = mix(h, (Long) r.get(DECIDED_AT));
        return mix(h, string((String) r.get(COMMENT)));
    }

    private static long transformationChecksum(GenericData.Record r) {
        long h = SEED;
        h = mix(h, string((String) r.get(NAME)));
        h = mix(h, transformationStatus(r).ordinal());
        h = mix(h, (Long) r.get(TRANSFORMATION_STARTED_AT));
        h = mix(h, (Long) r.get(FINISHED_AT));
        List<?> outputs = (List<?>) r.get(TRANSFORMATION_OUTPUTS);
        long outputsHash = listStart(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            GenericData.Record o = (GenericData.Record) outputs.get(i);
            long output = SEED;
            output = mix(output, string((String) o.get(OUTPUT_NAME)));
            output = mix(output, string((String) o.get(URI)));
            output = mix(output, (Long) o.get(SIZE_BYTES));
            outputsHash = mix(outputsHash, output);
        }
        return mix(h, outputsHash);
    }

    @SuppressWarnings("unchecked") // read with "avro.java.string": "String": the elements are Strings
    private static List<String> strings(GenericData.Record r, int pos) {
        return (List<String>) r.get(pos);
    }

    @SuppressWarnings("unchecked") // read with "avro.java.string": "String" on the map and its values: String keys and values
    private static Map<String, String> map(GenericData.Record r, int pos) {
        return (Map<String, String>) r.get(pos);
    }

    private static ExecutionStatus status(GenericData.Record r) {
        return Ordinals.of(EXECUTION_STATUSES, ordinal(r.get(STATUS), STATUS_SCHEMA), "InfrastructureExecutionAvro.status");
    }

    private static TriggerType trigger(GenericData.Record r) {
        return Ordinals.of(TRIGGER_TYPES, ordinal(r.get(TRIGGER), TRIGGER_SCHEMA), "InfrastructureExecutionAvro.trigger");
    }

    private static ApprovalDecision decision(GenericData.Record r) {
        return Ordinals.of(APPROVAL_DECISIONS, ordinal(r.get(DECISION), DECISION_SCHEMA), "ApprovalAvro.decision");
    }

    private static TransformationStatus transformationStatus(GenericData.Record r) {
        return Ordinals.of(TRANSFORMATION_STATUSES, ordinal(r.get(TRANSFORMATION_STATUS), TRANSFORMATION_STATUS_SCHEMA),
                "TransformationAvro.status");
    }
}
