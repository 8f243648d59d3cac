package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Response;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.UnbindResp;

import java.util.List;

/**
 * The answer that refuses a PDU: a request's own response with an error status, header alone (SMPP 3.4
 * leaves out the body of an error response: 4.1.2, 4.4.2), else a generic_nack.
 */
public final class Responses {

    private Responses() {
    }

    /** The response to {@code pdu} carrying {@code status} (and an empty body); a generic_nack for a response. */
    public static Response refusal(Pdu pdu, int status) {
        Response own = refusal(pdu.commandId(), status, pdu.sequenceNumber());
        return own != null ? own : new GenericNack(status, pdu.sequenceNumber());
    }

    /**
     * The response of the request {@code commandId} carrying {@code status} and {@code sequence}, or
     * null if {@code commandId} is not a request this project reads (a response, an unknown id, query_sm, …).
     */
    public static Response refusal(int commandId, int status, int sequence) {
        switch (commandId) {
            case CommandId.SUBMIT_SM:
                return new SubmitSmResp(status, sequence, "");
            case CommandId.DELIVER_SM:
                return new DeliverSmResp(status, sequence);
            case CommandId.ENQUIRE_LINK:
                return new EnquireLinkResp(status, sequence);
            case CommandId.UNBIND:
                return new UnbindResp(status, sequence);
            case CommandId.BIND_TRANSMITTER:
            case CommandId.BIND_RECEIVER:
            case CommandId.BIND_TRANSCEIVER:
                return new BindResp(BindType.of(commandId), status, sequence, "", List.of());
            default:
                return null;
        }
    }
}
