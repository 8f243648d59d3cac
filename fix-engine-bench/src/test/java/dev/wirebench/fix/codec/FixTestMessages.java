package dev.wirebench.fix.codec;

import java.nio.charset.StandardCharsets;

/** Hand-made FIX 4.4 messages for tests, '|' standing for SOH. */
final class FixTestMessages {

    private FixTestMessages() {
    }

    /** {@code body} (header fields after 9 included) framed with BeginString, a right BodyLength and CheckSum. */
    static byte[] frame(String body) {
        byte[] bodyBytes = body.replace('|', '\u0001').getBytes(StandardCharsets.UTF_8);
        return frame(bodyBytes, bodyBytes.length, 0);
    }

    /** The same, with BodyLength and CheckSum off by the given amounts. */
    static byte[] frame(byte[] body, int bodyLength, int checkSumError) {
        byte[] head = ("8=FIX.4.4\u00019=" + bodyLength + "\u0001").getBytes(StandardCharsets.US_ASCII);
        int sum = 0;
        for (byte b : head) {
            sum += b;
        }
        for (byte b : body) {
            sum += b;
        }
        String trailer = String.format("10=%03d\u0001", (sum + checkSumError) & 0xFF);
        byte[] all = new byte[head.length + body.length + 7];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        System.arraycopy(trailer.getBytes(StandardCharsets.US_ASCII), 0, all, head.length + body.length, 7);
        return all;
    }
}
