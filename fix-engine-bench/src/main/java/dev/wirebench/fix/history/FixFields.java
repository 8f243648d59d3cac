package dev.wirebench.fix.history;

/**
 * The few fields of one FIX message the analysis needs, found in one pass over its bytes: whether it
 * is a request (holds the {@link FieldMatch}), its ClOrdID (11) and its ExecType (150). Reused for
 * every line; nothing is decoded to a string here.
 */
final class FixFields {

    static final byte SOH = 0x01;
    static final int CL_ORD_ID = 11;
    static final int EXEC_TYPE = 150;
    /** ExecType absent, or not one byte long. */
    static final byte NO_EXEC_TYPE = 0;

    private final FieldMatch request;
    private boolean isRequest;
    private int clOrdIdStart;
    private int clOrdIdEnd;
    private byte execType;

    FixFields(FieldMatch request) {
        this.request = request;
    }

    /**
     * Reads the message {@code bytes[start, end)}: fields {@code tag=value} separated by SOH, the first
     * being BeginString (8), a trailing SOH or not.
     *
     * @throws HistoryFormatException if it is not such a message
     */
    void parse(long line, byte[] bytes, int start, int end) {
        isRequest = false;
        clOrdIdStart = -1;
        clOrdIdEnd = -1;
        execType = NO_EXEC_TYPE;
        if (end - start < 2 || bytes[start] != '8' || bytes[start + 1] != '=') {
            throw new HistoryFormatException(line, "the FIX message does not start with BeginString (8=)");
        }
        int i = start;
        while (i < end) {
            int tag = 0;
            int tagStart = i;
            while (i < end && bytes[i] >= '0' && bytes[i] <= '9' && i - tagStart < 9) {
                tag = tag * 10 + bytes[i++] - '0';
            }
            if (i == tagStart || i == end || bytes[i] != '=') {
                throw new HistoryFormatException(line, "field " + fieldNumber(bytes, start, tagStart)
                        + " of the FIX message is not tag=value");
            }
            int valueStart = ++i;
            while (i < end && bytes[i] != SOH) {
                i++;
            }
            field(bytes, tag, valueStart, i);
            i++; // past the SOH
        }
    }

    private void field(byte[] bytes, int tag, int from, int to) {
        if (tag == request.tag() && request.valueEquals(bytes, from, to)) {
            isRequest = true;
        }
        if (tag == CL_ORD_ID && clOrdIdStart < 0) {
            clOrdIdStart = from;
            clOrdIdEnd = to;
        } else if (tag == EXEC_TYPE && to - from == 1) {
            execType = bytes[from];
        }
    }

    private static int fieldNumber(byte[] bytes, int start, int at) {
        int n = 1;
        for (int i = start; i < at; i++) {
            n += bytes[i] == SOH ? 1 : 0;
        }
        return n;
    }

    boolean isRequest() {
        return isRequest;
    }

    boolean hasClOrdId() {
        return clOrdIdStart >= 0;
    }

    int clOrdIdStart() {
        return clOrdIdStart;
    }

    int clOrdIdEnd() {
        return clOrdIdEnd;
    }

    /** The one-character ExecType, or {@link #NO_EXEC_TYPE}. */
    byte execType() {
        return execType;
    }
}
