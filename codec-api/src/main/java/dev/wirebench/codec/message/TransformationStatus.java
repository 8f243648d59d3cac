package dev.wirebench.codec.message;

/** State of one transformation step. */
public enum TransformationStatus {
    QUEUED,
    RUNNING,
    DONE,
    FAILED,
    SKIPPED
}
