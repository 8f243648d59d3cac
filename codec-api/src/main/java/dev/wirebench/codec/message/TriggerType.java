package dev.wirebench.codec.message;

/** What started an infrastructure execution. */
public enum TriggerType {
    MANUAL,
    SCHEDULE,
    WEBHOOK,
    API
}
