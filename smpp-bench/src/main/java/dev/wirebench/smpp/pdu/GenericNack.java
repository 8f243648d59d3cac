package dev.wirebench.smpp.pdu;

/**
 * generic_nack (SMPP 3.4 section 4.3.1): the answer to a PDU that could not be taken apart (a bad
 * command_length or command_id, for one), with the error in command_status and the offending PDU's
 * sequence_number where it could be read. Header only.
 */
public record GenericNack(int commandStatus, int sequenceNumber) implements Response {

    @Override
    public int commandId() {
        return CommandId.GENERIC_NACK;
    }
}
