package dev.wirebench.smpp.pdu;

/**
 * submit_sm_resp (SMPP 3.4 section 4.4.2): the SMSC accepts a submit_sm and names the message, or
 * refuses it with an error status (and, usually, an empty message_id).
 */
public record SubmitSmResp(int commandStatus, int sequenceNumber, String messageId) implements Response {

    /** Octets of message_id with its NUL. */
    public static final int MESSAGE_ID_OCTETS = 65;

    public SubmitSmResp {
        Fields.cString("message_id", messageId, MESSAGE_ID_OCTETS);
    }

    @Override
    public int commandId() {
        return CommandId.SUBMIT_SM_RESP;
    }
}
