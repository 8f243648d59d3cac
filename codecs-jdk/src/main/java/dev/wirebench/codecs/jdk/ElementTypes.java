package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.User;

import java.util.List;

/**
 * Checks the element types of a deserialised record's lists and maps. Java serialization restores
 * a {@code List<BookEntry>} field with whatever objects the stream holds (generics are erased, and
 * the records' constructors copy without looking at types), so a stream can hand back a
 * {@code MarketData} whose entries hold a {@code String}, which fails only later, wherever the list
 * is read. The filter cannot tell: it admits {@code String} for the message's other fields. These
 * checks make decode reject such a record. Fields typed as a record or an enum need no check: the
 * canonical constructor's signature already casts them. Nor do the maps: the constructors copy them
 * through a {@code (String, String)} lambda, which casts every key and value ({@code HostileStreamTest}
 * holds both to it).
 */
final class ElementTypes {

    private ElementTypes() {
    }

    static void check(MarketData m) {
        elements(m.entries(), BookEntry.class, "MarketData.entries");
    }

    static void check(User u) {
        elements(u.roles(), String.class, "User.roles");
    }

    static void check(Order o) {
        // no list: the constructor's signature types every field
    }

    static void check(InfrastructureExecution x) {
        elements(x.instanceIds(), String.class, "InfrastructureExecution.instanceIds");
        elements(x.approvals(), Approval.class, "InfrastructureExecution.approvals");
        elements(x.transformations(), Transformation.class, "InfrastructureExecution.transformations");
        List<Transformation> transformations = x.transformations();
        for (int i = 0; i < transformations.size(); i++) {
            List<?> outputs = transformations.get(i).outputs();
            int bad = firstNotA(outputs, TransformationOutput.class);
            if (bad >= 0) {
                throw mismatch("InfrastructureExecution.transformations[" + i + "].outputs", bad, outputs, TransformationOutput.class);
            }
        }
    }

    private static void elements(List<?> list, Class<?> type, String field) {
        int bad = firstNotA(list, type);
        if (bad >= 0) {
            throw mismatch(field, bad, list, type);
        }
    }

    // typed as List<?> so that reading an element does not cast it on the way
    private static int firstNotA(List<?> list, Class<?> type) {
        for (int i = 0; i < list.size(); i++) {
            if (!type.isInstance(list.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static IllegalArgumentException mismatch(String field, int index, List<?> list, Class<?> type) {
        Object element = list.get(index);
        return new IllegalArgumentException(field + "[" + index + "] is "
                + (element == null ? "null" : "a " + element.getClass().getName()) + ", not a " + type.getSimpleName());
    }
}
