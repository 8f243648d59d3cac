package dev.wirebench.smpp.peer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;

import java.util.List;

/**
 * The one fold every peer's decode puts each field through, so all three read every field and do the
 * same work for it; {@link #of(Pdu)} computes it from the record, as the value a decode must return.
 *
 * <p>From {@link Checksum#SEED}: the header's command_id, command_status and sequence_number, then the
 * body's fields in the order SMPP 3.4 lists them, each by {@link Checksum#mix}: an Integer by its
 * unsigned value, a C-Octet String by {@link Checksum#string} of its characters (NULL, which jSMPP
 * reads as {@code null}, is the empty string), an octet string (short_message) by the hash of its
 * octets; then the number of TLVs and, for each, its tag and the hash of its value's octets.
 * Only {@link #of(Pdu)} allocates (a scratch array); the rest, and {@link #of(Pdu, byte[])}, do not.
 */
public final class PduChecksum {

    private static final long EMPTY = Checksum.string("");

    private PduChecksum() {
    }

    /** The start of every PDU's checksum: its header. */
    public static long header(int commandId, int commandStatus, int sequenceNumber) {
        return Checksum.mix(Checksum.mix(Checksum.mix(Checksum.SEED, commandId), commandStatus), sequenceNumber);
    }

    /** An Integer field; a one-octet one may come as a signed {@code byte}. */
    public static long octet(long h, int value) {
        return Checksum.mix(h, value & 0xFF);
    }

    /** A C-Octet String; {@code null} is NULL, as {@code ""}. */
    public static long string(long h, String value) {
        return Checksum.mix(h, value == null ? EMPTY : Checksum.string(value));
    }

    /** An octet string: {@code length} octets of {@code octets} from {@code offset}. */
    public static long octets(long h, byte[] octets, int offset, int length) {
        return Checksum.mix(h, Checksum.string(octets, offset, length));
    }

    /** How many TLVs follow. */
    public static long tlvCount(long h, int count) {
        return Checksum.mix(h, count);
    }

    /** One TLV: its tag and {@code length} octets of value from {@code offset}. */
    public static long tlv(long h, short tag, byte[] value, int offset, int length) {
        return octets(Checksum.mix(h, tag & 0xFFFF), value, offset, length);
    }

    /**
     * The checksum a decode of {@code pdu}'s bytes must return: submit_sm, deliver_sm, a bind or
     * enquire_link, the PDUs the peers cover.
     */
    public static long of(Pdu pdu) {
        return of(pdu, new byte[Tlv.MAX_LENGTH]);
    }

    /**
     * {@link #of(Pdu)} without allocating: octet strings are read through {@code scratch}, which must
     * hold the longest of them ({@link Tlv#MAX_LENGTH} octets holds any).
     */
    public static long of(Pdu pdu, byte[] scratch) {
        long h = header(pdu.commandId(), pdu.commandStatus(), pdu.sequenceNumber());
        if (pdu instanceof SubmitSm p) {
            return body(h, p.body(), scratch);
        }
        if (pdu instanceof DeliverSm p) {
            return body(h, p.body(), scratch);
        }
        if (pdu instanceof Bind p) {
            h = string(h, p.systemId());
            h = string(h, p.password());
            h = string(h, p.systemType());
            h = octet(h, p.interfaceVersion());
            h = octet(h, p.addrTon());
            h = octet(h, p.addrNpi());
            return string(h, p.addressRange());
        }
        if (pdu instanceof EnquireLink) {
            return h;
        }
        throw new IllegalArgumentException(PduCodecPeers.uncovered(pdu));
    }

    private static long body(long h, MessageBody b, byte[] scratch) {
        h = string(h, b.serviceType());
        h = octet(h, b.sourceAddrTon());
        h = octet(h, b.sourceAddrNpi());
        h = string(h, b.sourceAddr());
        h = octet(h, b.destAddrTon());
        h = octet(h, b.destAddrNpi());
        h = string(h, b.destinationAddr());
        h = octet(h, b.esmClass());
        h = octet(h, b.protocolId());
        h = octet(h, b.priorityFlag());
        h = string(h, b.scheduleDeliveryTime());
        h = string(h, b.validityPeriod());
        h = octet(h, b.registeredDelivery());
        h = octet(h, b.replaceIfPresentFlag());
        h = octet(h, b.dataCoding());
        h = octet(h, b.smDefaultMsgId());
        // the records hand out copies of their octets: read them through the scratch instead
        b.copyShortMessage(0, scratch, 0, b.smLength());
        h = octets(h, scratch, 0, b.smLength());
        List<Tlv> tlvs = b.tlvs();
        h = tlvCount(h, tlvs.size());
        // by index: an iterator would be an allocation per call
        for (int i = 0; i < tlvs.size(); i++) {
            Tlv tlv = tlvs.get(i);
            tlv.copyValue(0, scratch, 0, tlv.length());
            h = tlv(h, tlv.tag(), scratch, 0, tlv.length());
        }
        return h;
    }
}
