package dev.wirebench.codecs.fory;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;
import org.apache.fory.serializer.StringSerializer;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Refuses a decoded message holding a {@code String} in a form the JDK never makes. Fory 1.6 builds a string from
 * its bytes in place, with the coder the bytes name: UTF-16 bytes whose characters all fit Latin-1 (an empty string
 * among them) become a UTF-16 string, which {@code equals} no string of the same text, and a coder that does not
 * exist becomes a string of that coder. A message holding one is not equal to itself written and read again, and its
 * maps may hold one key twice. So every string of a message is checked: one read of its coder, and for a UTF-16 one a
 * scan up to its first character past Latin-1, usually the first. Nothing is allocated.
 */
final class CanonicalStrings {

    private static final byte LATIN1 = 0;
    private static final byte UTF16 = 1;
    /** Whether this JVM stores Latin-1 text one byte a character, as it does unless run with -XX:-CompactStrings. */
    private static final boolean COMPACT = StringSerializer.getStringCoder("a") == LATIN1;
    // built once: Map.forEach walks the map without the iterator and entry objects entrySet() would allocate
    private static final BiConsumer<String, String> METADATA = (key, value) -> {
        check(key, "InfrastructureExecution.metadata");
        check(value, "InfrastructureExecution.metadata");
    };
    private static final BiConsumer<String, String> OUTPUTS = (key, value) -> {
        check(key, "InfrastructureExecution.outputs");
        check(value, "InfrastructureExecution.outputs");
    };

    private CanonicalStrings() {
    }

    /**
     * Checks every string of {@code message}, one of the canonical records.
     *
     * @throws IllegalArgumentException naming the first field whose string is not in the JDK's own form
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
            UserInfo u = a.approver();
            check(u.userId(), "Approval.approver.userId");
            check(u.displayName(), "Approval.approver.displayName");
            check(u.email(), "Approval.approver.email");
            check(u.team(), "Approval.approver.team");
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
        // a map's keys are checked after the record's constructor copied them, late for its equality (two keys of one
        // text may both be there) but not for the verdict: the message is refused
        x.metadata().forEach(METADATA);
        x.outputs().forEach(OUTPUTS);
        check(x.errorMessage(), "InfrastructureExecution.errorMessage");
    }

    private static void check(List<String> strings, String field) {
        for (int i = 0; i < strings.size(); i++) {
            check(strings.get(i), field);
        }
    }

    static void check(String s, String field) {
        byte coder = StringSerializer.getStringCoder(s);
        if (coder == LATIN1 && COMPACT) {
            return;
        }
        if (coder == UTF16) {
            if (!COMPACT) {
                return;
            }
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) > 0xFF) {
                    return;
                }
            }
            throw new IllegalArgumentException(field + ": a UTF-16 string of " + s.length()
                    + " characters that all fit Latin-1, which the JDK stores as Latin-1 (it would equal no string of"
                    + " its text)");
        }
        throw new IllegalArgumentException(field + ": a string of coder " + coder + ", which this JVM does not have");
    }
}
