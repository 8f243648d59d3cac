package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import org.jsmpp.bean.Command;
import org.jsmpp.bean.MessageRequest;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.OptionalParameters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Our records to jSMPP's beans and back, for setup and the checks (never measured). jSMPP reads a
 * NULL C-Octet String as {@code null}, so the beans built here hold {@code null} for NULL too; its
 * optional parameters are built by {@link OptionalParameters#deserialize}, as its decomposer builds
 * them, so a known tag gets its typed class and an unknown one an {@code OctetString}.
 */
final class JsmppObjects {

    private JsmppObjects() {
    }

    /** The bean of submit_sm, deliver_sm, a bind or enquire_link. */
    static Command of(Pdu pdu) {
        Command command;
        if (pdu instanceof SubmitSm p) {
            command = request(new org.jsmpp.bean.SubmitSm(), p.body());
        } else if (pdu instanceof DeliverSm p) {
            command = request(new org.jsmpp.bean.DeliverSm(), p.body());
        } else if (pdu instanceof Bind p) {
            org.jsmpp.bean.Bind bind = new org.jsmpp.bean.Bind();
            bind.setSystemId(nullIfEmpty(p.systemId()));
            bind.setPassword(nullIfEmpty(p.password()));
            bind.setSystemType(nullIfEmpty(p.systemType()));
            bind.setInterfaceVersion((byte) p.interfaceVersion());
            bind.setAddrTon((byte) p.addrTon());
            bind.setAddrNpi((byte) p.addrNpi());
            bind.setAddressRange(nullIfEmpty(p.addressRange()));
            command = bind;
        } else if (pdu instanceof EnquireLink) {
            command = new org.jsmpp.bean.EnquireLink();
        } else {
            throw new IllegalArgumentException(PduCodecPeers.uncovered(pdu));
        }
        command.setCommandId(pdu.commandId());
        command.setCommandStatus(pdu.commandStatus());
        command.setSequenceNumber(pdu.sequenceNumber());
        return command;
    }

    private static MessageRequest request(MessageRequest r, MessageBody b) {
        r.setServiceType(nullIfEmpty(b.serviceType()));
        r.setSourceAddrTon((byte) b.sourceAddrTon());
        r.setSourceAddrNpi((byte) b.sourceAddrNpi());
        r.setSourceAddr(nullIfEmpty(b.sourceAddr()));
        r.setDestAddrTon((byte) b.destAddrTon());
        r.setDestAddrNpi((byte) b.destAddrNpi());
        r.setDestAddress(nullIfEmpty(b.destinationAddr()));
        r.setEsmClass((byte) b.esmClass());
        r.setProtocolId((byte) b.protocolId());
        r.setPriorityFlag((byte) b.priorityFlag());
        r.setScheduleDeliveryTime(nullIfEmpty(b.scheduleDeliveryTime()));
        r.setValidityPeriod(nullIfEmpty(b.validityPeriod()));
        r.setRegisteredDelivery((byte) b.registeredDelivery());
        r.setReplaceIfPresent((byte) b.replaceIfPresentFlag());
        r.setDataCoding((byte) b.dataCoding());
        r.setSmDefaultMsgId((byte) b.smDefaultMsgId());
        r.setShortMessage(b.shortMessage());
        OptionalParameter[] parameters = new OptionalParameter[b.tlvs().size()];
        for (int i = 0; i < parameters.length; i++) {
            Tlv tlv = b.tlvs().get(i);
            parameters[i] = OptionalParameters.deserialize(tlv.tag(), tlv.value());
        }
        r.setOptionalParameters(parameters);
        return r;
    }

    /** The record of a bean {@link #of} covers. */
    static Pdu toRecord(Command c) {
        int sequenceNumber = c.getSequenceNumber();
        if (c instanceof org.jsmpp.bean.SubmitSm s) {
            return new SubmitSm(sequenceNumber, body(s));
        }
        if (c instanceof org.jsmpp.bean.DeliverSm d) {
            return new DeliverSm(sequenceNumber, body(d));
        }
        if (c instanceof org.jsmpp.bean.Bind b) {
            return new Bind(BindType.of(b.getCommandId()), sequenceNumber, emptyIfNull(b.getSystemId()),
                    emptyIfNull(b.getPassword()), emptyIfNull(b.getSystemType()), b.getInterfaceVersion() & 0xFF,
                    b.getAddrTon() & 0xFF, b.getAddrNpi() & 0xFF, emptyIfNull(b.getAddressRange()));
        }
        if (c instanceof org.jsmpp.bean.EnquireLink) {
            return new EnquireLink(sequenceNumber);
        }
        throw new IllegalArgumentException("jSMPP's " + c.getClass().getSimpleName() + " is not a PDU the peers cover");
    }

    private static MessageBody body(MessageRequest r) {
        List<Tlv> tlvs = new ArrayList<>();
        OptionalParameter[] parameters = r.getOptionalParameters();
        for (OptionalParameter p : parameters == null ? new OptionalParameter[0] : parameters) {
            byte[] serialized = p.serialize();
            // serialize() gives tag and length first; the record wants the value alone
            tlvs.add(new Tlv(p.tag, Arrays.copyOfRange(serialized, 4, serialized.length)));
        }
        return new MessageBody(emptyIfNull(r.getServiceType()),
                r.getSourceAddrTon() & 0xFF, r.getSourceAddrNpi() & 0xFF, emptyIfNull(r.getSourceAddr()),
                r.getDestAddrTon() & 0xFF, r.getDestAddrNpi() & 0xFF, emptyIfNull(r.getDestAddress()),
                r.getEsmClass() & 0xFF, r.getProtocolId() & 0xFF, r.getPriorityFlag() & 0xFF,
                emptyIfNull(r.getScheduleDeliveryTime()), emptyIfNull(r.getValidityPeriod()),
                r.getRegisteredDelivery() & 0xFF, r.getReplaceIfPresent() & 0xFF, r.getDataCoding() & 0xFF,
                r.getSmDefaultMsgId() & 0xFF, r.getShortMessage(), tlvs);
    }

    private static String nullIfEmpty(String s) {
        return s.isEmpty() ? null : s;
    }

    private static String emptyIfNull(String s) {
        return s == null ? "" : s;
    }
}
