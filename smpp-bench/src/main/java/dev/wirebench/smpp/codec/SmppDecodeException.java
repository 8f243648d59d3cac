package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandStatus;

/**
 * Thrown by {@link SmppCodec#decode} and {@link SmppCodec#frameLength} when the bytes are not a PDU
 * the codec accepts. The message says what was wrong (the field, the value, the limit); the rest is
 * what a server needs to answer it:
 * <ul>
 *   <li>{@link #commandStatus()}: the SMPP error code to send back, in the response to the request or
 *       in a generic_nack;</li>
 *   <li>{@link #sequenceNumber()}: the PDU's sequence_number, for that answer, or 0 when the header
 *       could not be read;</li>
 *   <li>{@link #commandId()}: the PDU's command_id when command_length was sound, so that a request
 *       whose body is at fault can be answered with its own response (SMPP 3.4 keeps generic_nack for
 *       a bad command_length or command_id); 0 when it is not known;</li>
 *   <li>{@link #framingIntact()}: true when command_length itself was sound, so the server can skip
 *       that many bytes, answer, and keep the session; false when the byte stream can no longer be
 *       cut into PDUs and the connection must be closed.</li>
 * </ul>
 */
public final class SmppDecodeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int commandStatus;
    private final int sequenceNumber;
    private final boolean framingIntact;
    private final int commandId;

    /** A rejection whose command_id is not known (0): what a bad command_length leaves. */
    public SmppDecodeException(int commandStatus, int sequenceNumber, boolean framingIntact, String message) {
        this(commandStatus, 0, sequenceNumber, framingIntact, message);
    }

    /** A rejection of a PDU whose header, command_id included, was read. */
    public SmppDecodeException(int commandStatus, int commandId, int sequenceNumber, boolean framingIntact, String message) {
        super(message + " (" + CommandStatus.name(commandStatus) + (framingIntact ? "" : "; the stream cannot be framed") + ")");
        this.commandStatus = commandStatus;
        this.sequenceNumber = sequenceNumber;
        this.framingIntact = framingIntact;
        this.commandId = commandId;
    }

    /** The SMPP error code that answers this PDU. */
    public int commandStatus() {
        return commandStatus;
    }

    /** The PDU's sequence_number, or 0 when its header was not readable or command_length was under 16. */
    public int sequenceNumber() {
        return sequenceNumber;
    }

    /** The PDU's command_id as its header gave it (known or not), or 0 when the header was not read. */
    public int commandId() {
        return commandId;
    }

    /** Whether command_length was valid, so the frame can be skipped and the session kept. */
    public boolean framingIntact() {
        return framingIntact;
    }
}
