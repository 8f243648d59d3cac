package dev.wirebench.smpp.pdu;

/** submit_sm (SMPP 3.4 section 4.4.1): an ESME hands the SMSC a short message to deliver. */
public record SubmitSm(int sequenceNumber, MessageBody body) implements Request {

    public SubmitSm {
        Fields.notNull("body", body);
    }

    @Override
    public int commandId() {
        return CommandId.SUBMIT_SM;
    }
}
