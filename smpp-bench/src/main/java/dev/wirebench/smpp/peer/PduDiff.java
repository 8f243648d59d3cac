package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.Pdu;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Names the first field in which a PDU differs from the one expected, by the spec's name
 * ({@code source_addr}, {@code short_message}, {@code TLV 0}), walking the records' components in order.
 */
final class PduDiff {

    private PduDiff() {
    }

    /**
     * {@code null} if the two are equal, else e.g. {@code source_addr is "WireBenc" where the sample has
     * "WireBench"}.
     */
    static String first(Pdu expected, Pdu actual) {
        if (expected.equals(actual)) {
            return null;
        }
        if (expected.getClass() != actual.getClass()) {
            return "command_id is " + CommandId.name(actual.commandId()) + " where the sample has "
                    + CommandId.name(expected.commandId());
        }
        String difference = firstIn((Record) expected, (Record) actual);
        return difference != null ? difference : "the PDUs differ, though every field compares equal: " + actual
                + " where the sample is " + expected;
    }

    private static String firstIn(Record expected, Record actual) {
        for (RecordComponent component : expected.getClass().getRecordComponents()) {
            Object e = value(component, expected);
            Object a = value(component, actual);
            String difference;
            if (e instanceof Record nested) {
                difference = firstIn(nested, (Record) a);
            } else if (e instanceof List<?> list) {
                difference = firstIn(list, (List<?>) a);
            } else {
                difference = Objects.deepEquals(e, a) ? null
                        : specName(component.getName()) + " is " + show(a) + " where the sample has " + show(e);
            }
            if (difference != null) {
                return difference;
            }
        }
        return null;
    }

    /** The TLVs, the only lists in the records. */
    private static String firstIn(List<?> expected, List<?> actual) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                return "TLV " + i + " is " + actual.get(i) + " where the sample has " + expected.get(i);
            }
        }
        return expected.size() == actual.size() ? null
                : "the TLVs are " + actual + " where the sample has " + expected;
    }

    private static Object value(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass().getSimpleName(), e);
        }
    }

    /** {@code sourceAddrTon} → {@code source_addr_ton}, as SMPP 3.4 names the fields. */
    private static String specName(String component) {
        return component.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
    }

    private static String show(Object value) {
        if (value instanceof String s) {
            return '"' + s + '"';
        }
        if (value instanceof byte[] octets) {
            return HexFormat.of().formatHex(octets) + " (" + octets.length + " octets)";
        }
        return String.valueOf(value);
    }
}
