package dev.wirebench.smpp.client;

import dev.wirebench.smpp.pdu.CommandStatus;

/** The SMSC answered the bind with an error status ({@link #commandStatus()}), named in the message. */
public final class BindRejectedException extends SmppClientException {

    private static final long serialVersionUID = 1L;

    private final int commandStatus;

    public BindRejectedException(String what, int commandStatus) {
        super(what + ": " + CommandStatus.name(commandStatus) + String.format(" (0x%08X)", commandStatus)
                + "; check the system_id and password");
        this.commandStatus = commandStatus;
    }

    /** The bind response's command_status, e.g. {@link CommandStatus#ESME_RINVPASWD}. */
    public int commandStatus() {
        return commandStatus;
    }
}
