package dev.wirebench.codec.message;

import java.io.Serializable;
/**
 * One approval of an execution.
 *
 * @param approver  who decided
 * @param decision  the decision
 * @param decidedAt when, epoch nanoseconds (0 while pending)
 * @param comment   free text
 */
public record Approval(UserInfo approver, ApprovalDecision decision, long decidedAt, String comment) implements Serializable {

    public Approval {
        Fields.require(approver, "approver");
        Fields.require(decision, "decision");
        Fields.require(comment, "comment");
    }
}
