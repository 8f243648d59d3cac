package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.Pdu;
import org.jsmpp.PDUStringException;
import org.jsmpp.bean.Bind;
import org.jsmpp.bean.Command;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.MessageRequest;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.SubmitSm;
import org.jsmpp.util.DefaultComposer;
import org.jsmpp.util.DefaultDecomposer;

/**
 * jSMPP 3.0.2's {@link DefaultComposer} and {@link DefaultDecomposer}, as its sessions use them: the
 * composer takes a PDU's fields (here read from the library's bean, built once) and returns a new
 * {@code byte[]} per call, which jSMPP offers no way to avoid; the decomposer takes the PDU's whole
 * {@code byte[]} and returns a new bean, after the dispatch on command_id a session does.
 *
 * <p>jSMPP's composer writes schedule_delivery_time, validity_period, replace_if_present_flag and
 * sm_default_msg_id of a deliver_sm as NULL whatever the bean holds; SMPP 3.4 wants them NULL there,
 * and the deliver_sm sample has them NULL, so the bytes are the same as ours.
 */
final class JsmppPeer implements PduCodecPeer {

    private final DefaultComposer composer = new DefaultComposer();
    private final DefaultDecomposer decomposer = new DefaultDecomposer();
    private final Pdu sample;
    private final Command command;
    private final byte[] wire;
    // the bytes of the last encode, kept so the JIT cannot drop the composing
    private byte[] encoded = new byte[0];
    // typed TLV values (one, two or four octets) as octets, for the checksum
    private final byte[] scratch = new byte[4];

    JsmppPeer(Pdu sample, byte[] wireBytes) {
        this.sample = sample;
        this.command = JsmppObjects.of(sample);
        this.wire = wireBytes.clone();
    }

    @Override
    public String name() {
        return "jsmpp";
    }

    @Override
    public Pdu sample() {
        return sample;
    }

    @Override
    public int encode() {
        encoded = compose();
        return encoded.length;
    }

    @Override
    public long decode() {
        return checksum(decompose(wire));
    }

    /**
     * The decode: jSMPP's only read of a PDU is its decomposer, which builds the bean, so it has no
     * cheaper read of every field to measure.
     */
    @Override
    public long traverse() {
        return decode();
    }

    @Override
    public long roundTrip() {
        return checksum(decompose(compose()));
    }

    @Override
    public byte[] encoded() {
        return encoded.clone();
    }

    @Override
    public Pdu toModel(byte[] wireBytes) {
        return JsmppObjects.toRecord(decompose(wireBytes));
    }

    @Override
    public void close() {
        // nothing pooled
    }

    private byte[] compose() {
        Command c = command;
        try {
            switch (c.getCommandId()) {
                case CommandId.SUBMIT_SM: {
                    SubmitSm s = (SubmitSm) c;
                    return composer.submitSm(s.getSequenceNumber(), s.getServiceType(),
                            s.getSourceAddrTon(), s.getSourceAddrNpi(), s.getSourceAddr(),
                            s.getDestAddrTon(), s.getDestAddrNpi(), s.getDestAddress(),
                            s.getEsmClass(), s.getProtocolId(), s.getPriorityFlag(),
                            s.getScheduleDeliveryTime(), s.getValidityPeriod(), s.getRegisteredDelivery(),
                            s.getReplaceIfPresent(), s.getDataCoding(), s.getSmDefaultMsgId(), s.getShortMessage(),
                            s.getOptionalParameters());
                }
                case CommandId.DELIVER_SM: {
                    DeliverSm d = (DeliverSm) c;
                    return composer.deliverSm(d.getSequenceNumber(), d.getServiceType(),
                            d.getSourceAddrTon(), d.getSourceAddrNpi(), d.getSourceAddr(),
                            d.getDestAddrTon(), d.getDestAddrNpi(), d.getDestAddress(),
                            d.getEsmClass(), d.getProtocolId(), d.getPriorityFlag(), d.getRegisteredDelivery(),
                            d.getDataCoding(), d.getShortMessage(), d.getOptionalParameters());
                }
                case CommandId.BIND_TRANSMITTER:
                case CommandId.BIND_RECEIVER:
                case CommandId.BIND_TRANSCEIVER: {
                    Bind b = (Bind) c;
                    return composer.bind(b.getCommandId(), b.getSequenceNumber(), b.getSystemId(), b.getPassword(),
                            b.getSystemType(), b.getInterfaceVersion(), b.getAddrTon(), b.getAddrNpi(),
                            b.getAddressRange());
                }
                case CommandId.ENQUIRE_LINK:
                    return composer.enquireLink(c.getSequenceNumber());
                default:
                    throw new IllegalStateException(PduCodecPeers.uncovered(sample));
            }
        } catch (PDUStringException e) {
            throw new IllegalStateException("jSMPP refused to compose " + CommandId.name(c.getCommandId()) + ": "
                    + e.getMessage(), e);
        }
    }

    private Command decompose(byte[] pdu) {
        int commandId = (pdu[4] & 0xFF) << 24 | (pdu[5] & 0xFF) << 16 | (pdu[6] & 0xFF) << 8 | pdu[7] & 0xFF;
        try {
            switch (commandId) {
                case CommandId.SUBMIT_SM:
                    return decomposer.submitSm(pdu);
                case CommandId.DELIVER_SM:
                    return decomposer.deliverSm(pdu);
                case CommandId.BIND_TRANSMITTER:
                case CommandId.BIND_RECEIVER:
                case CommandId.BIND_TRANSCEIVER:
                    return decomposer.bind(pdu);
                case CommandId.ENQUIRE_LINK:
                    return decomposer.enquireLink(pdu);
                default:
                    throw new IllegalArgumentException("command_id " + CommandId.name(commandId)
                            + " is not a PDU the peers cover");
            }
        } catch (PDUStringException e) {
            throw new IllegalArgumentException("jSMPP refused to decompose " + CommandId.name(commandId) + ": "
                    + e.getMessage(), e);
        }
    }

    private long checksum(Command c) {
        long h = PduChecksum.header(c.getCommandId(), c.getCommandStatus(), c.getSequenceNumber());
        if (c instanceof MessageRequest r) {
            h = PduChecksum.string(h, r.getServiceType());
            h = PduChecksum.fixed(h, r.getSourceAddrTon(), r.getSourceAddrNpi());
            h = PduChecksum.string(h, r.getSourceAddr());
            h = PduChecksum.fixed(h, r.getDestAddrTon(), r.getDestAddrNpi());
            h = PduChecksum.string(h, r.getDestAddress());
            h = PduChecksum.fixed(h, r.getEsmClass(), r.getProtocolId(), r.getPriorityFlag());
            h = PduChecksum.string(h, r.getScheduleDeliveryTime());
            h = PduChecksum.string(h, r.getValidityPeriod());
            h = PduChecksum.fixed(h, r.getRegisteredDelivery(), r.getReplaceIfPresent(), r.getDataCoding(),
                    r.getSmDefaultMsgId());
            byte[] shortMessage = r.getShortMessage();
            h = PduChecksum.octets(h, shortMessage, 0, shortMessage.length);
            OptionalParameter[] parameters = r.getOptionalParameters();
            h = PduChecksum.tlvCount(h, parameters.length);
            for (OptionalParameter p : parameters) {
                h = tlv(h, p);
            }
        } else if (c instanceof Bind b) {
            h = PduChecksum.string(h, b.getSystemId());
            h = PduChecksum.string(h, b.getPassword());
            h = PduChecksum.string(h, b.getSystemType());
            h = PduChecksum.fixed(h, b.getInterfaceVersion(), b.getAddrTon(), b.getAddrNpi());
            h = PduChecksum.string(h, b.getAddressRange());
        }
        return h;
    }

    /** A TLV's value through its typed getter, as a user reads it; a type not met here through serialize(). */
    private long tlv(long h, OptionalParameter p) {
        if (p instanceof OptionalParameter.OctetString s) {
            byte[] value = s.getValue();
            return PduChecksum.tlv(h, p.tag, value, 0, value.length);
        }
        if (p instanceof OptionalParameter.Byte b) {
            scratch[0] = b.getValue();
            return PduChecksum.tlv(h, p.tag, scratch, 0, 1);
        }
        if (p instanceof OptionalParameter.Short s) {
            short value = s.getValue();
            scratch[0] = (byte) (value >> 8);
            scratch[1] = (byte) value;
            return PduChecksum.tlv(h, p.tag, scratch, 0, 2);
        }
        if (p instanceof OptionalParameter.Int i) {
            int value = i.getValue();
            scratch[0] = (byte) (value >> 24);
            scratch[1] = (byte) (value >> 16);
            scratch[2] = (byte) (value >> 8);
            scratch[3] = (byte) value;
            return PduChecksum.tlv(h, p.tag, scratch, 0, 4);
        }
        byte[] serialized = p.serialize();
        return PduChecksum.tlv(h, p.tag, serialized, 4, serialized.length - 4);
    }
}
