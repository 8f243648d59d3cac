package dev.wirebench.fix.jmh;

import dev.wirebench.codec.Checksum;
import dev.wirebench.fix.engine.PingPong;

import java.nio.charset.StandardCharsets;

/**
 * The fill the benchmark parses: a FIX 4.4 ExecutionReport (35=8) from the server, ExecType F and
 * OrdStatus 2, answering the reference order. Framed here rather than by either library, so both parse
 * the very same bytes.
 */
final class ExecutionReportFixture {

    static final String CL_ORD_ID = "ORD-20261121-000042";
    static final String EXEC_ID = PingPong.EXEC_ID_FILL_PREFIX + CL_ORD_ID;
    static final double QUANTITY = PingPong.ORDER_QTY;
    static final double LEAVES_QTY = 0;

    private ExecutionReportFixture() {
    }

    /** The whole message, fields separated by SOH, with a right BodyLength and CheckSum. */
    static byte[] bytes() {
        String body = "35=8|34=2|49=" + PingPong.SERVER_COMP_ID + "|52=20251121-04:40:00.124|56=" + PingPong.CLIENT_COMP_ID
                + "|6=" + PingPong.PRICE + "|11=" + CL_ORD_ID + "|14=" + PingPong.ORDER_QTY + "|17=" + EXEC_ID
                + "|31=" + PingPong.PRICE + "|32=" + PingPong.ORDER_QTY + "|37=" + PingPong.ORDER_ID
                + "|39=" + PingPong.ORD_STATUS_FILLED + "|54=" + PingPong.SIDE + "|55=" + PingPong.SYMBOL
                + "|150=" + PingPong.EXEC_TYPE_TRADE + "|151=0|";
        body = body.replace('|', '\u0001');
        String head = "8=" + PingPong.BEGIN_STRING + "\u00019=" + body.length() + "\u0001";
        int sum = 0;
        for (char c : (head + body).toCharArray()) {
            sum += c;
        }
        return (head + body + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The checksum both parsers return: every field read, in the order the brief lists them. String
     * values are ASCII here, so hashing their chars is hashing their bytes.
     */
    static long checksum(CharSequence clOrdId, CharSequence orderId, CharSequence execId, char execType, char ordStatus,
                         CharSequence symbol, char side, double leavesQty, double cumQty, double avgPx,
                         double lastQty, double lastPx) {
        long h = Checksum.mix(Checksum.SEED, Checksum.string(clOrdId));
        h = Checksum.mix(h, Checksum.string(orderId));
        h = Checksum.mix(h, Checksum.string(execId));
        h = Checksum.mix(h, execType);
        h = Checksum.mix(h, ordStatus);
        h = Checksum.mix(h, Checksum.string(symbol));
        h = Checksum.mix(h, side);
        h = Checksum.mixDouble(h, leavesQty);
        h = Checksum.mixDouble(h, cumQty);
        h = Checksum.mixDouble(h, avgPx);
        h = Checksum.mixDouble(h, lastQty);
        return Checksum.mixDouble(h, lastPx);
    }

    /** What a correct parse of {@link #bytes()} returns. */
    static long expectedChecksum() {
        return checksum(CL_ORD_ID, PingPong.ORDER_ID, EXEC_ID, PingPong.EXEC_TYPE_TRADE, PingPong.ORD_STATUS_FILLED,
                PingPong.SYMBOL, PingPong.SIDE, LEAVES_QTY, QUANTITY, PingPong.PRICE_VALUE, QUANTITY, PingPong.PRICE_VALUE);
    }
}
