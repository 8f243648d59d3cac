package dev.wirebench.smpp.pdu;

/**
 * A PDU that asks for a response. SMPP 3.4 says a request's command_status is NULL (0): a request
 * record has no status of its own, and the codec ignores whatever status a received request carries.
 */
public sealed interface Request extends Pdu permits Bind, SubmitSm, DeliverSm, Unbind, EnquireLink {

    /** Always {@link CommandStatus#ESME_ROK}. */
    @Override
    default int commandStatus() {
        return CommandStatus.ESME_ROK;
    }
}
