package dev.wirebench.smpp.peer;

import com.cloudhopper.smpp.pdu.BaseBind;
import com.cloudhopper.smpp.pdu.BaseSm;
import com.cloudhopper.smpp.pdu.BindReceiver;
import com.cloudhopper.smpp.pdu.BindTransceiver;
import com.cloudhopper.smpp.pdu.BindTransmitter;
import com.cloudhopper.smpp.type.Address;
import com.cloudhopper.smpp.type.SmppInvalidArgumentException;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;

import java.util.ArrayList;
import java.util.List;

/**
 * Our records to cloudhopper's PDU objects and back, for setup and the checks (never measured).
 * cloudhopper reads a NULL C-Octet String as {@code ""}, as the records hold it; addresses (and a
 * bind's address_range) are {@link Address} objects of TON, NPI and digits; TLVs are raw tag and octets.
 */
final class CloudhopperObjects {

    private CloudhopperObjects() {
    }

    /** The object of submit_sm, deliver_sm, a bind or enquire_link. */
    static com.cloudhopper.smpp.pdu.Pdu of(Pdu pdu) {
        com.cloudhopper.smpp.pdu.Pdu object;
        if (pdu instanceof SubmitSm p) {
            object = request(new com.cloudhopper.smpp.pdu.SubmitSm(), p.body());
        } else if (pdu instanceof DeliverSm p) {
            object = request(new com.cloudhopper.smpp.pdu.DeliverSm(), p.body());
        } else if (pdu instanceof Bind p) {
            BaseBind<?> bind = switch (p.type()) {
                case TRANSMITTER -> new BindTransmitter();
                case RECEIVER -> new BindReceiver();
                case TRANSCEIVER -> new BindTransceiver();
            };
            bind.setSystemId(p.systemId());
            bind.setPassword(p.password());
            bind.setSystemType(p.systemType());
            bind.setInterfaceVersion((byte) p.interfaceVersion());
            bind.setAddressRange(new Address((byte) p.addrTon(), (byte) p.addrNpi(), p.addressRange()));
            object = bind;
        } else if (pdu instanceof EnquireLink) {
            object = new com.cloudhopper.smpp.pdu.EnquireLink();
        } else {
            throw new IllegalArgumentException(PduCodecPeers.uncovered(pdu));
        }
        object.setCommandStatus(pdu.commandStatus());
        object.setSequenceNumber(pdu.sequenceNumber());
        return object;
    }

    private static BaseSm<?> request(BaseSm<?> sm, MessageBody b) {
        sm.setServiceType(b.serviceType());
        sm.setSourceAddress(new Address((byte) b.sourceAddrTon(), (byte) b.sourceAddrNpi(), b.sourceAddr()));
        sm.setDestAddress(new Address((byte) b.destAddrTon(), (byte) b.destAddrNpi(), b.destinationAddr()));
        sm.setEsmClass((byte) b.esmClass());
        sm.setProtocolId((byte) b.protocolId());
        sm.setPriority((byte) b.priorityFlag());
        sm.setScheduleDeliveryTime(b.scheduleDeliveryTime());
        sm.setValidityPeriod(b.validityPeriod());
        sm.setRegisteredDelivery((byte) b.registeredDelivery());
        sm.setReplaceIfPresent((byte) b.replaceIfPresentFlag());
        sm.setDataCoding((byte) b.dataCoding());
        sm.setDefaultMsgId((byte) b.smDefaultMsgId());
        try {
            sm.setShortMessage(b.shortMessage());
        } catch (SmppInvalidArgumentException e) {
            throw new IllegalArgumentException("cloudhopper refused short_message: " + e.getMessage(), e);
        }
        for (Tlv tlv : b.tlvs()) {
            sm.addOptionalParameter(new com.cloudhopper.smpp.tlv.Tlv(tlv.tag(), tlv.value()));
        }
        return sm;
    }

    /** The record of an object {@link #of} covers. */
    static Pdu toRecord(com.cloudhopper.smpp.pdu.Pdu pdu) {
        int sequenceNumber = pdu.getSequenceNumber();
        if (pdu instanceof com.cloudhopper.smpp.pdu.SubmitSm s) {
            return new SubmitSm(sequenceNumber, body(s));
        }
        if (pdu instanceof com.cloudhopper.smpp.pdu.DeliverSm d) {
            return new DeliverSm(sequenceNumber, body(d));
        }
        if (pdu instanceof BaseBind<?> b) {
            Address range = b.getAddressRange();
            return new Bind(BindType.of(b.getCommandId()), sequenceNumber, b.getSystemId(), b.getPassword(),
                    b.getSystemType(), b.getInterfaceVersion() & 0xFF, range.getTon() & 0xFF, range.getNpi() & 0xFF,
                    range.getAddress());
        }
        if (pdu instanceof com.cloudhopper.smpp.pdu.EnquireLink) {
            return new EnquireLink(sequenceNumber);
        }
        throw new IllegalArgumentException("cloudhopper's " + pdu.getName() + " is not a PDU the peers cover");
    }

    private static MessageBody body(BaseSm<?> sm) {
        List<Tlv> tlvs = new ArrayList<>();
        if (sm.getOptionalParameters() != null) {
            for (com.cloudhopper.smpp.tlv.Tlv tlv : sm.getOptionalParameters()) {
                tlvs.add(new Tlv(tlv.getTag(), tlv.getValue()));
            }
        }
        Address source = sm.getSourceAddress();
        Address destination = sm.getDestAddress();
        return new MessageBody(sm.getServiceType(),
                source.getTon() & 0xFF, source.getNpi() & 0xFF, source.getAddress(),
                destination.getTon() & 0xFF, destination.getNpi() & 0xFF, destination.getAddress(),
                sm.getEsmClass() & 0xFF, sm.getProtocolId() & 0xFF, sm.getPriority() & 0xFF,
                sm.getScheduleDeliveryTime(), sm.getValidityPeriod(),
                sm.getRegisteredDelivery() & 0xFF, sm.getReplaceIfPresent() & 0xFF, sm.getDataCoding() & 0xFF,
                sm.getDefaultMsgId() & 0xFF, sm.getShortMessage(), tlvs);
    }
}
