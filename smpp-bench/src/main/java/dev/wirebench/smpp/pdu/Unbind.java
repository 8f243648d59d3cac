package dev.wirebench.smpp.pdu;

/** unbind (SMPP 3.4 section 4.2.1): either side ends the session; header only. */
public record Unbind(int sequenceNumber) implements Request {

    @Override
    public int commandId() {
        return CommandId.UNBIND;
    }
}
