package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Response;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;

import java.util.List;

/** The answer that refuses a PDU: a request's own response with an error status, else a generic_nack. */
public final class Responses {

    private Responses() {
    }

    /** The response to {@code pdu} carrying {@code status} (and an empty body); a generic_nack for a response. */
    public static Response refusal(Pdu pdu, int status) {
        int sequence = pdu.sequenceNumber();
        if (pdu instanceof SubmitSm) {
            return new SubmitSmResp(status, sequence, "");
        } else if (pdu instanceof DeliverSm) {
            return new DeliverSmResp(status, sequence);
        } else if (pdu instanceof EnquireLink) {
            return new EnquireLinkResp(status, sequence);
        } else if (pdu instanceof Unbind) {
            return new UnbindResp(status, sequence);
        } else if (pdu instanceof Bind b) {
            return new BindResp(b.type(), status, sequence, "", List.of());
        }
        return new GenericNack(status, sequence);
    }
}
