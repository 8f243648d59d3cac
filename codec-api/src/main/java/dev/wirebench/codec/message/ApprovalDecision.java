package dev.wirebench.codec.message;

/** An approver's answer. */
public enum ApprovalDecision {
    PENDING,
    APPROVED,
    REJECTED
}
