package dev.wirebench.fix.engine;

/**
 * The ClOrdID (11) of every order in the ping-pong: its stamp (a {@link System#nanoTime()} value, the
 * intended send time) as 16 lowercase hex digits. The fixed width keeps every order, and every report
 * echoing it, the same size; the client reads the stamp back from each report to time it, so no
 * engine needs a table of orders in flight.
 */
public final class ClOrdIds {

    /** Characters in a ClOrdID. */
    public static final int LENGTH = 16;

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private ClOrdIds() {
    }

    /** Writes the ClOrdID of {@code stamp} into {@code dst[offset, offset + 16)} as ASCII. */
    public static void write(long stamp, byte[] dst, int offset) {
        for (int i = LENGTH - 1; i >= 0; i--) {
            dst[offset + i] = HEX[(int) (stamp & 0xf)];
            stamp >>>= 4;
        }
    }

    /** Writes the ClOrdID of {@code stamp} into {@code dst[0, 16)}. */
    public static void write(long stamp, char[] dst) {
        for (int i = LENGTH - 1; i >= 0; i--) {
            dst[i] = (char) HEX[(int) (stamp & 0xf)];
            stamp >>>= 4;
        }
    }

    /** The ClOrdID of {@code stamp} as a string (for engines whose API takes one). */
    public static String toString(long stamp) {
        char[] chars = new char[LENGTH];
        write(stamp, chars);
        return new String(chars);
    }

    /**
     * The stamp in the ClOrdID at {@code src[offset, offset + 16)}.
     *
     * @throws IllegalArgumentException if those bytes are not 16 hex digits
     */
    public static long read(byte[] src, int offset) {
        long stamp = 0;
        for (int i = 0; i < LENGTH; i++) {
            stamp = stamp << 4 | digit(src[offset + i]);
        }
        return stamp;
    }

    /**
     * The stamp in a ClOrdID.
     *
     * @throws IllegalArgumentException if it is not 16 hex digits
     */
    public static long read(CharSequence clOrdId) {
        if (clOrdId.length() != LENGTH) {
            throw new IllegalArgumentException("ClOrdID '" + clOrdId + "' is not " + LENGTH + " hex digits");
        }
        long stamp = 0;
        for (int i = 0; i < LENGTH; i++) {
            stamp = stamp << 4 | digit(clOrdId.charAt(i));
        }
        return stamp;
    }

    private static int digit(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        throw new IllegalArgumentException("ClOrdID holds '" + (char) c + "', not a lowercase hex digit");
    }
}
