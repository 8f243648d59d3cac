package dev.wirebench.smpp.pdu;

/**
 * deliver_sm_resp (SMPP 3.4 section 4.6.2): the ESME acknowledges a deliver_sm. Its one body field,
 * message_id, is unused and always NULL in SMPP 3.4, so the record has no field for it.
 */
public record DeliverSmResp(int commandStatus, int sequenceNumber) implements Response {

    /** Octets of the unused message_id: its NUL alone. */
    public static final int MESSAGE_ID_OCTETS = 1;

    @Override
    public int commandId() {
        return CommandId.DELIVER_SM_RESP;
    }
}
