package dev.wirebench.codec.message;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * A deployment pipeline execution: the large nested message of the PostgreSQL reference benchmark
 * (~2 KB as protobuf binary for the reference sample).
 *
 * <p>Maps keep insertion order for deterministic encodings, but their equality and their
 * {@link dev.wirebench.codec.Checksum} ignore order, as a map's should.
 *
 * @param executionId       execution UUID
 * @param pipelineId        pipeline name
 * @param projectId         owning project
 * @param status            lifecycle state
 * @param trigger           what started it
 * @param startedAt         epoch nanoseconds
 * @param stoppedAt         epoch nanoseconds (0 while running)
 * @param approvedAt        epoch nanoseconds (0 if not approved)
 * @param instanceIds       the compute instances it touched (unmodifiable)
 * @param approvals         approvals in request order (unmodifiable)
 * @param transformations   steps in run order (unmodifiable)
 * @param metadata          free-form labels (unmodifiable)
 * @param outputs           named results (unmodifiable)
 * @param dryRun            whether nothing was changed
 * @param rollbackOnFailure whether a failure rolls back
 * @param approvalRequired  whether approval gates the run
 * @param errorMessage      failure text, empty when none
 */
public record InfrastructureExecution(String executionId, String pipelineId, String projectId,
                                      ExecutionStatus status, TriggerType trigger,
                                      long startedAt, long stoppedAt, long approvedAt,
                                      List<String> instanceIds, List<Approval> approvals,
                                      List<Transformation> transformations,
                                      Map<String, String> metadata, Map<String, String> outputs,
                                      boolean dryRun, boolean rollbackOnFailure, boolean approvalRequired,
                                      String errorMessage) implements Serializable {

    public InfrastructureExecution {
        Fields.require(executionId, "executionId");
        Fields.require(pipelineId, "pipelineId");
        Fields.require(projectId, "projectId");
        Fields.require(status, "status");
        Fields.require(trigger, "trigger");
        Fields.require(errorMessage, "errorMessage");
        instanceIds = Fields.copy(instanceIds, "instanceIds");
        approvals = Fields.copy(approvals, "approvals");
        transformations = Fields.copy(transformations, "transformations");
        metadata = Fields.copy(metadata, "metadata");
        outputs = Fields.copy(outputs, "outputs");
    }
}
