package dev.wirebench.fix.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frame of a FIX 4.4 message: {@code 8=FIX.4.4|9=<BodyLength>|<body>10=<CheckSum>|}, where
 * BodyLength counts the bytes after its own SOH up to {@code 10=}, and CheckSum is the sum of every byte
 * before {@code 10=} modulo 256, as three digits. Written by the Philadelphia codec, checked where a
 * library leaves it to its network layer, and used to say what exactly is wrong with a rejected message.
 */
final class FixFraming {

    static final byte SOH = 1;
    /** {@code 8=FIX.4.4|9=}: what every message begins with. */
    static final byte[] PREFIX = ("8=" + FixOrderFields.BEGIN_STRING + "\u00019=").getBytes(StandardCharsets.US_ASCII);
    /** {@code 10=ddd|}. */
    static final int TRAILER_LENGTH = 7;
    /** More BodyLength digits than any message this codec meets; also keeps the int from overflowing. */
    private static final int MAX_BODY_LENGTH_DIGITS = 7;

    private FixFraming() {
    }

    /** The FIX CheckSum of {@code length} bytes from absolute {@code index}: their sum modulo 256. */
    static int checkSum(ByteBuffer buffer, int index, int length) {
        int sum = 0;
        for (int i = index, end = index + length; i < end; i++) {
            sum += buffer.get(i);
        }
        return sum & 0xFF;
    }

    /** The same over an array. */
    static int checkSum(byte[] bytes, int offset, int length) {
        int sum = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            sum += bytes[i];
        }
        return sum & 0xFF;
    }

    /** Digits in the decimal text of a non-negative int. */
    static int digitCount(int value) {
        int digits = 1;
        for (int rest = value; rest >= 10; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /** Writes a non-negative int as {@code width} digits, zero-padded, at absolute {@code index}. */
    static void putDigits(ByteBuffer dst, int index, int value, int width) {
        for (int i = index + width - 1; i >= index; i--) {
            dst.put(i, (byte) ('0' + value % 10));
            value /= 10;
        }
    }

    /**
     * What is wrong with the frame of the {@code length} bytes at absolute {@code offset}, or null if
     * BeginString, BodyLength and the CheckSum field's place are right.
     *
     * @param verifyCheckSum also add the bytes up and compare with the CheckSum value
     */
    static String problem(ByteBuffer src, int offset, int length, boolean verifyCheckSum) {
        int end = offset + length;
        for (int i = 0; i < PREFIX.length; i++) {
            if (offset + i >= end) {
                return "truncated after " + length + " bytes, inside 8=" + FixOrderFields.BEGIN_STRING + "|9=";
            }
            if (src.get(offset + i) != PREFIX[i]) {
                return "does not begin with 8=" + FixOrderFields.BEGIN_STRING + "|9= (byte " + i + " differs)";
            }
        }
        int p = offset + PREFIX.length;
        int bodyLength = 0;
        int digits = 0;
        while (p < end && src.get(p) != SOH) {
            byte b = src.get(p++);
            if (b < '0' || b > '9' || ++digits > MAX_BODY_LENGTH_DIGITS) {
                return "BodyLength (9) is not a number of up to " + MAX_BODY_LENGTH_DIGITS + " digits";
            }
            bodyLength = bodyLength * 10 + (b - '0');
        }
        if (p == end || digits == 0) {
            return p == end ? "truncated inside BodyLength (9)" : "BodyLength (9) is empty";
        }
        int bodyStart = p + 1;
        int actual = end - TRAILER_LENGTH - bodyStart;
        if (bodyLength != actual) {
            return "BodyLength (9) says " + bodyLength + " bytes, but " + Math.max(actual, 0)
                    + " lie between it and a 7-byte CheckSum field (10=ddd|) ending the " + length + " bytes";
        }
        int trailer = bodyStart + bodyLength;
        if (bodyLength == 0 || src.get(trailer - 1) != SOH || src.get(trailer) != '1' || src.get(trailer + 1) != '0'
                || src.get(trailer + 2) != '=' || src.get(end - 1) != SOH) {
            return "the message does not end with a CheckSum field 10=ddd| right after its body";
        }
        int declared = 0;
        for (int i = trailer + 3; i < end - 1; i++) {
            byte b = src.get(i);
            if (b < '0' || b > '9') {
                return "CheckSum (10) is not three digits";
            }
            declared = declared * 10 + (b - '0');
        }
        if (verifyCheckSum) {
            int sum = checkSum(src, offset, trailer - offset);
            if (sum != declared) {
                return "CheckSum (10) says " + declared + " but the bytes before it sum to " + sum + " (mod 256)";
            }
        }
        return null;
    }
}
