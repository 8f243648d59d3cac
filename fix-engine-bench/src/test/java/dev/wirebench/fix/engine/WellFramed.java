package dev.wirebench.fix.engine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reference the fuzz targets judge byte streams by: FIX 4.4 messages end to end, each
 * {@code 8=FIX.4.4|9=<1 to 7 digits>|}, that many body bytes, {@code 10=<3 digits>|}, with a BodyLength of at
 * most a cap. Written apart from {@link FramingCheck}, over the whole stream at once rather than read by read,
 * so that the two can be compared.
 */
public final class WellFramed {

    private static final byte SOH = 1;
    private static final byte[] START = ("8=" + PingPong.BEGIN_STRING + "\u00019=").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRAILER = "10=".getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_LENGTH_DIGITS = 7;

    private WellFramed() {
    }

    /**
     * Where {@code bytes} stop being well-framed messages and why, in {@link FramingCheck}'s words; null when
     * every byte is (the last message may be cut short: the stream is a prefix of well-framed messages).
     */
    public static Break firstBreak(byte[] bytes, int maxBodyLength) {
        int at = 0;
        while (at < bytes.length) {
            Message message = next(bytes, at, maxBodyLength);
            if (message.broken != null) {
                return message.broken;
            }
            if (message.end < 0) {
                return null; // cut short, but well so far
            }
            at = message.end;
        }
        return null;
    }

    /** The whole messages {@code bytes} start with, up to the first break or the first message cut short. */
    public static List<byte[]> messages(byte[] bytes, int maxBodyLength) {
        List<byte[]> messages = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            Message message = next(bytes, at, maxBodyLength);
            if (message.broken != null || message.end < 0) {
                break;
            }
            messages.add(Arrays.copyOfRange(bytes, at, message.end));
            at = message.end;
        }
        return messages;
    }

    /** Whether a whole well-framed message's CheckSum is the sum of the bytes before {@code 10=}, modulo 256. */
    public static boolean checkSumHolds(byte[] message) {
        int trailer = message.length - 7;
        int sum = 0;
        for (int i = 0; i < trailer; i++) {
            sum += message[i] & 0xff;
        }
        int declared = (message[trailer + 3] - '0') * 100 + (message[trailer + 4] - '0') * 10 + (message[trailer + 5] - '0');
        return sum % 256 == declared;
    }

    /** The value of {@code tag} in a whole message, or null; the first one if it repeats. */
    public static String field(byte[] message, int tag) {
        return FixWire.field(new String(message, StandardCharsets.ISO_8859_1), tag);
    }

    /** A byte where a stream stops being FIX, and what {@link FramingCheck} says of it. */
    public record Break(int index, String why) {
    }

    /** The message from {@code at}: its end, -1 if cut short, or where it breaks. */
    private record Message(int end, Break broken) {
    }

    private static Message next(byte[] b, int at, int maxBodyLength) {
        int i = at;
        for (byte expected : START) {
            if (i == b.length) {
                return cutShort();
            }
            if (b[i] != expected) {
                return broken(i, "does not start with 8=FIX.4.4|9=");
            }
            i++;
        }
        int digitsFrom = i;
        while (i < b.length && b[i] != SOH) {
            if (b[i] < '0' || b[i] > '9' || i - digitsFrom == MAX_LENGTH_DIGITS) {
                return broken(i, "BodyLength is not a number");
            }
            i++;
        }
        if (i == b.length) {
            return cutShort();
        }
        if (i == digitsFrom) {
            return broken(i, "BodyLength is not a number");
        }
        long bodyLength = Long.parseLong(new String(b, digitsFrom, i - digitsFrom, StandardCharsets.US_ASCII));
        if (bodyLength > maxBodyLength) {
            return broken(i, "BodyLength " + bodyLength + " is over " + maxBodyLength);
        }
        long trailer = i + 1 + bodyLength;
        for (int k = 0; k < TRAILER.length; k++) {
            if (trailer + k >= b.length) {
                return cutShort();
            }
            if (b[(int) trailer + k] != TRAILER[k]) {
                return broken((int) trailer + k, "no CheckSum(10) where BodyLength says the body ends");
            }
        }
        int value = (int) trailer + TRAILER.length;
        for (int k = 0; k < 4; k++) {
            if (value + k >= b.length) {
                return cutShort();
            }
            byte c = b[value + k];
            if (k < 3 ? c < '0' || c > '9' : c != SOH) {
                return broken(value + k, "CheckSum is not three digits");
            }
        }
        return new Message(value + 4, null);
    }

    private static Message cutShort() {
        return new Message(-1, null);
    }

    private static Message broken(int index, String why) {
        return new Message(-1, new Break(index, why));
    }
}
