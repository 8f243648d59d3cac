package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.Response;

/**
 * What {@link PduFrameDecoder} passes down the pipeline in place of a PDU it could not read: the
 * status to answer with, the PDU's command_id and sequence number (from its header, which is sound
 * whenever command_length is), and whether the byte stream can still be cut into PDUs (if not, the
 * session has to end). {@link #answer()} says what goes back.
 *
 * @param commandId the PDU's command_id, or 0 when command_length was bad and the header was not read
 * @param message   what was wrong, naming the field and value
 */
public record DecodeFailure(int commandId, int commandStatus, int sequenceNumber, boolean framingIntact,
                            String message) {

    /** The failure {@code e} reports: for the framer, and for a handler that reads a frame itself. */
    public static DecodeFailure of(SmppDecodeException e) {
        return new DecodeFailure(e.commandId(), e.commandStatus(), e.sequenceNumber(), e.framingIntact(), e.getMessage());
    }

    /**
     * The answer SMPP 3.4 calls for, or null for none:
     * <ul>
     *   <li>a command_length the stream cannot be framed by (under 16, over the cap): generic_nack
     *       ESME_RINVCMDLEN with sequence_number 0, after which the session ends (4.3: "assume that the
     *       data is corrupt"; the header may be anything);</li>
     *   <li>a command_length that does not fit the body (it ends before a fixed field, or octets follow
     *       the body) or an unknown command_id, or one this codec does not read: generic_nack with that
     *       status and the PDU's sequence_number, the two cases 4.3 keeps generic_nack for;</li>
     *   <li>any other fault in a request (a C-Octet String without its NUL, sm_length past the end, a
     *       bad TLV): the request's own response, header alone, with the field's status from the
     *       codec (table 5-2: ESME_RINVSRCADR for source_addr, ESME_RINVMSGLEN for sm_length, …) and
     *       the request's sequence_number: SMPP 3.4 (chapter 2) has every request answered by its
     *       associated response, an error in its command_status;</li>
     *   <li>any other fault in a response: nothing. A response is not answered, and a generic_nack
     *       would carry the peer's sequence_number back into the peer's own numbering, where it can
     *       match (and fail) one of the peer's requests.</li>
     * </ul>
     * Only the first ends the session; after the others it goes on.
     */
    public Response answer() {
        if (!framingIntact) {
            return new GenericNack(CommandStatus.ESME_RINVCMDLEN, 0);
        }
        if (commandStatus == CommandStatus.ESME_RINVCMDLEN || commandStatus == CommandStatus.ESME_RINVCMDID) {
            return new GenericNack(commandStatus, sequenceNumber);
        }
        if ((commandId & CommandId.RESPONSE_BIT) != 0) {
            return null;
        }
        Response own = Responses.refusal(commandId, commandStatus, sequenceNumber);
        // the codec names a body fault only for commands it reads, each of which has a response; just in case
        return own != null ? own : new GenericNack(commandStatus, sequenceNumber);
    }
}
