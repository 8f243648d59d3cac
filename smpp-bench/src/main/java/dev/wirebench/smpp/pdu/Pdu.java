package dev.wirebench.smpp.pdu;

/**
 * An SMPP 3.4 protocol data unit: the 16-octet header's three fields besides command_length (which
 * the codec computes) plus, in each record, the body. Every PDU is an immutable record with value
 * equality, so a decoded PDU {@code equals} the one that was encoded.
 */
public sealed interface Pdu permits Request, Response {

    /** command_id: which operation, from {@link CommandId}; a response's is its request's with bit 31 set. */
    int commandId();

    /** command_status: 0 ({@link CommandStatus#ESME_ROK}) or an error code; always 0 in a request. */
    int commandStatus();

    /**
     * sequence_number: pairs a response with its request. SMPP 3.4 allows 0x00000001 to 0x7FFFFFFF;
     * the records carry any 32 bits (read them as unsigned with {@link Integer#toUnsignedLong}).
     */
    int sequenceNumber();
}
