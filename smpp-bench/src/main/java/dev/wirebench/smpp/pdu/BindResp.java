package dev.wirebench.smpp.pdu;

import java.util.List;

/**
 * bind_transmitter_resp, bind_receiver_resp or bind_transceiver_resp (SMPP 3.4 sections 4.1.2,
 * 4.1.4, 4.1.6): the SMSC accepts or refuses a bind.
 *
 * @param systemId the SMSC's identity
 * @param tlvs     optional parameters in wire order; SMPP 3.4 defines sc_interface_version here
 */
public record BindResp(BindType type, int commandStatus, int sequenceNumber, String systemId, List<Tlv> tlvs)
        implements Response {

    public BindResp {
        Fields.notNull("type", type);
        Fields.cString("system_id", systemId, Bind.SYSTEM_ID_OCTETS);
        tlvs = Fields.tlvs(tlvs);
    }

    @Override
    public int commandId() {
        return type.responseId();
    }
}
