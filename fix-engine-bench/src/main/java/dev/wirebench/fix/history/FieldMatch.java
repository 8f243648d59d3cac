package dev.wirebench.fix.history;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One FIX field {@code tag=value} that picks out the request messages, such as {@code 35=D}.
 *
 * @param tag   the field's tag number, positive
 * @param value the field's value as it appears on the wire (ASCII/UTF-8 bytes), not empty
 */
record FieldMatch(int tag, byte[] value) {

    private static final Pattern FORM = Pattern.compile("([1-9][0-9]{0,8})=([^\\x01=]+)");

    /** The default: NewOrderSingle. */
    static final FieldMatch NEW_ORDER_SINGLE = parse("35=D");

    /**
     * Reads {@code tag=value}.
     *
     * @throws IllegalArgumentException if it is not a positive tag number, '=' and a value without SOH
     */
    static FieldMatch parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("--tag takes a FIX field as tag=value, such as 35=D, not '" + text + "'");
        }
        return new FieldMatch(Integer.parseInt(m.group(1)), m.group(2).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code bytes[from, to)} is this field's value. */
    boolean valueEquals(byte[] bytes, int from, int to) {
        return java.util.Arrays.equals(bytes, from, to, value, 0, value.length);
    }

    @Override
    public String toString() {
        return tag + "=" + new String(value, StandardCharsets.UTF_8);
    }

    // a record's equals compares arrays by identity: compare by content, since options are compared in tests
    @Override
    public boolean equals(Object o) {
        return o instanceof FieldMatch other && tag == other.tag && java.util.Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return 31 * tag + java.util.Arrays.hashCode(value);
    }
}
