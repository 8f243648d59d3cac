# A deployment pipeline execution: the ~2 KB nested message of the PostgreSQL reference
# benchmark.
#
# Times are Int64 epoch nanoseconds, as the records hold them (0 means "not yet"). capnp has
# no map type: metadata and outputs are lists of key/value entries in the map's insertion
# order; a key that appears twice is rejected on decode.
@0xcef5bb68a3fd0c84;

using Java = import "java.capnp";
$Java.package("dev.wirebench.codecs.capnp.generated");
$Java.outerClassname("InfrastructureExecutionSchema");

struct InfrastructureExecution {
  executionId @0 :Text;
  pipelineId @1 :Text;
  projectId @2 :Text;
  status @3 :ExecutionStatus;
  trigger @4 :TriggerType;
  startedAt @5 :Int64;
  stoppedAt @6 :Int64;          # 0 while running
  approvedAt @7 :Int64;         # 0 if not approved
  instanceIds @8 :List(Text);
  approvals @9 :List(Approval);
  transformations @10 :List(Transformation);
  metadata @11 :List(Entry);
  outputs @12 :List(Entry);
  dryRun @13 :Bool;
  rollbackOnFailure @14 :Bool;
  approvalRequired @15 :Bool;
  errorMessage @16 :Text;       # empty when the run succeeded
}

# One entry of a string map.
struct Entry {
  key @0 :Text;
  value @1 :Text;
}

struct Approval {
  approver @0 :UserInfo;
  decision @1 :ApprovalDecision;
  decidedAt @2 :Int64;          # 0 while pending
  comment @3 :Text;
}

struct UserInfo {
  userId @0 :Text;
  displayName @1 :Text;
  email @2 :Text;
  team @3 :Text;
}

struct Transformation {
  name @0 :Text;
  status @1 :TransformationStatus;
  startedAt @2 :Int64;
  finishedAt @3 :Int64;         # 0 while running
  outputs @4 :List(TransformationOutput);
}

struct TransformationOutput {
  name @0 :Text;
  uri @1 :Text;
  sizeBytes @2 :Int64;
}

enum ExecutionStatus {
  pending @0;
  awaitingApproval @1;
  running @2;
  succeeded @3;
  failed @4;
  cancelled @5;
}

enum TriggerType {
  manual @0;
  schedule @1;
  webhook @2;
  api @3;
}

enum ApprovalDecision {
  pending @0;
  approved @1;
  rejected @2;
}

enum TransformationStatus {
  queued @0;
  running @1;
  done @2;
  failed @3;
  skipped @4;
}
