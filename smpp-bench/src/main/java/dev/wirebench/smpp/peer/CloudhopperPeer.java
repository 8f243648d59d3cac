package dev.wirebench.smpp.peer;

import com.cloudhopper.smpp.pdu.BaseBind;
import com.cloudhopper.smpp.pdu.BaseSm;
import com.cloudhopper.smpp.transcoder.DefaultPduTranscoder;
import com.cloudhopper.smpp.transcoder.DefaultPduTranscoderContext;
import com.cloudhopper.smpp.transcoder.PduTranscoder;
import com.cloudhopper.smpp.type.Address;
import com.cloudhopper.smpp.type.RecoverablePduException;
import com.cloudhopper.smpp.type.UnrecoverablePduException;
import dev.wirebench.smpp.pdu.Pdu;
import org.jboss.netty.buffer.ChannelBuffer;
import org.jboss.netty.buffer.ChannelBuffers;

import java.util.List;

/**
 * cloudhopper ch-smpp 5.0.9's {@link DefaultPduTranscoder} on Netty 3 buffers, as its sessions use it:
 * encode takes the library's PDU object (built once) and returns a new {@link ChannelBuffer} per call,
 * which the transcoder offers no way to avoid; decode reads a heap {@link ChannelBuffer} holding the
 * wire bytes from its start and returns a new PDU object.
 */
final class CloudhopperPeer implements PduCodecPeer {

    private final PduTranscoder transcoder = new DefaultPduTranscoder(new DefaultPduTranscoderContext());
    private final Pdu sample;
    private final com.cloudhopper.smpp.pdu.Pdu pdu;
    private final ChannelBuffer wire;
    // the buffer of the last encode, kept so the JIT cannot drop the encoding
    private ChannelBuffer encoded = ChannelBuffers.EMPTY_BUFFER;

    CloudhopperPeer(Pdu sample, byte[] wireBytes) {
        this.sample = sample;
        this.pdu = CloudhopperObjects.of(sample);
        this.wire = ChannelBuffers.wrappedBuffer(wireBytes.clone());
    }

    @Override
    public String name() {
        return "cloudhopper";
    }

    @Override
    public Pdu sample() {
        return sample;
    }

    @Override
    public int encode() {
        encoded = transcode();
        return encoded.readableBytes();
    }

    @Override
    public long decode() {
        wire.readerIndex(0);
        return checksum(transcode(wire));
    }

    /**
     * The decode: cloudhopper's only read of a PDU is its transcoder's decode, which builds the PDU
     * object, so it has no cheaper read of every field to measure.
     */
    @Override
    public long traverse() {
        return decode();
    }

    @Override
    public long roundTrip() {
        return checksum(transcode(transcode()));
    }

    @Override
    public byte[] encoded() {
        byte[] bytes = new byte[encoded.readableBytes()];
        encoded.getBytes(encoded.readerIndex(), bytes);
        return bytes;
    }

    @Override
    public Pdu toModel(byte[] wireBytes) {
        return CloudhopperObjects.toRecord(transcode(ChannelBuffers.wrappedBuffer(wireBytes)));
    }

    @Override
    public void close() {
        // nothing pooled: Netty 3 heap buffers are garbage collected
    }

    private ChannelBuffer transcode() {
        // the transcoder computes command_length only for a PDU that has none yet, so a PDU object
        // encoded again would skip work a real send of a new PDU does: forget the length first
        pdu.removeCommandLength();
        try {
            return transcoder.encode(pdu);
        } catch (UnrecoverablePduException | RecoverablePduException e) {
            throw new IllegalStateException("cloudhopper could not encode " + pdu.getName() + ": " + e.getMessage(), e);
        }
    }

    private com.cloudhopper.smpp.pdu.Pdu transcode(ChannelBuffer in) {
        com.cloudhopper.smpp.pdu.Pdu decoded;
        try {
            decoded = transcoder.decode(in);
        } catch (UnrecoverablePduException | RecoverablePduException e) {
            throw new IllegalArgumentException("cloudhopper could not decode the PDU: " + e.getMessage(), e);
        }
        if (decoded == null) {
            throw new IllegalArgumentException("cloudhopper found less than one whole PDU in " + in.readableBytes() + " octets");
        }
        return decoded;
    }

    private static long checksum(com.cloudhopper.smpp.pdu.Pdu p) {
        long h = PduChecksum.header(p.getCommandId(), p.getCommandStatus(), p.getSequenceNumber());
        if (p instanceof BaseSm<?> sm) {
            h = PduChecksum.string(h, sm.getServiceType());
            h = address(h, sm.getSourceAddress());
            h = address(h, sm.getDestAddress());
            h = PduChecksum.fixed(h, sm.getEsmClass(), sm.getProtocolId(), sm.getPriority());
            h = PduChecksum.string(h, sm.getScheduleDeliveryTime());
            h = PduChecksum.string(h, sm.getValidityPeriod());
            h = PduChecksum.fixed(h, sm.getRegisteredDelivery(), sm.getReplaceIfPresent(), sm.getDataCoding(),
                    sm.getDefaultMsgId());
            byte[] shortMessage = sm.getShortMessage();
            h = PduChecksum.octets(h, shortMessage, 0, shortMessage.length);
            int count = sm.getOptionalParameterCount();
            h = PduChecksum.tlvCount(h, count);
            List<com.cloudhopper.smpp.tlv.Tlv> tlvs = sm.getOptionalParameters();
            // by index: an iterator would be an allocation per call
            for (int i = 0; i < count; i++) {
                com.cloudhopper.smpp.tlv.Tlv tlv = tlvs.get(i);
                byte[] value = tlv.getValue();
                h = PduChecksum.tlv(h, tlv.getTag(), value, 0, value.length);
            }
        } else if (p instanceof BaseBind<?> b) {
            h = PduChecksum.string(h, b.getSystemId());
            h = PduChecksum.string(h, b.getPassword());
            h = PduChecksum.string(h, b.getSystemType());
            h = PduChecksum.octet(h, b.getInterfaceVersion());
            h = address(h, b.getAddressRange());
        }
        return h;
    }

    private static long address(long h, Address a) {
        h = PduChecksum.fixed(h, a.getTon(), a.getNpi());
        return PduChecksum.string(h, a.getAddress());
    }
}
