package dev.wirebench.fix.engine;

import java.nio.charset.StandardCharsets;

/** Hand-built FIX 4.4 messages for tests that talk to an engine over a plain socket. */
public final class FixWire {

    public static final char SOH = '\u0001';

    private FixWire() {
    }

    /**
     * A message with a correct BodyLength and CheckSum: {@code body} is the fields after 9=, starting
     * with 35=, each ending with SOH.
     */
    public static byte[] message(String body) {
        String head = "8=" + PingPong.BEGIN_STRING + SOH + "9=" + body.getBytes(StandardCharsets.US_ASCII).length + SOH;
        String withoutTrailer = head + body;
        return (withoutTrailer + "10=" + checkSum(withoutTrailer) + SOH).getBytes(StandardCharsets.US_ASCII);
    }

    /** The CheckSum field value of the text before it: the byte sum mod 256, three digits. */
    public static String checkSum(String text) {
        int sum = 0;
        for (byte b : text.getBytes(StandardCharsets.US_ASCII)) {
            sum += b & 0xff;
        }
        return String.format("%03d", sum % 256);
    }

    private static final java.time.format.DateTimeFormatter SENDING_TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(java.time.ZoneOffset.UTC);

    /**
     * Standard header fields from the client after 35=type, for sequence number {@code seq}; SendingTime
     * is now, since an engine may refuse a message whose clock is far from its own (QuickFIX/J's CheckLatency).
     */
    public static String header(String type, int seq) {
        return "35=" + type + SOH + "49=" + PingPong.CLIENT_COMP_ID + SOH + "56=" + PingPong.SERVER_COMP_ID + SOH
                + "34=" + seq + SOH + "52=" + SENDING_TIME.format(java.time.Instant.now()) + SOH;
    }

    /** The client's Logon (seq 1, ResetSeqNumFlag=Y). */
    public static byte[] logon() {
        return message(header("A", 1) + "98=0" + SOH + "108=" + PingPong.HEART_BT_INT + SOH + "141=Y" + SOH);
    }

    /** A NewOrderSingle with PingPong's fields and the ClOrdID of {@code stamp}. */
    public static byte[] newOrderSingle(int seq, long stamp) {
        return message(header("D", seq) + "11=" + ClOrdIds.toString(stamp) + SOH + "1=" + PingPong.ACCOUNT + SOH
                + "55=" + PingPong.SYMBOL + SOH + "54=" + PingPong.SIDE + SOH + "60=" + PingPong.TRANSACT_TIME + SOH
                + "38=" + PingPong.ORDER_QTY + SOH + "40=" + PingPong.ORD_TYPE + SOH + "44=" + PingPong.PRICE + SOH
                + "59=" + PingPong.TIME_IN_FORCE + SOH);
    }

    /** The value of {@code tag} in a message's text, or null. */
    public static String field(String message, int tag) {
        String key = SOH + Integer.toString(tag) + "=";
        String padded = SOH + message;
        int at = padded.indexOf(key);
        if (at < 0) {
            return null;
        }
        int start = at + key.length();
        int end = padded.indexOf(SOH, start);
        return padded.substring(start, end < 0 ? padded.length() : end);
    }

    /**
     * What arrives until {@code end} has (null: until {@code time} is up), ending in "&lt;EOF&gt;" if the server
     * closed the connection; never longer than {@code time}.
     */
    public static String readUntil(java.net.Socket socket, String end, java.time.Duration time) throws java.io.IOException {
        socket.setSoTimeout(100);
        long deadline = System.nanoTime() + time.toNanos();
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (System.nanoTime() - deadline < 0 && (end == null || !got.toString(StandardCharsets.US_ASCII).contains(end))) {
            try {
                int n = socket.getInputStream().read(buffer);
                if (n < 0) {
                    return got.toString(StandardCharsets.US_ASCII) + "<EOF>";
                }
                got.write(buffer, 0, n);
            } catch (java.net.SocketTimeoutException again) {
                // keep reading until the deadline
            } catch (java.io.IOException reset) {
                return got.toString(StandardCharsets.US_ASCII) + "<EOF>";
            }
        }
        return got.toString(StandardCharsets.US_ASCII);
    }
}
