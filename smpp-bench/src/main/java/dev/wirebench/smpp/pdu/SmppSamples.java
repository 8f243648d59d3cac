package dev.wirebench.smpp.pdu;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The PDUs the tests and benchmarks share: one realistic fixture of each type, and seeded random
 * PDUs of every type that reach the edges (NULL and longest strings, empty and 254-octet messages,
 * UCS2 text, several TLVs with an unknown one, the largest unsigned sequence numbers).
 *
 * <p>The fixtures are one OTP message's life: the ESME binds, submits it with a one-day validity and a
 * delivery receipt asked for, the SMSC accepts it and later delivers the receipt.
 */
public final class SmppSamples {

    public static final Bind BIND_TRANSCEIVER =
            new Bind(BindType.TRANSCEIVER, 1, "wirebench", "s3cr3t", "", Bind.SMPP_3_4, 0, 0, "");
    public static final BindResp BIND_TRANSCEIVER_RESP = new BindResp(BindType.TRANSCEIVER, CommandStatus.ESME_ROK, 1,
            "WBSMSC", List.of(Tlv.ofByte(Tlv.SC_INTERFACE_VERSION, Bind.SMPP_3_4)));
    public static final SubmitSm SUBMIT_SM = new SubmitSm(2, MessageBody.builder()
            .source(5, 0, "WireBench")
            .destination(1, 1, "447700900123")
            .validityPeriod("000001000000000R")
            .registeredDelivery(1)
            .shortMessage(ascii("Your WireBench code is 482913. It expires in 10 minutes."))
            .tlvs(List.of(Tlv.ofShort(Tlv.USER_MESSAGE_REFERENCE, 0x1234)))
            .build());
    public static final SubmitSmResp SUBMIT_SM_RESP = new SubmitSmResp(CommandStatus.ESME_ROK, 2, "5f3a9c01e2b7");
    /** A delivery receipt for {@link #SUBMIT_SM}: esm_class 0x04, the receipt text, the message id and final state. */
    public static final DeliverSm DELIVER_SM = new DeliverSm(0x10001, MessageBody.builder()
            .source(1, 1, "447700900123")
            .destination(5, 0, "WireBench")
            .esmClass(0x04)
            .shortMessage(ascii("id:5f3a9c01e2b7 sub:001 dlvrd:001 submit date:2511210440 done date:2511210441"
                    + " stat:DELIVRD err:000 text:Your WireBench code"))
            .tlvs(List.of(Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, "5f3a9c01e2b7"), Tlv.ofByte(Tlv.MESSAGE_STATE, 2)))
            .build());
    public static final DeliverSmResp DELIVER_SM_RESP = new DeliverSmResp(CommandStatus.ESME_ROK, 0x10001);
    public static final EnquireLink ENQUIRE_LINK = new EnquireLink(3);
    public static final EnquireLinkResp ENQUIRE_LINK_RESP = new EnquireLinkResp(CommandStatus.ESME_ROK, 3);
    public static final Unbind UNBIND = new Unbind(4);
    public static final UnbindResp UNBIND_RESP = new UnbindResp(CommandStatus.ESME_ROK, 4);
    /** The answer to a PDU whose command_id the peer did not know. */
    public static final GenericNack GENERIC_NACK = new GenericNack(CommandStatus.ESME_RINVCMDID, 5);

    private static final Map<String, Pdu> FIXTURES = fixtureMap();

    private SmppSamples() {
    }

    /** Every fixture by the spec's name of its command (the bind is bind_transceiver), in session order. */
    public static Map<String, Pdu> fixtures() {
        return FIXTURES;
    }

    /**
     * {@code count} random PDUs from {@code seed}, the same for the same arguments; the PDU types take
     * turns, so any 11 in a row hold one of each (bind and bind response of a random bind type). A
     * submit_sm_resp or bind_*_resp with an error status has an empty body, as on the wire, so every
     * one round-trips.
     */
    public static List<Pdu> random(long seed, int count) {
        return new RandomPdus(seed).next(count);
    }

    private static Map<String, Pdu> fixtureMap() {
        Map<String, Pdu> fixtures = new LinkedHashMap<>();
        for (Pdu pdu : List.of(BIND_TRANSCEIVER, BIND_TRANSCEIVER_RESP, SUBMIT_SM, SUBMIT_SM_RESP, DELIVER_SM,
                DELIVER_SM_RESP, ENQUIRE_LINK, ENQUIRE_LINK_RESP, UNBIND, UNBIND_RESP, GENERIC_NACK)) {
            fixtures.put(CommandId.name(pdu.commandId()), pdu);
        }
        return Collections.unmodifiableMap(fixtures);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
