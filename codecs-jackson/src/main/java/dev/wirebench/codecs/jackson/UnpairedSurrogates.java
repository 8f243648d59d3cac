package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.User;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Refuses text holding an unpaired surrogate in Smile and CBOR: their parsers decode the UTF-8 bytes of a surrogate
 * (ill-formed UTF-8) without looking, and their generators refuse to write one, so a message holding one could not be
 * encoded again. (JSON writes one as an escape, and reads it back.) Decode checks every string of the record databind
 * built, traverse every string token: a scan of the characters, nothing allocated.
 */
final class UnpairedSurrogates {

    // built once: Map.forEach walks the map without the iterator and entry objects entrySet() would allocate
    private static final BiConsumer<String, String> METADATA = (key, value) -> {
        check(key, "InfrastructureExecution.metadata");
        check(value, "InfrastructureExecution.metadata");
    };
    private static final BiConsumer<String, String> OUTPUTS = (key, value) -> {
        check(key, "InfrastructureExecution.outputs");
        check(value, "InfrastructureExecution.outputs");
    };

    private UnpairedSurrogates() {
    }

    /**
     * Checks every string of {@code message}, one of the canonical records.
     *
     * @throws IllegalArgumentException naming the first field holding an unpaired surrogate
     */
    static void check(Object message) {
        if (message instanceof MarketData m) {
            check(m.symbol(), "MarketData.symbol");
        } else if (message instanceof User u) {
            check(u.username(), "User.username");
            check(u.email(), "User.email");
            check(u.roles(), "User.roles");
        } else if (message instanceof Order o) {
            check(o.clOrdId(), "Order.clOrdId");
            check(o.account(), "Order.account");
            check(o.symbol(), "Order.symbol");
        } else if (message instanceof InfrastructureExecution x) {
            execution(x);
        }
    }

    private static void execution(InfrastructureExecution x) {
        check(x.executionId(), "InfrastructureExecution.executionId");
        check(x.pipelineId(), "InfrastructureExecution.pipelineId");
        check(x.projectId(), "InfrastructureExecution.projectId");
        check(x.instanceIds(), "InfrastructureExecution.instanceIds");
        for (int i = 0; i < x.approvals().size(); i++) {
            Approval a = x.approvals().get(i);
            check(a.approver().userId(), "Approval.approver.userId");
            check(a.approver().displayName(), "Approval.approver.displayName");
            check(a.approver().email(), "Approval.approver.email");
            check(a.approver().team(), "Approval.approver.team");
            check(a.comment(), "Approval.comment");
        }
        for (int i = 0; i < x.transformations().size(); i++) {
            Transformation t = x.transformations().get(i);
            check(t.name(), "Transformation.name");
            for (int j = 0; j < t.outputs().size(); j++) {
                TransformationOutput o = t.outputs().get(j);
                check(o.name(), "TransformationOutput.name");
                check(o.uri(), "TransformationOutput.uri");
            }
        }
        x.metadata().forEach(METADATA);
        x.outputs().forEach(OUTPUTS);
        check(x.errorMessage(), "InfrastructureExecution.errorMessage");
    }

    private static void check(List<String> strings, String field) {
        for (int i = 0; i < strings.size(); i++) {
            check(strings.get(i), field);
        }
    }

    private static void check(CharSequence s, String field) {
        int at = find(s);
        if (at >= 0) {
            throw new IllegalArgumentException(field + ": " + describe(s, at));
        }
    }

    /** Where the first unpaired surrogate of {@code s} is, or -1. */
    static int find(CharSequence s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    static String describe(CharSequence s, int at) {
        return String.format("an unpaired surrogate U+%04X at character %d of %d", (int) s.charAt(at), at, s.length());
    }
}
