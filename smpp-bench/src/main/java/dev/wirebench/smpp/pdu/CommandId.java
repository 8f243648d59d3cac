package dev.wirebench.smpp.pdu;

/**
 * command_id values of SMPP 3.4 (section 5.1.2.1, table 5-1). A response's id is its request's with
 * bit 31 set ({@link #RESPONSE_BIT}). The codec reads and writes the PDUs that have a record in this
 * package; the other ids are here so that a message can name what it met.
 */
public final class CommandId {

    /** Set in every response's command_id. */
    public static final int RESPONSE_BIT = 0x80000000;

    public static final int GENERIC_NACK = 0x80000000;
    public static final int BIND_RECEIVER = 0x00000001;
    public static final int BIND_RECEIVER_RESP = 0x80000001;
    public static final int BIND_TRANSMITTER = 0x00000002;
    public static final int BIND_TRANSMITTER_RESP = 0x80000002;
    public static final int QUERY_SM = 0x00000003;
    public static final int QUERY_SM_RESP = 0x80000003;
    public static final int SUBMIT_SM = 0x00000004;
    public static final int SUBMIT_SM_RESP = 0x80000004;
    public static final int DELIVER_SM = 0x00000005;
    public static final int DELIVER_SM_RESP = 0x80000005;
    public static final int UNBIND = 0x00000006;
    public static final int UNBIND_RESP = 0x80000006;
    public static final int REPLACE_SM = 0x00000007;
    public static final int REPLACE_SM_RESP = 0x80000007;
    public static final int CANCEL_SM = 0x00000008;
    public static final int CANCEL_SM_RESP = 0x80000008;
    public static final int BIND_TRANSCEIVER = 0x00000009;
    public static final int BIND_TRANSCEIVER_RESP = 0x80000009;
    public static final int OUTBIND = 0x0000000B;
    public static final int ENQUIRE_LINK = 0x00000015;
    public static final int ENQUIRE_LINK_RESP = 0x80000015;
    public static final int SUBMIT_MULTI = 0x00000021;
    public static final int SUBMIT_MULTI_RESP = 0x80000021;
    public static final int ALERT_NOTIFICATION = 0x00000102;
    public static final int DATA_SM = 0x00000103;
    public static final int DATA_SM_RESP = 0x80000103;

    private CommandId() {
    }

    /** The spec's name of a command_id ({@code "submit_sm"}), or its hex ({@code "0x00000042"}) if SMPP 3.4 has none. */
    public static String name(int commandId) {
        switch (commandId) {
            case GENERIC_NACK: return "generic_nack";
            case BIND_RECEIVER: return "bind_receiver";
            case BIND_RECEIVER_RESP: return "bind_receiver_resp";
            case BIND_TRANSMITTER: return "bind_transmitter";
            case BIND_TRANSMITTER_RESP: return "bind_transmitter_resp";
            case QUERY_SM: return "query_sm";
            case QUERY_SM_RESP: return "query_sm_resp";
            case SUBMIT_SM: return "submit_sm";
            case SUBMIT_SM_RESP: return "submit_sm_resp";
            case DELIVER_SM: return "deliver_sm";
            case DELIVER_SM_RESP: return "deliver_sm_resp";
            case UNBIND: return "unbind";
            case UNBIND_RESP: return "unbind_resp";
            case REPLACE_SM: return "replace_sm";
            case REPLACE_SM_RESP: return "replace_sm_resp";
            case CANCEL_SM: return "cancel_sm";
            case CANCEL_SM_RESP: return "cancel_sm_resp";
            case BIND_TRANSCEIVER: return "bind_transceiver";
            case BIND_TRANSCEIVER_RESP: return "bind_transceiver_resp";
            case OUTBIND: return "outbind";
            case ENQUIRE_LINK: return "enquire_link";
            case ENQUIRE_LINK_RESP: return "enquire_link_resp";
            case SUBMIT_MULTI: return "submit_multi";
            case SUBMIT_MULTI_RESP: return "submit_multi_resp";
            case ALERT_NOTIFICATION: return "alert_notification";
            case DATA_SM: return "data_sm";
            case DATA_SM_RESP: return "data_sm_resp";
            default: return String.format("0x%08X", commandId);
        }
    }
}
