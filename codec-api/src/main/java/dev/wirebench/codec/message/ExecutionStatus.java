package dev.wirebench.codec.message;

/** Lifecycle state of an infrastructure execution. */
public enum ExecutionStatus {
    PENDING,
    AWAITING_APPROVAL,
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELLED
}
