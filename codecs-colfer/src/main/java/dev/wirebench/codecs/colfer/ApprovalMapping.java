package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.colfer.generated.ApprovalColfer;
import dev.wirebench.codecs.colfer.generated.UserInfoColfer;

import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;

/** {@link Approval} ↔ {@link ApprovalColfer}, with its nested {@link UserInfo}: part of {@link InfrastructureExecutionMapping}. */
final class ApprovalMapping {

    private ApprovalMapping() {
    }

    static void fill(ApprovalColfer w, Approval a) {
        UserInfoColfer approver = w.approver;
        if (approver == null) {
            approver = new UserInfoColfer(); // once per reused slot: Colfer leaves struct fields null
            w.approver = approver;
        }
        UserInfo u = a.approver();
        approver.userId = u.userId();
        approver.displayName = u.displayName();
        approver.email = u.email();
        approver.team = u.team();
        w.decision = (byte) a.decision().ordinal();
        w.decidedAt = a.decidedAt();
        w.comment = a.comment();
    }

    static Approval toRecord(ApprovalColfer w) {
        UserInfoColfer u = approver(w);
        return new Approval(new UserInfo(u.userId, u.displayName, u.email, u.team),
                Ordinals.of(APPROVAL_DECISIONS, w.decision & 0xFF, "ApprovalColfer.decision"), w.decidedAt, w.comment);
    }

    static long checksum(ApprovalColfer w) {
        UserInfoColfer u = approver(w);
        long user = Checksum.SEED;
        user = Checksum.mix(user, Checksum.string(u.userId));
        user = Checksum.mix(user, Checksum.string(u.displayName));
        user = Checksum.mix(user, Checksum.string(u.email));
        user = Checksum.mix(user, Checksum.string(u.team));
        long h = Checksum.SEED;
        h = Checksum.mix(h, user);
        h = Checksum.mix(h, Ordinals.check(w.decision & 0xFF, APPROVAL_DECISIONS.length, "ApprovalColfer.decision"));
        h = Checksum.mix(h, w.decidedAt);
        return Checksum.mix(h, Checksum.string(w.comment));
    }

    /** The approver, which encode always writes (an all-empty one is still a struct on the wire). */
    private static UserInfoColfer approver(ApprovalColfer w) {
        if (w.approver == null) {
            throw new IllegalArgumentException("ApprovalColfer.approver is missing");
        }
        return w.approver;
    }
}
