package dev.wirebench.smpp.pdu;

/**
 * deliver_sm (SMPP 3.4 section 4.6.1): the SMSC hands a receiver ESME a short message, or a delivery
 * receipt (esm_class 0x04, the receipt text in short_message, receipted_message_id and message_state TLVs).
 */
public record DeliverSm(int sequenceNumber, MessageBody body) implements Request {

    public DeliverSm {
        Fields.notNull("body", body);
    }

    @Override
    public int commandId() {
        return CommandId.DELIVER_SM;
    }
}
