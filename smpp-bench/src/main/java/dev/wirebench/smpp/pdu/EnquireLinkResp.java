package dev.wirebench.smpp.pdu;

/** enquire_link_resp (SMPP 3.4 section 4.11.2); header only. */
public record EnquireLinkResp(int commandStatus, int sequenceNumber) implements Response {

    @Override
    public int commandId() {
        return CommandId.ENQUIRE_LINK_RESP;
    }
}
