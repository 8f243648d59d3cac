package dev.wirebench.fix.codec;

/**
 * A reusable CharSequence over bytes, one char per byte (0-255): how UTF-8 bytes reach a library whose
 * string API writes the low byte of each char to the wire (Philadelphia's {@code setString}) without a
 * String per value.
 */
final class Latin1View implements CharSequence {

    private final byte[] bytes;
    private int length;

    Latin1View(int capacity) {
        this.bytes = new byte[capacity];
    }

    /** The array to fill; {@link #length(int)} then says how much of it counts. */
    byte[] bytes() {
        return bytes;
    }

    Latin1View length(int length) {
        this.length = length;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return (char) (bytes[index] & 0xFF);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return toString().substring(start, end);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
