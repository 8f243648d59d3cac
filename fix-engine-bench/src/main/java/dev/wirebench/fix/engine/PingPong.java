package dev.wirebench.fix.engine;

/**
 * What every engine sends, so that each does the same work: FIX 4.4 between the same CompIDs, one
 * order's fields (the reference {@code Order} sample's, but for ClOrdID, which carries the stamp), and
 * the two ExecutionReports the server answers each order with.
 *
 * <p>TransactTime is the sample's fixed value rather than the clock, so no engine pays for
 * formatting a time that another engine would not; SendingTime (52) in the header is each engine's own.
 */
public final class PingPong {

    public static final String BEGIN_STRING = "FIX.4.4";
    /** The client's SenderCompID, which is the server's TargetCompID. */
    public static final String CLIENT_COMP_ID = "WBCLIENT";
    /** The server's SenderCompID, which is the client's TargetCompID. */
    public static final String SERVER_COMP_ID = "WBSERVER";
    /** HeartBtInt (108) in seconds; long enough that no heartbeat falls inside a short run's window. */
    public static final int HEART_BT_INT = 30;

    // NewOrderSingle (35=D)
    public static final String ACCOUNT = "ACC-7781";
    public static final String SYMBOL = "AAPL";
    /** Side (54): buy. */
    public static final char SIDE = '1';
    public static final long ORDER_QTY = 100;
    /** OrdType (40): limit. */
    public static final char ORD_TYPE = '2';
    /** Price (44), as written on the wire. */
    public static final String PRICE = "187.25";
    public static final double PRICE_VALUE = 187.25;
    /** TimeInForce (59): day. */
    public static final char TIME_IN_FORCE = '0';
    /** TransactTime (60): the reference sample's 1 763 700 000 123 456 789 ns, to the millisecond. */
    public static final String TRANSACT_TIME = "20251121-04:40:00.123";
    public static final long TRANSACT_TIME_MILLIS = 1_763_700_000_123L;

    // ExecutionReport (35=8): the acknowledgement, then the fill
    public static final char EXEC_TYPE_NEW = '0';
    public static final char EXEC_TYPE_TRADE = 'F';
    /** OrderID (37) of every report. */
    public static final String ORDER_ID = "WB-ORDER-1";
    /** ExecID (17) is this prefix and then the ClOrdID: one per report, the same size each time. */
    public static final char EXEC_ID_ACK_PREFIX = 'A';
    public static final char EXEC_ID_FILL_PREFIX = 'F';
    /** OrdStatus (39) of the ack: new; of the fill: filled. */
    public static final char ORD_STATUS_NEW = '0';
    public static final char ORD_STATUS_FILLED = '2';

    private PingPong() {
    }

    /** The fields a FIX client of any make logs on to a wirebench server with, as help texts say them. */
    public static String logonFacts() {
        return "8=" + BEGIN_STRING + ", SenderCompID(49)=" + CLIENT_COMP_ID + ", TargetCompID(56)=" + SERVER_COMP_ID
                + ", HeartBtInt(108)=" + HEART_BT_INT;
    }
}
