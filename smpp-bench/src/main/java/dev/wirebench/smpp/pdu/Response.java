package dev.wirebench.smpp.pdu;

/** A PDU that answers a request (or, for {@link GenericNack}, one that could not be understood). */
public sealed interface Response extends Pdu
        permits BindResp, SubmitSmResp, DeliverSmResp, UnbindResp, EnquireLinkResp, GenericNack {
}
