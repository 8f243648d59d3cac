package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.codec.SmppDecodeException;

/**
 * What {@link PduFrameDecoder} passes down the pipeline in place of a PDU it could not read: the status
 * to answer with in a generic_nack, the sequence number to answer to, and whether the byte stream can
 * still be cut into PDUs (if not, the session has to end).
 *
 * @param message what was wrong, naming the field and value
 */
public record DecodeFailure(int commandStatus, int sequenceNumber, boolean framingIntact, String message) {

    static DecodeFailure of(SmppDecodeException e) {
        return new DecodeFailure(e.commandStatus(), e.sequenceNumber(), e.framingIntact(), e.getMessage());
    }
}
