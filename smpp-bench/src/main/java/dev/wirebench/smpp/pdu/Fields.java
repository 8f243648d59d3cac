package dev.wirebench.smpp.pdu;

import java.util.List;

/**
 * The checks the records' constructors share: each rejects a value the wire cannot carry with an
 * {@link IllegalArgumentException} that names the field as SMPP 3.4 does ({@code source_addr}).
 */
final class Fields {

    /** Octets of an absolute or relative time string with its NUL (section 7.1): 16 characters. */
    static final int TIME_LENGTH = 16;

    private Fields() {
    }

    /**
     * A C-Octet String of at most {@code octets} octets with its terminating NUL: ASCII other than NUL,
     * {@code ""} for the NULL string.
     */
    static String cString(String field, String value, int octets) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is null; an empty (NULL) C-Octet String is \"\"");
        }
        if (value.length() > octets - 1) {
            throw new IllegalArgumentException(field + " has " + value.length() + " characters; SMPP 3.4 allows at most "
                    + (octets - 1) + " (" + octets + " octets with the terminating NUL)");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == 0 || c > 0x7F) {
                throw new IllegalArgumentException(String.format(
                        "%s holds U+%04X at index %d; a C-Octet String carries ASCII other than NUL only", field, (int) c, i));
            }
        }
        return value;
    }

    /** schedule_delivery_time or validity_period: NULL ({@code ""}) or the 16 characters of section 7.1. */
    static String time(String field, String value) {
        cString(field, value, TIME_LENGTH + 1);
        if (!value.isEmpty() && value.length() != TIME_LENGTH) {
            throw new IllegalArgumentException(field + " has " + value.length()
                    + " characters; SMPP 3.4 wants NULL (\"\") or 16 (YYMMDDhhmmsstnnp)");
        }
        return value;
    }

    /** An Integer field of one octet, 0 to 255. */
    static int octet(String field, int value) {
        if (value < 0 || value > 0xFF) {
            throw new IllegalArgumentException(field + " is " + value + "; a one-octet Integer holds 0 to 255");
        }
        return value;
    }

    static <T> T notNull(String field, T value) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is null");
        }
        return value;
    }

    /** The optional parameters, copied into an unmodifiable list in their order. */
    static List<Tlv> tlvs(List<Tlv> tlvs) {
        notNull("tlvs", tlvs);
        for (int i = 0; i < tlvs.size(); i++) {
            if (tlvs.get(i) == null) {
                throw new IllegalArgumentException("tlvs holds null at index " + i);
            }
        }
        return List.copyOf(tlvs);
    }
}
