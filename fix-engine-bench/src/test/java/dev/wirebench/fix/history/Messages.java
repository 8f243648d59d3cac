package dev.wirebench.fix.history;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.PingPong;

import java.nio.charset.StandardCharsets;

/** FIX 4.4 messages as the ping-pong puts them on the wire, with real BodyLength and CheckSum, for tests. */
final class Messages {

    static final char SOH = '\u0001';

    private Messages() {
    }

    /** A NewOrderSingle carrying {@code stamp} in its ClOrdID. */
    static String order(long stamp) {
        return request("D", stamp);
    }

    /** A request of any MsgType (35) carrying {@code stamp} in its ClOrdID. */
    static String request(String msgType, long stamp) {
        return message(msgType, "11=" + ClOrdIds.toString(stamp) + SOH + "1=" + PingPong.ACCOUNT + SOH
                + "55=" + PingPong.SYMBOL + SOH + "54=" + PingPong.SIDE + SOH + "38=" + PingPong.ORDER_QTY + SOH
                + "40=" + PingPong.ORD_TYPE + SOH + "44=" + PingPong.PRICE + SOH + "60=" + PingPong.TRANSACT_TIME + SOH);
    }

    /** The ExecutionReport acknowledging the order of {@code stamp}. */
    static String ack(long stamp) {
        return report(PingPong.EXEC_TYPE_NEW, PingPong.ORD_STATUS_NEW, PingPong.EXEC_ID_ACK_PREFIX, stamp);
    }

    /** The ExecutionReport filling the order of {@code stamp}. */
    static String fill(long stamp) {
        return report(PingPong.EXEC_TYPE_TRADE, PingPong.ORD_STATUS_FILLED, PingPong.EXEC_ID_FILL_PREFIX, stamp);
    }

    private static String report(char execType, char ordStatus, char execIdPrefix, long stamp) {
        String clOrdId = ClOrdIds.toString(stamp);
        return message("8", "37=" + PingPong.ORDER_ID + SOH + "11=" + clOrdId + SOH + "17=" + execIdPrefix + clOrdId + SOH
                + "150=" + execType + SOH + "39=" + ordStatus + SOH + "55=" + PingPong.SYMBOL + SOH
                + "54=" + PingPong.SIDE + SOH);
    }

    private static String message(String msgType, String fields) {
        String body = "35=" + msgType + SOH + "49=" + PingPong.CLIENT_COMP_ID + SOH + "56=" + PingPong.SERVER_COMP_ID
                + SOH + "34=1" + SOH + fields;
        String head = "8=" + PingPong.BEGIN_STRING + SOH + "9=" + body.length() + SOH + body;
        int sum = 0;
        for (byte b : head.getBytes(StandardCharsets.US_ASCII)) {
            sum += b & 0xff;
        }
        return head + "10=" + String.format("%03d", sum % 256) + SOH;
    }
}
