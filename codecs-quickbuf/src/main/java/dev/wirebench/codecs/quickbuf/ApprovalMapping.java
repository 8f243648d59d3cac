package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.UserInfo;
import dev.wirebench.codecs.quickbuf.UnknownFields.EnumField;
import dev.wirebench.codecs.quickbuf.generated.ApprovalProto;
import dev.wirebench.codecs.quickbuf.generated.UserInfoProto;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.APPROVAL_DECISIONS;

/**
 * {@link Approval} (with its {@link UserInfo}) ↔ {@link ApprovalProto}; part of
 * {@link InfrastructureExecutionMapping}, whose scratch state it uses.
 */
final class ApprovalMapping {

    private static final EnumField[] ENUMS = {new EnumField(2, "ApprovalProto.decision", APPROVAL_DECISIONS.length)};

    private ApprovalMapping() {
    }

    /** Sets {@code p}, a cleared element, from {@code a}. */
    static void fill(ApprovalProto p, Approval a) {
        // the approver is always set, empty or not, as codecs-protobuf sets it
        UserInfo u = a.approver();
        UserInfoProto approver = p.getMutableApprover();
        if (!u.userId().isEmpty()) {
            approver.setUserId(u.userId());
        }
        if (!u.displayName().isEmpty()) {
            approver.setDisplayName(u.displayName());
        }
        if (!u.email().isEmpty()) {
            approver.setEmail(u.email());
        }
        if (!u.team().isEmpty()) {
            approver.setTeam(u.team());
        }
        if (a.decision().ordinal() != 0) {
            p.setDecisionValue(a.decision().ordinal());
        }
        if (a.decidedAt() != 0) {
            EpochNanos.fill(p.getMutableDecidedAt(), a.decidedAt());
        }
        if (!a.comment().isEmpty()) {
            p.setComment(a.comment());
        }
    }

    static Approval toRecord(ApprovalProto p, UnknownFields unknown) {
        unknown.check(p, ENUMS);
        // an absent approver reads as the cleared message: a UserInfo of empty strings
        UserInfoProto u = p.getApprover();
        unknown.note(u);
        return new Approval(new UserInfo(u.getUserId(), u.getDisplayName(), u.getEmail(), u.getTeam()),
                decision(p), decidedAt(p, unknown), p.getComment());
    }

    static long checksum(ApprovalProto p, UnknownFields unknown, Utf8Hash strings) {
        unknown.check(p, ENUMS);
        long h = SEED;
        h = mix(h, checksum(p.getApprover(), unknown, strings));
        h = mix(h, decision(p).ordinal());
        h = mix(h, decidedAt(p, unknown));
        return mix(h, strings.of(p.getCommentBytes()));
    }

    private static long checksum(UserInfoProto u, UnknownFields unknown, Utf8Hash strings) {
        unknown.note(u);
        long h = SEED;
        h = mix(h, strings.of(u.getUserIdBytes()));
        h = mix(h, strings.of(u.getDisplayNameBytes()));
        h = mix(h, strings.of(u.getEmailBytes()));
        return mix(h, strings.of(u.getTeamBytes()));
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static ApprovalDecision decision(ApprovalProto p) {
        return Ordinals.of(APPROVAL_DECISIONS, p.getDecisionValue(), "ApprovalProto.decision");
    }

    private static long decidedAt(ApprovalProto p, UnknownFields unknown) {
        return EpochNanos.of(p.getDecidedAt(), "ApprovalProto.decided_at", unknown);
    }
}
