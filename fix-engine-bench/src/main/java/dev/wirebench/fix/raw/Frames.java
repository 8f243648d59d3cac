package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.PingPong;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The three messages of the raw baseline, encoded once as real FIX 4.4 text with PingPong's content:
 * the NewOrderSingle and the two ExecutionReports, fields in the order the Philadelphia engine writes
 * them, so each frame is the size of a FIX message an engine sends. Header values are fixed (a
 * six-digit MsgSeqNum, as mid-run, and a fixed SendingTime); the ClOrdID is zeros in the template
 * and patched per order, the CheckSum is the template's and is not recomputed.
 */
final class Frames {

    private static final char SOH = '\u0001';
    /** What every frame starts with; the server checks it and closes the connection on anything else. */
    static final byte[] START = ("8=" + PingPong.BEGIN_STRING + SOH + "9=").getBytes(StandardCharsets.US_ASCII);
    private static final String ZEROS = "0".repeat(ClOrdIds.LENGTH);
    private static final String SEQ_NUM = "100000";

    static final byte[] ORDER = message(header("D", PingPong.CLIENT_COMP_ID, PingPong.SERVER_COMP_ID)
            + "11=" + ZEROS + SOH + "1=" + PingPong.ACCOUNT + SOH + "55=" + PingPong.SYMBOL + SOH
            + "54=" + PingPong.SIDE + SOH + "60=" + PingPong.TRANSACT_TIME + SOH + "38=" + PingPong.ORDER_QTY + SOH
            + "40=" + PingPong.ORD_TYPE + SOH + "44=" + PingPong.PRICE + SOH + "59=" + PingPong.TIME_IN_FORCE + SOH);
    static final byte[] ACK = message(reportStart(PingPong.EXEC_ID_ACK_PREFIX)
            + "150=" + PingPong.EXEC_TYPE_NEW + SOH + "39=" + PingPong.ORD_STATUS_NEW + SOH + instrument()
            + "151=" + PingPong.ORDER_QTY + SOH + "14=0" + SOH + "6=0" + SOH);
    static final byte[] FILL = message(reportStart(PingPong.EXEC_ID_FILL_PREFIX)
            + "150=" + PingPong.EXEC_TYPE_TRADE + SOH + "39=" + PingPong.ORD_STATUS_FILLED + SOH + instrument()
            + "32=" + PingPong.ORDER_QTY + SOH + "31=" + PingPong.PRICE + SOH
            + "151=0" + SOH + "14=" + PingPong.ORDER_QTY + SOH + "6=" + PingPong.PRICE + SOH);

    static final int ORDER_CL_ORD_ID = valueAt(ORDER, "11=");
    /** ClOrdID and ExecID suffix offsets, and where ExecType's one character is, in both reports. */
    static final int ACK_CL_ORD_ID = valueAt(ACK, "11=");
    static final int ACK_EXEC_ID = valueAt(ACK, "17=") + 1;
    static final int ACK_EXEC_TYPE = valueAt(ACK, "150=");
    static final int FILL_CL_ORD_ID = valueAt(FILL, "11=");
    static final int FILL_EXEC_ID = valueAt(FILL, "17=") + 1;
    static final int FILL_EXEC_TYPE = valueAt(FILL, "150=");

    private Frames() {
    }

    /** A direct copy of a template, positioned at 0: one per connection, patched in place. */
    static ByteBuffer copy(byte[] template) {
        return ByteBuffer.allocateDirect(template.length).put(template).flip();
    }

    /** Whether {@code frame} starts as every FIX 4.4 message does. */
    static boolean startsRight(ByteBuffer frame) {
        for (int i = 0; i < START.length; i++) {
            if (frame.get(i) != START[i]) {
                return false;
            }
        }
        return true;
    }

    /** Appends {@code length} bytes of {@code frame} from 0 as ASCII text. */
    static void appendTo(ByteBuffer frame, int length, StringBuilder out) {
        for (int i = 0; i < length; i++) {
            out.append((char) (frame.get(i) & 0xff));
        }
    }

    private static String header(String type, String sender, String target) {
        return "35=" + type + SOH + "49=" + sender + SOH + "56=" + target + SOH + "34=" + SEQ_NUM + SOH
                + "52=" + PingPong.TRANSACT_TIME + SOH;
    }

    private static String reportStart(char execIdPrefix) {
        return header("8", PingPong.SERVER_COMP_ID, PingPong.CLIENT_COMP_ID) + "37=" + PingPong.ORDER_ID + SOH
                + "11=" + ZEROS + SOH + "17=" + execIdPrefix + ZEROS + SOH;
    }

    private static String instrument() {
        return "55=" + PingPong.SYMBOL + SOH + "54=" + PingPong.SIDE + SOH;
    }

    private static byte[] message(String body) {
        String text = "8=" + PingPong.BEGIN_STRING + SOH + "9=" + body.length() + SOH + body;
        int sum = 0;
        for (int i = 0; i < text.length(); i++) {
            sum += text.charAt(i);
        }
        return (text + "10=" + String.format("%03d", sum % 256) + SOH).getBytes(StandardCharsets.US_ASCII);
    }

    private static int valueAt(byte[] frame, String tagEquals) {
        String text = new String(frame, StandardCharsets.US_ASCII);
        int at = text.indexOf(SOH + tagEquals);
        if (at < 0) {
            throw new IllegalStateException("template lacks " + tagEquals);
        }
        return at + 1 + tagEquals.length();
    }
}
