package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXMessage;

/**
 * The wire text of a Philadelphia message, for {@code --history} only (it allocates). Philadelphia's
 * message holds the fields from MsgType(35) on, byte for byte and in wire order; BeginString,
 * BodyLength and CheckSum are framing it adds and strips, so they are rebuilt here as it writes them.
 */
final class WireText {

    private static final char SOH = '\u0001';

    private WireText() {
    }

    static void append(FIXMessage message, StringBuilder out) {
        // built field by field: FIXMessage.toString separates fields with '|', not SOH
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < message.getFieldCount(); i++) {
            body.append(message.tagAt(i)).append('=').append(message.valueAt(i)).append(SOH);
        }
        String head = "8=FIX.4.4" + SOH + "9=" + body.length() + SOH;
        int sum = 0;
        for (int i = 0; i < head.length(); i++) {
            sum += head.charAt(i);
        }
        for (int i = 0; i < body.length(); i++) {
            sum += body.charAt(i) & 0xff;
        }
        out.append(head).append(body).append("10=").append(String.format("%03d", sum % 256)).append(SOH);
    }
}
