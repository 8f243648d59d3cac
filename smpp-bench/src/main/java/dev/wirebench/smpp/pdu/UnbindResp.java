package dev.wirebench.smpp.pdu;

/** unbind_resp (SMPP 3.4 section 4.2.2); header only. */
public record UnbindResp(int commandStatus, int sequenceNumber) implements Response {

    @Override
    public int commandId() {
        return CommandId.UNBIND_RESP;
    }
}
