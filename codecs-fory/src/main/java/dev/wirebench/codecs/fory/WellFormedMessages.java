package dev.wirebench.codecs.fory;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.BookEntry;
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
 * Refuses a message Fory built from hostile bytes in a shape no record of it can have, which Fory 1.6 does not check:
 * <ul>
 *   <li>a list element of another type than the list's: xlang mode reads each element with the type its bytes
 *       name, so {@code MarketData.entries} can come back holding a {@code Boolean}; the record's constructor copies
 *       the list without looking (generics are erased), and the first reader of the element fails;</li>
 *   <li>a {@code String} in a form the JDK never makes: Fory builds a string in place with the coder its header
 *       names, so UTF-16 bytes of Latin-1 text (an empty string among them) become a UTF-16 string, which
 *       {@code equals} no string of its text, and coder 3 a string of a coder that does not exist. A message holding
 *       one is not equal to itself written and read again, and its maps may hold one key twice;</li>
 *   <li>in xlang mode, a UTF-16 string with a surrogate that is not half of a pair, which is no Unicode text: Java
 *       mode writes such a string as the UTF-16 it is, but xlang writes a UTF-16 string that is mostly ASCII as
 *       UTF-8, which has no form for it, so the message could not be written again (nor read by another
 *       runtime).</li>
 * </ul>
 * Each element costs a type check; each string one read of its coder (Fory's own accessor) and, for a UTF-16 one, a
 * scan up to its first character past Latin-1, usually the first, or in xlang mode over all of it. Nothing is
 * allocated.
 */
final class WellFormedMessages {

    private static final byte LATIN1 = 0;
    private static final byte UTF16 = 1;
    /** Whether this JVM stores Latin-1 text one byte a character, as it does unless run with -XX:-CompactStrings. */
    private static final boolean COMPACT = StringSerializer.getStringCoder("a") == LATIN1;
    /** The checks of Java mode. */
    static final WellFormedMessages JAVA = new WellFormedMessages(false);
    /** The checks of xlang mode: Java mode's, and UTF-16 strings whose surrogates are paired. */
    static final WellFormedMessages XLANG = new WellFormedMessages(true);

    private final boolean pairedSurrogates;
    // built once: Map.forEach walks the map without the iterator and entry objects entrySet() would allocate. The
    // keys are checked after the record's constructor copied them, late for the map's equality (two keys of one text
    // may both be there) but not for the verdict: the message is refused
    private final BiConsumer<String, String> metadata = (key, value) -> {
        string(key, "InfrastructureExecution.metadata");
        string(value, "InfrastructureExecution.metadata");
    };
    private final BiConsumer<String, String> outputs = (key, value) -> {
        string(key, "InfrastructureExecution.outputs");
        string(value, "InfrastructureExecution.outputs");
    };

    private WellFormedMessages(boolean pairedSurrogates) {
        this.pairedSurrogates = pairedSurrogates;
    }

    /**
     * Checks {@code message}, one of the canonical records.
     *
     * @throws IllegalArgumentException naming the first field that is not well formed
     */
    void check(Object message) {
        if (message instanceof MarketData m) {
            string(m.symbol(), "MarketData.symbol");
            elements(m.entries(), BookEntry.class, "MarketData.entries");
        } else if (message instanceof User u) {
            string(u.username(), "User.username");
            string(u.email(), "User.email");
            strings(u.roles(), "User.roles");
        } else if (message instanceof Order o) {
            string(o.clOrdId(), "Order.clOrdId");
            string(o.account(), "Order.account");
            string(o.symbol(), "Order.symbol");
        } else if (message instanceof InfrastructureExecution x) {
            execution(x);
        }
    }

    private void execution(InfrastructureExecution x) {
        string(x.executionId(), "InfrastructureExecution.executionId");
        string(x.pipelineId(), "InfrastructureExecution.pipelineId");
        string(x.projectId(), "InfrastructureExecution.projectId");
        strings(x.instanceIds(), "InfrastructureExecution.instanceIds");
        elements(x.approvals(), Approval.class, "InfrastructureExecution.approvals");
        for (int i = 0; i < x.approvals().size(); i++) {
            Approval a = x.approvals().get(i);
            UserInfo u = a.approver();
            string(u.userId(), "Approval.approver.userId");
            string(u.displayName(), "Approval.approver.displayName");
            string(u.email(), "Approval.approver.email");
            string(u.team(), "Approval.approver.team");
            string(a.comment(), "Approval.comment");
        }
        elements(x.transformations(), Transformation.class, "InfrastructureExecution.transformations");
        for (int i = 0; i < x.transformations().size(); i++) {
            Transformation t = x.transformations().get(i);
            string(t.name(), "Transformation.name");
            elements(t.outputs(), TransformationOutput.class, "Transformation.outputs");
            for (int j = 0; j < t.outputs().size(); j++) {
                TransformationOutput o = t.outputs().get(j);
                string(o.name(), "TransformationOutput.name");
                string(o.uri(), "TransformationOutput.uri");
            }
        }
        x.metadata().forEach(metadata);
        x.outputs().forEach(outputs);
        string(x.errorMessage(), "InfrastructureExecution.errorMessage");
    }

    private static void elements(List<?> list, Class<?> type, String field) {
        for (int i = 0; i < list.size(); i++) {
            Object element = list.get(i);
            if (!type.isInstance(element)) {
                throw new IllegalArgumentException(field + "[" + i + "] is a " + element.getClass().getName()
                        + ", not a " + type.getSimpleName());
            }
        }
    }

    private void strings(List<?> list, String field) {
        elements(list, String.class, field);
        for (int i = 0; i < list.size(); i++) {
            string((String) list.get(i), field);
        }
    }

    void string(String s, String field) {
        byte coder = StringSerializer.getStringCoder(s);
        if (coder == LATIN1 && COMPACT) {
            return;
        }
        if (coder == UTF16) {
            if (pairedSurrogates) {
                requirePairedSurrogates(s, field);
            }
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

    private static void requirePairedSurrogates(String s, String field) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw new IllegalArgumentException(field + ": a UTF-16 string whose character " + i + " is a surrogate"
                    + " without its pair: not Unicode text, which xlang's UTF-8 cannot carry");
        }
    }
}
