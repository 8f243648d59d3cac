package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One pass over the JSON bytes of a message before {@code JsonFormat} parses them, for what
 * {@code JsonFormat} (protobuf-java-util 4.33, on Gson 2.8) leaves unchecked or gets wrong. The
 * first three items are the guard of {@code protobuf-json+guarded} ({@link #scan}) and exist for
 * hostile input only; the fourth is a correctness repair both JSON formats make, the plain one
 * through {@link #restoreNegativeZeros(Message.Builder, byte[], int, int)}:
 *
 * <ul>
 *   <li><b>Strict JSON.</b> {@code JsonFormat} reads through Gson's {@code JsonParser}, which is
 *       always lenient: comments, single quotes, unquoted names and strings, {@code ;} and
 *       {@code =} as separators, and a second top-level value all parse. The scan accepts RFC 8259
 *       tokens only and exactly one top-level object with nothing but whitespace after it.</li>
 *   <li><b>Nesting.</b> Gson builds its tree recursively; the scan rejects brackets nested deeper
 *       than the schema can need, so no input reaches a deep recursion.</li>
 *   <li><b>Unsigned fields.</b> {@code JsonFormat} reads {@code uint32}/{@code uint64} through
 *       {@code BigDecimal.toBigIntegerExact}, whose work grows with the exponent's value:
 *       {@code "level":1e99999999} computes 10<sup>99,999,999</sup> for over a minute. The value of
 *       an unsigned field may carry an exponent of at most three digits.</li>
 *   <li><b>Negative zero.</b> {@code JsonFormat} prints a double -0.0 as {@code -0.0} but parses
 *       every zero as +0.0 (through {@code BigDecimal}, which has no signed zero). The scan notes
 *       which top-level double fields last held a negative zero, and
 *       {@link #restoreNegativeZeros} puts the sign back after parsing.</li>
 * </ul>
 *
 * <p>The schema facts (depth, unsigned and double fields) come from the message descriptor; a
 * schema with something the scan does not handle is refused when the codec is built. Scanning
 * UTF-8 bytes is exact: every byte the scan looks for is ASCII, and no byte of a multi-byte
 * character is. One instance serves one codec (it keeps the last scan's negative zeros).
 */
final class JsonScan {

    private static final int MAX_EXPONENT_DIGITS = 3;
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");

    private final int maxDepth;
    private final byte[][] unsignedKeys;
    private final FieldDescriptor[] doubles;
    private final byte[][][] doubleKeys;
    private final boolean[] negativeZero;

    JsonScan(Descriptor message) {
        List<byte[]> unsigned = new ArrayList<>();
        List<FieldDescriptor> topLevelDoubles = new ArrayList<>();
        this.maxDepth = depth(message, 1, unsigned, topLevelDoubles);
        this.unsignedKeys = unsigned.toArray(new byte[0][]);
        this.doubles = topLevelDoubles.toArray(new FieldDescriptor[0]);
        this.doubleKeys = new byte[doubles.length][][];
        for (int k = 0; k < doubles.length; k++) {
            doubleKeys[k] = names(doubles[k]);
        }
        this.negativeZero = new boolean[doubles.length];
    }

    /** The deepest bracket the JSON of {@code type} opens, when its own object is at {@code depth}. */
    private static int depth(Descriptor type, int depth, List<byte[]> unsigned, List<FieldDescriptor> doubles) {
        if (depth > 32) {
            throw new IllegalArgumentException(type.getFullName() + " contains itself: its JSON has no depth bound");
        }
        int deepest = depth;
        for (FieldDescriptor field : type.getFields()) {
            // a list or a map opens a bracket of its own; a map's values are its entries' "value" fields
            int container = field.isRepeated() ? depth + 1 : depth;
            deepest = Math.max(deepest, container);
            FieldDescriptor value = field;
            if (field.isMapField()) {
                if (field.getMessageType().findFieldByName("key").getType() != FieldDescriptor.Type.STRING) {
                    throw unsupported(field, "a map key that is not a string");
                }
                value = field.getMessageType().findFieldByName("value");
            }
            switch (value.getType()) {
                case MESSAGE, GROUP -> {
                    Descriptor nested = value.getMessageType();
                    if (nested.getFullName().startsWith("google.protobuf.")) {
                        if (!nested.getFullName().equals(Timestamp.getDescriptor().getFullName())) {
                            throw unsupported(field, nested.getFullName()); // a Timestamp is a JSON string
                        }
                    } else {
                        deepest = Math.max(deepest, depth(nested, container + 1, unsigned, doubles));
                    }
                }
                case UINT32, UINT64, FIXED32, FIXED64 -> {
                    if (field.isRepeated()) {
                        throw unsupported(field, "a repeated unsigned integer");
                    }
                    unsigned.addAll(List.of(names(field)));
                }
                case DOUBLE, FLOAT -> {
                    if (depth != 1 || field.isRepeated()) {
                        throw unsupported(field, "a floating-point field below the top level or repeated");
                    }
                    doubles.add(field);
                }
                default -> {
                }
            }
        }
        return deepest;
    }

    /**
     * Checks {@code bytes[from, to)}, noting the negative zeros {@link #restoreNegativeZeros(Message.Builder)}
     * puts back.
     *
     * @throws IllegalArgumentException saying what is wrong and at which byte
     */
    void scan(byte[] bytes, int from, int to) {
        walk(bytes, from, to, true);
    }

    /**
     * The repair alone, for {@code protobuf-json}, after {@code JsonFormat} has parsed
     * {@code bytes[from, to)} into {@code builder}: a top-level double field that parsed as +0.0 is
     * set to -0.0 if the last value of its key is a negative zero number. The bytes are walked only
     * when some such field is +0.0 (never for a message without one), and nothing is checked: on
     * input the walk cannot follow (lenient JSON that Gson took) it restores nothing, so a sign can
     * be lost that way, never invented.
     */
    void restoreNegativeZeros(Message.Builder builder, byte[] bytes, int from, int to) {
        if (!anyPositiveZero(builder)) {
            return;
        }
        try {
            walk(bytes, from, to, false);
        } catch (IllegalArgumentException notStrictJson) {
            Arrays.fill(negativeZero, false);
        }
        restoreNegativeZeros(builder);
    }

    private boolean anyPositiveZero(Message.Builder builder) {
        for (FieldDescriptor field : doubles) {
            Object value = builder.getField(field);
            boolean positiveZero = value instanceof Float f
                    ? Float.floatToRawIntBits(f) == 0
                    : Double.doubleToRawLongBits((Double) value) == 0;
            if (positiveZero) {
                return true;
            }
        }
        return false;
    }

    /**
     * The one pass: RFC 8259 tokens, noting negative zeros; {@code guard} adds the depth and
     * unsigned-exponent bounds.
     */
    private void walk(byte[] bytes, int from, int to, boolean guard) {
        Arrays.fill(negativeZero, false);
        int i = whitespace(bytes, from, to);
        if (i == to || bytes[i] != '{') {
            throw malformed("protobuf JSON is an object, but the input "
                    + (i == to ? "is empty" : "starts with " + describe(bytes[i])), i, from);
        }
        int depth = 0;
        int keyFrom = -1; // the text of the last token if it was a string, which a ':' makes a key
        int keyTo = -1;
        boolean unsignedValue = false; // the next token is the value of an unsigned field
        int doubleValue = -1; // the next token is the value of that top-level double field
        while (i < to) {
            int start = i;
            boolean string = false;
            switch (bytes[i]) {
                case ' ', '\t', '\n', '\r' -> {
                    i++;
                    continue;
                }
                case '{', '[' -> {
                    if (unsignedValue) {
                        // Gson reads a one-element array as its element: [1e99999999] would get through
                        throw malformed("an unsigned integer in brackets", i, from);
                    }
                    if (++depth > maxDepth && guard) {
                        throw malformed("nesting depth " + depth + " exceeds the schema's maximum of " + maxDepth,
                                i, from);
                    }
                    i++;
                }
                case '}', ']' -> {
                    i++;
                    if (--depth == 0) {
                        int rest = whitespace(bytes, i, to);
                        if (rest < to) {
                            throw malformed("data after the top-level object", rest, from);
                        }
                        return;
                    }
                }
                case ',' -> i++;
                case ':' -> {
                    if (keyFrom < 0) {
                        throw malformed("an object key must be a string", i, from);
                    }
                    unsignedValue = guard && isUnsignedKey(bytes, keyFrom, keyTo);
                    doubleValue = depth == 1 ? doubleField(bytes, keyFrom, keyTo) : -1;
                    keyFrom = -1;
                    i++;
                    continue; // the value follows
                }
                case '"' -> {
                    i = string(bytes, i, to, from);
                    string = true;
                    if (unsignedValue) {
                        if (contains(bytes, start, i, (byte) '\\')) {
                            throw malformed("an escape in an unsigned integer", start, from);
                        }
                        checkExponent(bytes, start + 1, i - 1, from);
                    }
                }
                default -> {
                    i = literal(bytes, i, to, from);
                    if (unsignedValue) {
                        checkExponent(bytes, start, i, from);
                    }
                    if (doubleValue >= 0) {
                        negativeZero[doubleValue] = isNegativeZero(bytes, start, i);
                        doubleValue = -1;
                    }
                }
            }
            // any other value leaves a double field's zero positive: the last value of a key counts, as in Gson
            if (doubleValue >= 0) {
                negativeZero[doubleValue] = false;
            }
            keyFrom = string ? start + 1 : -1;
            keyTo = i - 1;
            unsignedValue = false;
            doubleValue = -1;
        }
        throw malformed("ends before the top-level object is closed", to, from);
    }

    /** Sets each top-level double field the last walk over the bytes saw a negative zero for to -0.0. */
    void restoreNegativeZeros(Message.Builder builder) {
        for (int k = 0; k < doubles.length; k++) {
            if (negativeZero[k]) {
                FieldDescriptor field = doubles[k];
                boolean isFloat = field.getJavaType() == FieldDescriptor.JavaType.FLOAT;
                builder.setField(field, isFloat ? Float.valueOf(-0.0f) : Double.valueOf(-0.0));
            }
        }
    }

    // Keys: a key is matched on its bytes as written. One with escapes could spell any name once Gson
    // unescapes it, so it counts as unsigned (its value gets the exponent check) and makes no double
    // negative, and it cancels what earlier keys noted: a sign may be lost, never invented.

    private boolean isUnsignedKey(byte[] bytes, int from, int to) {
        if (unsignedKeys.length == 0) {
            return false;
        }
        if (contains(bytes, from, to, (byte) '\\')) {
            return true;
        }
        for (byte[] name : unsignedKeys) {
            if (equals(bytes, from, to, name)) {
                return true;
            }
        }
        return false;
    }

    private int doubleField(byte[] bytes, int from, int to) {
        if (doubles.length == 0) {
            return -1;
        }
        if (contains(bytes, from, to, (byte) '\\')) {
            Arrays.fill(negativeZero, false);
            return -1;
        }
        for (int k = 0; k < doubles.length; k++) {
            for (byte[] name : doubleKeys[k]) {
                if (equals(bytes, from, to, name)) {
                    return k;
                }
            }
        }
        return -1;
    }

    // Tokens

    /** The index after the string whose opening quote is at {@code i}. */
    private static int string(byte[] bytes, int i, int to, int from) {
        for (int p = i + 1; p < to; p++) {
            int c = bytes[p] & 0xFF;
            if (c == '"') {
                return p + 1;
            }
            if (c == '\\') {
                if (++p == to) {
                    break;
                }
                switch (bytes[p]) {
                    case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {
                    }
                    case 'u' -> {
                        if (p + 4 >= to) {
                            throw malformed("ends inside a string", to, from);
                        }
                        for (int h = p + 1; h <= p + 4; h++) {
                            if (Character.digit(bytes[h], 16) < 0) {
                                throw malformed("an invalid \\u escape", p - 1, from);
                            }
                        }
                        p += 4;
                    }
                    default -> throw malformed("an invalid escape \\" + describe(bytes[p]), p - 1, from);
                }
            } else if (c < 0x20) {
                throw malformed("an unescaped control character " + describe(bytes[p]) + " in a string", p, from);
            }
        }
        throw malformed("ends inside a string", to, from);
    }

    /** The end of the literal at {@code i}: a number, {@code true}, {@code false} or {@code null}. */
    private static int literal(byte[] bytes, int i, int to, int from) {
        // the run Gson's lenient reader takes as one literal, so that both see the same tokens
        int end = i;
        while (end < to && !endsLiteral(bytes[end])) {
            end++;
        }
        if (end == i) {
            throw malformed("unexpected " + describe(bytes[i]), i, from);
        }
        if (!isNumber(bytes, i, end) && !equals(bytes, i, end, TRUE) && !equals(bytes, i, end, FALSE)
                && !equals(bytes, i, end, NULL)) {
            throw malformed("not a JSON value: "
                    + new String(bytes, i, Math.min(end - i, 24), StandardCharsets.ISO_8859_1), i, from);
        }
        return end;
    }

    private static boolean endsLiteral(byte c) {
        return switch (c) {
            case '{', '}', '[', ']', ':', ',', ' ', '\t', '\n', '\r', '\f', '/', '\\', ';', '#', '=' -> true;
            default -> false;
        };
    }

    /** RFC 8259: {@code -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?}. */
    private static boolean isNumber(byte[] bytes, int from, int to) {
        int i = from;
        if (bytes[i] == '-') {
            i++;
        }
        if (i < to && bytes[i] == '0') {
            i++;
        } else {
            int digits = digits(bytes, i, to);
            if (digits == i) {
                return false;
            }
            i = digits;
        }
        if (i < to && bytes[i] == '.') {
            int digits = digits(bytes, i + 1, to);
            if (digits == i + 1) {
                return false;
            }
            i = digits;
        }
        if (i < to && (bytes[i] == 'e' || bytes[i] == 'E')) {
            i++;
            if (i < to && (bytes[i] == '+' || bytes[i] == '-')) {
                i++;
            }
            int digits = digits(bytes, i, to);
            if (digits == i) {
                return false;
            }
            i = digits;
        }
        return i == to;
    }

    /** A number whose digits before any exponent are all zeros, after a minus sign. */
    private static boolean isNegativeZero(byte[] bytes, int from, int to) {
        if (bytes[from] != '-') {
            return false;
        }
        for (int i = from + 1; i < to && bytes[i] != 'e' && bytes[i] != 'E'; i++) {
            if (bytes[i] != '0' && bytes[i] != '.') {
                return false;
            }
        }
        return true;
    }

    private static void checkExponent(byte[] bytes, int from, int to, int base) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == 'e' || bytes[i] == 'E') {
                int p = i + 1;
                if (p < to && (bytes[p] == '+' || bytes[p] == '-')) {
                    p++;
                }
                while (p < to && bytes[p] == '0') {
                    p++;
                }
                if (digits(bytes, p, to) - p > MAX_EXPONENT_DIGITS) {
                    throw malformed("an unsigned integer with an exponent of more than " + MAX_EXPONENT_DIGITS
                            + " digits", from, base);
                }
                return;
            }
        }
    }

    private static int digits(byte[] bytes, int i, int to) {
        while (i < to && bytes[i] >= '0' && bytes[i] <= '9') {
            i++;
        }
        return i;
    }

    private static int whitespace(byte[] bytes, int i, int to) {
        while (i < to && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r')) {
            i++;
        }
        return i;
    }

    private static boolean equals(byte[] bytes, int from, int to, byte[] expected) {
        return Arrays.equals(bytes, from, to, expected, 0, expected.length);
    }

    private static boolean contains(byte[] bytes, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return true;
            }
        }
        return false;
    }

    private static IllegalArgumentException malformed(String what, int at, int from) {
        // IllegalArgumentException: AbstractMessageCodec turns it into a CodecException naming the codec
        return new IllegalArgumentException("not protobuf JSON: " + what + " at byte " + (at - from));
    }

    private static String describe(byte b) {
        return b >= 0x21 && b < 0x7F ? "'" + (char) b + "'" : String.format("byte 0x%02x", b & 0xFF);
    }

    private static byte[][] names(FieldDescriptor field) {
        return new byte[][] {ascii(field.getJsonName()), ascii(field.getName())};
    }

    private static IllegalArgumentException unsupported(FieldDescriptor field, String what) {
        return new IllegalArgumentException(field.getFullName() + ": JsonScan does not handle " + what);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
