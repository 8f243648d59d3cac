// A deployment pipeline execution: the ~2 KB nested message of the PostgreSQL reference
// benchmark.
//
// Structs end in "Thrift" so that Java code mapping them to the canonical records of the same
// name reads without fully qualified names. Default requiredness: every field is always written.
// Times are epoch nanoseconds in an i64 (Thrift has no timestamp type), 0 meaning "not yet"
// (not stopped, not approved, pending), written like any other value.

namespace java dev.wirebench.codecs.thrift.generated
namespace py wirebench.infrastructure_execution

struct InfrastructureExecutionThrift {
  1: string executionId,        // a UUID in text form
  2: string pipelineId,
  3: string projectId,
  4: ExecutionStatus status,
  5: TriggerType trigger,
  6: i64 startedAt,
  7: i64 stoppedAt,             // 0 while running
  8: i64 approvedAt,            // 0 if not approved
  9: list<string> instanceIds,
  10: list<ApprovalThrift> approvals,
  11: list<TransformationThrift> transformations,
  // free-form labels and named results; written in the record's insertion order
  12: map<string, string> metadata,
  13: map<string, string> outputs,
  14: bool dryRun,
  15: bool rollbackOnFailure,
  16: bool approvalRequired,
  17: string errorMessage,      // empty when the run succeeded
}

struct ApprovalThrift {
  1: UserInfoThrift approver,
  2: ApprovalDecision decision,
  3: i64 decidedAt,             // 0 while pending
  4: string comment,
}

struct UserInfoThrift {
  1: string userId,
  2: string displayName,
  3: string email,
  4: string team,
}

struct TransformationThrift {
  1: string name,
  2: TransformationStatus status,
  3: i64 startedAt,
  4: i64 finishedAt,            // 0 while running
  5: list<TransformationOutputThrift> outputs,
}

struct TransformationOutputThrift {
  1: string name,
  2: string uri,
  3: i64 sizeBytes,
}

enum ExecutionStatus {
  PENDING = 0,
  AWAITING_APPROVAL = 1,
  RUNNING = 2,
  SUCCEEDED = 3,
  FAILED = 4,
  CANCELLED = 5,
}

enum TriggerType {
  MANUAL = 0,
  SCHEDULE = 1,
  WEBHOOK = 2,
  API = 3,
}

enum ApprovalDecision {
  PENDING = 0,
  APPROVED = 1,
  REJECTED = 2,
}

enum TransformationStatus {
  QUEUED = 0,
  RUNNING = 1,
  DONE = 2,
  FAILED = 3,
  SKIPPED = 4,
}
