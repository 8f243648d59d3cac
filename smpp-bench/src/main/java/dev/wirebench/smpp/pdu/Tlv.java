package dev.wirebench.smpp.pdu;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An optional parameter (SMPP 3.4 section 5.3): a 16-bit tag, a 16-bit length and that many octets of
 * value. Any tag is carried, known or not, and written back unchanged; for the tags named here whose
 * length the spec fixes, a value of another length is rejected, as the codec rejects it on the wire.
 *
 * <p>The record owns its value: the constructor copies the array it is given and {@link #value()}
 * returns a copy, so a {@code Tlv} is immutable. {@link #copyValue} reads the value without allocating.
 */
public record Tlv(short tag, byte[] value) {

    /** receipted_message_id: the SMSC message id a delivery receipt is about, a C-Octet String of at most 65 octets. */
    public static final short RECEIPTED_MESSAGE_ID = 0x001E;
    /** user_message_reference: the ESME's own reference for a message, 2 octets. */
    public static final short USER_MESSAGE_REFERENCE = 0x0204;
    /** sar_msg_ref_num: the reference shared by the segments of a concatenated message, 2 octets. */
    public static final short SAR_MSG_REF_NUM = 0x020C;
    /** sar_total_segments: how many segments the concatenated message has, 1 octet. */
    public static final short SAR_TOTAL_SEGMENTS = 0x020E;
    /** sar_segment_seqnum: which segment this is, from 1, 1 octet. */
    public static final short SAR_SEGMENT_SEQNUM = 0x020F;
    /** sc_interface_version: the SMPP version the SMSC supports, in a bind response, 1 octet. */
    public static final short SC_INTERFACE_VERSION = 0x0210;
    /** network_error_code: network type and error code of a failed delivery, 3 octets. */
    public static final short NETWORK_ERROR_CODE = 0x0423;
    /** message_payload: the message when it does not fit short_message, up to 64 KiB. */
    public static final short MESSAGE_PAYLOAD = 0x0424;
    /** message_state: the final state a delivery receipt reports, 1 octet. */
    public static final short MESSAGE_STATE = 0x0427;

    /** The most octets a value can have: its length is an unsigned 16-bit Integer. */
    public static final int MAX_LENGTH = 0xFFFF;
    /** Octets of a receipted_message_id with its NUL. */
    public static final int RECEIPTED_MESSAGE_ID_OCTETS = 65;

    public Tlv {
        if (value == null) {
            throw new IllegalArgumentException("value of TLV " + tagName(tag) + " is null");
        }
        if (value.length < minLength(tag) || value.length > maxLength(tag)) {
            throw new IllegalArgumentException(lengthProblem(tag, value.length));
        }
        value = value.clone();
    }

    /** A TLV whose value is one octet, 0 to 255. */
    public static Tlv ofByte(short tag, int value) {
        return new Tlv(tag, new byte[] {(byte) Fields.octet(tagName(tag), value)});
    }

    /** A TLV whose value is a two-octet Integer, 0 to 65535. */
    public static Tlv ofShort(short tag, int value) {
        if (value < 0 || value > 0xFFFF) {
            throw new IllegalArgumentException(tagName(tag) + " is " + value + "; a two-octet Integer holds 0 to 65535");
        }
        return new Tlv(tag, new byte[] {(byte) (value >>> 8), (byte) value});
    }

    /** A TLV whose value is a C-Octet String: the ASCII characters and a terminating NUL. */
    public static Tlv ofCString(short tag, String value) {
        String text = Fields.cString(tagName(tag), value, MAX_LENGTH);
        byte[] bytes = Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), text.length() + 1);
        return new Tlv(tag, bytes);
    }

    /** A copy of the value. */
    @Override
    public byte[] value() {
        return value.clone();
    }

    /** Octets in the value. */
    public int length() {
        return value.length;
    }

    /** Copies {@code length} octets of the value from {@code from} into {@code dst} at {@code dstIndex}; allocates nothing. */
    public void copyValue(int from, byte[] dst, int dstIndex, int length) {
        System.arraycopy(value, from, dst, dstIndex, length);
    }

    /** The value as an unsigned big-endian Integer of 1 to 4 octets. */
    public long intValue() {
        if (value.length < 1 || value.length > 4) {
            throw new IllegalStateException(tagName(tag) + " has " + value.length + " octets: not a 1- to 4-octet Integer");
        }
        long result = 0;
        for (byte b : value) {
            result = result << 8 | (b & 0xFF);
        }
        return result;
    }

    /** The value as a C-Octet String: the octets before the first NUL (all of them if there is none), as ISO-8859-1. */
    public String stringValue() {
        int end = 0;
        while (end < value.length && value[end] != 0) {
            end++;
        }
        return new String(value, 0, end, StandardCharsets.ISO_8859_1);
    }

    /** The fewest octets SMPP 3.4 allows in a value of this tag (0 for tags not named here). */
    public static int minLength(short tag) {
        int fixed = fixedLength(tag);
        if (fixed >= 0) {
            return fixed;
        }
        return tag == RECEIPTED_MESSAGE_ID ? 1 : 0;
    }

    /** The most octets SMPP 3.4 allows in a value of this tag ({@link #MAX_LENGTH} for tags not named here). */
    public static int maxLength(short tag) {
        int fixed = fixedLength(tag);
        if (fixed >= 0) {
            return fixed;
        }
        return tag == RECEIPTED_MESSAGE_ID ? RECEIPTED_MESSAGE_ID_OCTETS : MAX_LENGTH;
    }

    /** What is wrong with a value of {@code length} octets for this tag, for an error message. */
    public static String lengthProblem(short tag, int length) {
        int min = minLength(tag);
        int max = maxLength(tag);
        String allowed = min == max ? String.valueOf(min) : min + " to " + max;
        return "TLV " + tagName(tag) + " has a value of " + length + " octets; SMPP 3.4 allows " + allowed;
    }

    /** The spec's name of a tag named here ({@code "message_payload"}), else its hex ({@code "0x1403"}). */
    public static String tagName(short tag) {
        switch (tag) {
            case RECEIPTED_MESSAGE_ID: return "receipted_message_id";
            case USER_MESSAGE_REFERENCE: return "user_message_reference";
            case SAR_MSG_REF_NUM: return "sar_msg_ref_num";
            case SAR_TOTAL_SEGMENTS: return "sar_total_segments";
            case SAR_SEGMENT_SEQNUM: return "sar_segment_seqnum";
            case SC_INTERFACE_VERSION: return "sc_interface_version";
            case NETWORK_ERROR_CODE: return "network_error_code";
            case MESSAGE_PAYLOAD: return "message_payload";
            case MESSAGE_STATE: return "message_state";
            default: return String.format("0x%04X", tag & 0xFFFF);
        }
    }

    private static int fixedLength(short tag) {
        switch (tag) {
            case SAR_TOTAL_SEGMENTS:
            case SAR_SEGMENT_SEQNUM:
            case SC_INTERFACE_VERSION:
            case MESSAGE_STATE:
                return 1;
            case USER_MESSAGE_REFERENCE:
            case SAR_MSG_REF_NUM:
                return 2;
            case NETWORK_ERROR_CODE:
                return 3;
            default:
                return -1;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tlv other && tag == other.tag && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return 31 * tag + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "Tlv[" + tagName(tag) + ", " + Hex.of(value) + "]";
    }
}
