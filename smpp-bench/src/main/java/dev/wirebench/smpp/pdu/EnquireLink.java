package dev.wirebench.smpp.pdu;

/** enquire_link (SMPP 3.4 section 4.11.1): is the peer still there? Header only. */
public record EnquireLink(int sequenceNumber) implements Request {

    @Override
    public int commandId() {
        return CommandId.ENQUIRE_LINK;
    }
}
