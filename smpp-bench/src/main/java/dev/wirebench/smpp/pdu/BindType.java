package dev.wirebench.smpp.pdu;

/** The three ways an ESME binds: send only, receive only, or both over one session. */
public enum BindType {
    TRANSMITTER(CommandId.BIND_TRANSMITTER, "bind_transmitter"),
    RECEIVER(CommandId.BIND_RECEIVER, "bind_receiver"),
    TRANSCEIVER(CommandId.BIND_TRANSCEIVER, "bind_transceiver");

    private final int requestId;
    private final String requestName;

    BindType(int requestId, String requestName) {
        this.requestId = requestId;
        this.requestName = requestName;
    }

    /** command_id of the bind request. */
    public int requestId() {
        return requestId;
    }

    /** command_id of the bind response. */
    public int responseId() {
        return requestId | CommandId.RESPONSE_BIT;
    }

    /** The request's name in the spec, e.g. {@code "bind_transceiver"}. */
    public String requestName() {
        return requestName;
    }

    /** The bind type of a bind request's or response's command_id, or null if it is neither. */
    public static BindType of(int commandId) {
        switch (commandId & ~CommandId.RESPONSE_BIT) {
            case CommandId.BIND_TRANSMITTER: return TRANSMITTER;
            case CommandId.BIND_RECEIVER: return RECEIVER;
            case CommandId.BIND_TRANSCEIVER: return TRANSCEIVER;
            default: return null;
        }
    }
}
