package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.protobuf.generated.ApprovalProto;
import dev.wirebench.codecs.protobuf.generated.UserInfoProto;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;

/**
 * {@link Approval} (with its {@link UserInfo}) ↔ {@link ApprovalProto}; part of
 * {@link InfrastructureExecutionMapping}.
 */
final class ApprovalMapping {

    private ApprovalMapping() {
    }

    static ApprovalProto toProto(Approval a) {
        UserInfo u = a.approver();
        ApprovalProto.Builder b = ApprovalProto.newBuilder()
                .setApprover(UserInfoProto.newBuilder()
                        .setUserId(u.userId())
                        .setDisplayName(u.displayName())
                        .setEmail(u.email())
                        .setTeam(u.team()))
                .setDecisionValue(a.decision().ordinal())
                .setComment(a.comment());
        if (a.decidedAt() != 0) {
            b.setDecidedAt(EpochNanos.toTimestamp(a.decidedAt()));
        }
        return b.build();
    }

    static Approval toRecord(ApprovalProto p) {
        // an absent approver reads as the default message: a UserInfo of empty strings
        UserInfoProto u = p.getApprover();
        return new Approval(new UserInfo(u.getUserId(), u.getDisplayName(), u.getEmail(), u.getTeam()),
                decision(p), decidedAt(p), p.getComment());
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(ApprovalProto p) {
        long h = SEED;
        h = mix(h, checksum(p.getApprover()));
        h = mix(h, decision(p).ordinal());
        h = mix(h, decidedAt(p));
        return mix(h, string(p.getComment()));
    }

    private static long checksum(UserInfoProto u) {
        long h = SEED;
        h = mix(h, string(u.getUserId()));
        h = mix(h, string(u.getDisplayName()));
        h = mix(h, string(u.getEmail()));
        return mix(h, string(u.getTeam()));
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static ApprovalDecision decision(ApprovalProto p) {
        return Ordinals.of(APPROVAL_DECISIONS, p.getDecisionValue(), "ApprovalProto.decision");
    }

    private static long decidedAt(ApprovalProto p) {
        return EpochNanos.of(p.getDecidedAt(), "ApprovalProto.decided_at");
    }
}
