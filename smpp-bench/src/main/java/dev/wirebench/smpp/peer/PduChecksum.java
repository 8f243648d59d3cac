package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The one fold every peer's decode puts each field through, so all three read every field, all of
 * it, and do the same work for it; {@link #of(Pdu)} computes it from the record, as the value a
 * decode must return.
 *
 * <p>From {@link #SEED}, one {@link #step} per value: the header's command_id, command_status and
 * sequence_number, then the body's fields in the order SMPP 3.4 lists them. An Integer is its
 * unsigned value; a C-Octet String (NULL, which jSMPP reads as {@code null}, is the empty string) is
 * its length, then its characters eight to a word; an octet string (short_message, a TLV value) is
 * its length, then its octets eight to a word; then come the number of TLVs and, for each, its tag
 * and value. A step is a rotation and an exclusive or: it changes with any one value and with their
 * order, and costs about two cycles. (codec-api's {@code Checksum.mix} multiplies at every step: on a
 * submit_sm that chain took as long as the decode itself, which would flatten the differences between
 * the libraries this fold exists to measure.)
 *
 * <p>A C-Octet String's characters are ASCII, each its own octet, so a string and the octet string of
 * its characters fold alike: that is what lets {@link #of(MessageFlyweight)} fold the wire's octets
 * (the {@link ByteBuf} overloads) to the very checksum {@link #of(Pdu)} folds from the decoded record.
 *
 * <p>Only {@link #of(Pdu)} allocates (a scratch array); the rest, and {@link #of(Pdu, byte[])}, do not.
 */
public final class PduChecksum {

    /** Where every PDU's checksum starts. */
    public static final long SEED = 0x6A09E667F3BCC908L;

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private PduChecksum() {
    }

    /** Folds one value into {@code h}. */
    public static long step(long h, long value) {
        return Long.rotateLeft(h, 23) ^ value;
    }

    /** The start of every PDU's checksum: its header. */
    public static long header(int commandId, int commandStatus, int sequenceNumber) {
        return steps(SEED, commandId, commandStatus, sequenceNumber);
    }

    /** An Integer field; a one-octet one may come as a signed {@code byte}. */
    public static long octet(long h, int value) {
        return step(h, value & 0xFF);
    }

    /** Integer fields of one octet that follow each other: {@code octet(octet(h, a), b)}, folded at once. */
    public static long fixed(long h, int a, int b) {
        return steps(h, a & 0xFF, b & 0xFF);
    }

    /** Three one-octet Integer fields in a row, as {@link #fixed(long, int, int)}. */
    public static long fixed(long h, int a, int b, int c) {
        return steps(h, a & 0xFF, b & 0xFF, c & 0xFF);
    }

    /** Four one-octet Integer fields in a row, as {@link #fixed(long, int, int)}. */
    public static long fixed(long h, int a, int b, int c, int d) {
        return steps(h, a & 0xFF, b & 0xFF, c & 0xFF, d & 0xFF);
    }

    /** A C-Octet String; {@code null} is NULL, as {@code ""}. */
    public static long string(long h, String value) {
        if (value == null) {
            return step(h, 0);
        }
        int length = value.length();
        h = step(h, length);
        int i = 0;
        // eight characters to a word (they are ASCII): the words are independent of each other, so
        // the processor packs the next while the last is folded
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            long word = 0;
            for (int k = 0; k < Long.BYTES; k++) {
                word |= (long) (value.charAt(i + k) & 0xFF) << (k << 3);
            }
            h = step(h, word);
        }
        if (i < length) {
            long word = 0;
            for (int k = 0; i < length; i++, k++) {
                word |= (long) (value.charAt(i) & 0xFF) << (k << 3);
            }
            h = step(h, word);
        }
        return h;
    }

    /** An octet string: {@code length} octets of {@code octets} from {@code offset}. */
    public static long octets(long h, byte[] octets, int offset, int length) {
        h = step(h, length);
        int i = 0;
        // four words a round, folded as four steps would fold them (see steps): the chain through h is one
        // rotation and one exclusive or per round instead of per word
        for (; i + 4 * Long.BYTES <= length; i += 4 * Long.BYTES) {
            h = steps(h, (long) LONG_LE.get(octets, offset + i), (long) LONG_LE.get(octets, offset + i + 8),
                    (long) LONG_LE.get(octets, offset + i + 16), (long) LONG_LE.get(octets, offset + i + 24));
        }
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            h = step(h, (long) LONG_LE.get(octets, offset + i));
        }
        int left = length - i;
        if (left == 0) {
            return h;
        }
        int at = offset + i;
        if (at + Long.BYTES <= octets.length) {
            // the last word read whole and cut to the octets that belong to the string: what follows is not folded
            return step(h, (long) LONG_LE.get(octets, at) & (-1L >>> (Long.SIZE - Byte.SIZE * left)));
        }
        long word = 0;
        for (int k = 0; k < left; k++) {
            word |= (octets[at + k] & 0xFFL) << (k << 3);
        }
        return step(h, word);
    }

    /**
     * {@code step(step(step(step(h, a), b), c), d)}: a step is linear (a rotation, then an exclusive or), so
     * four of them are h rotated four times over, exclusive-or each value rotated once per step after its own.
     * Only the first rotation and the last exclusive or wait for {@code h}; the rest is computed beside the chain.
     */
    static long steps(long h, long a, long b, long c, long d) {
        return Long.rotateLeft(h, 4 * 23) ^ (Long.rotateLeft(a, 3 * 23) ^ Long.rotateLeft(b, 2 * 23)
                ^ Long.rotateLeft(c, 23) ^ d);
    }

    /** {@code step(step(h, a), b)}, as {@link #steps(long, long, long, long, long)} folds four. */
    static long steps(long h, long a, long b) {
        return Long.rotateLeft(h, 2 * 23) ^ (Long.rotateLeft(a, 23) ^ b);
    }

    /** {@code step(step(step(h, a), b), c)}, as {@link #steps(long, long, long, long, long)} folds four. */
    static long steps(long h, long a, long b, long c) {
        return Long.rotateLeft(h, 3 * 23) ^ (Long.rotateLeft(a, 2 * 23) ^ Long.rotateLeft(b, 23) ^ c);
    }

    /**
     * A C-Octet String in a buffer: its {@code length} characters (without the NUL) from {@code index}, all
     * ASCII; the same as {@link #string(long, String)} of them.
     */
    public static long string(long h, ByteBuf buf, int index, int length) {
        return octets(h, buf, index, length);
    }

    /**
     * An octet string in a buffer: {@code length} octets from {@code index}; the same as
     * {@link #octets(long, byte[], int, int)} of them.
     */
    public static long octets(long h, ByteBuf buf, int index, int length) {
        if (buf.hasArray()) {
            // the array itself, eight octets a read: each get of the buffer checks bounds and the reference count
            return octets(h, buf.array(), buf.arrayOffset() + index, length);
        }
        h = step(h, length);
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            h = step(h, buf.getLongLE(index + i));
        }
        if (i < length) {
            long word = 0;
            for (int k = 0; i < length; i++, k++) {
                word |= (buf.getByte(index + i) & 0xFFL) << (k << 3);
            }
            h = step(h, word);
        }
        return h;
    }

    /** How many TLVs follow. */
    public static long tlvCount(long h, int count) {
        return step(h, count);
    }

    /** One TLV: its tag and {@code length} octets of value from {@code offset}. */
    public static long tlv(long h, short tag, byte[] value, int offset, int length) {
        return octets(step(h, tag & 0xFFFF), value, offset, length);
    }

    /** One TLV in a buffer: its tag and {@code length} octets of value from {@code index}. */
    public static long tlv(long h, short tag, ByteBuf buf, int index, int length) {
        return octets(step(h, tag & 0xFFFF), buf, index, length);
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
            h = fixed(h, p.interfaceVersion(), p.addrTon(), p.addrNpi());
            return string(h, p.addressRange());
        }
        if (pdu instanceof EnquireLink) {
            return h;
        }
        throw new IllegalArgumentException(PduCodecPeers.uncovered(pdu));
    }

    /**
     * The checksum of the submit_sm or deliver_sm {@code m} has wrapped, read from the wire's octets
     * without allocating: {@link #of(Pdu)} of what decode makes of the same octets.
     */
    public static long of(MessageFlyweight m) {
        ByteBuf buf = m.buffer();
        // a request's command_status is ignored by decode too: its record's is 0 whatever the wire holds
        long h = header(m.commandId(), CommandStatus.ESME_ROK, m.sequenceNumber());
        // the fixed octets between the strings are folded a group at a time, as their steps would fold them
        h = string(h, buf, m.serviceTypeOffset(), m.serviceTypeLength());
        h = fixed(h, m.sourceAddrTon(), m.sourceAddrNpi());
        h = string(h, buf, m.sourceAddrOffset(), m.sourceAddrLength());
        h = fixed(h, m.destAddrTon(), m.destAddrNpi());
        h = string(h, buf, m.destinationAddrOffset(), m.destinationAddrLength());
        h = fixed(h, m.esmClass(), m.protocolId(), m.priorityFlag());
        h = string(h, buf, m.scheduleDeliveryTimeOffset(), m.scheduleDeliveryTimeLength());
        h = string(h, buf, m.validityPeriodOffset(), m.validityPeriodLength());
        h = fixed(h, m.registeredDelivery(), m.replaceIfPresentFlag(), m.dataCoding(), m.smDefaultMsgId());
        h = octets(h, buf, m.shortMessageOffset(), m.smLength());
        h = tlvCount(h, m.tlvCount());
        MessageFlyweight.Tlvs tlvs = m.tlvs();
        while (tlvs.next()) {
            h = tlv(h, tlvs.tag(), buf, tlvs.valueOffset(), tlvs.length());
        }
        return h;
    }

    private static long body(long h, MessageBody b, byte[] scratch) {
        h = string(h, b.serviceType());
        h = fixed(h, b.sourceAddrTon(), b.sourceAddrNpi());
        h = string(h, b.sourceAddr());
        h = fixed(h, b.destAddrTon(), b.destAddrNpi());
        h = string(h, b.destinationAddr());
        h = fixed(h, b.esmClass(), b.protocolId(), b.priorityFlag());
        h = string(h, b.scheduleDeliveryTime());
        h = string(h, b.validityPeriod());
        h = fixed(h, b.registeredDelivery(), b.replaceIfPresentFlag(), b.dataCoding(), b.smDefaultMsgId());
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
