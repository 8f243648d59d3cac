package dev.wirebench.smpp.pdu;

/** Octets as lower-case hex, for the records' {@code toString}. */
final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    static String of(byte[] bytes) {
        char[] text = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            text[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            text[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(text);
    }
}
