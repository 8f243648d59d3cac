package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import io.netty.buffer.ByteBuf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * SMPP 3.4 PDUs to and from Netty {@link ByteBuf}s: big-endian Integers, NUL-terminated ASCII
 * C-Octet Strings, TLVs after the mandatory fields. Reads and writes bind_transmitter, bind_receiver,
 * bind_transceiver, unbind, submit_sm, deliver_sm, enquire_link, their responses, and generic_nack.
 *
 * <h2>Tier</h2>
 * <ul>
 *   <li><b>encode allocates nothing</b> ({@code SmppEncodeAllocationTest}): a submit_sm or deliver_sm
 *       is measured from its record first, so the buffer is made room for once, then written with plain
 *       stores into the buffer's array, or for a direct buffer into a scratch array this codec owns and
 *       copied in with one write (the scratch grows, once, for a PDU over 256 octets); C-Octet Strings (the
 *       records have already checked they are ASCII) go in with one copy each. Other PDUs go straight into
 *       the buffer, command_length written as 0 and patched once the body is written, C-Octet Strings
 *       copied into a heap buffer's array or through Netty's ASCII writer into a direct one, TLV values
 *       through the scratch (the records hand out copies only). Lists are walked by index. The buffer is
 *       the caller's: a pooled one, reused, keeps it garbage-free (a buffer too small grows as Netty grows
 *       it, which allocates).</li>
 *   <li><b>decode allocates the PDU</b>: the record, its body, one String per non-empty C-Octet
 *       String, the TLV list with a {@link Tlv} per parameter, and each octet string twice (the codec
 *       reads it into an array, the record keeps its own copy). Nothing else: no views, no slices.</li>
 *   <li><b>{@link MessageFlyweight} allocates nothing</b>: a submit_sm or deliver_sm read where it lies,
 *       after the same checks as decode's.</li>
 * </ul>
 * An instance is not thread-safe (the encode scratch): give each thread or channel its own.
 *
 * <h2>Validation</h2>
 * decode accepts a PDU only if command_length is 16 to {@link #maxCommandLength()} and no more than
 * the readable bytes; each C-Octet String is ASCII and ends within both its field's maximum (NUL
 * included) and the PDU; sm_length is at most 254 and within the PDU; each TLV header and value lies
 * within the PDU, and a tag whose length SMPP 3.4 fixes has that length; and the body ends exactly at
 * command_length. Anything else throws {@link SmppDecodeException} with the SMPP status to answer with
 * (never an {@code IndexOutOfBoundsException} or another exception), and leaves readerIndex alone.
 * Strict on write, lenient on read: encode leaves out the body of a submit_sm_resp or bind_*_resp whose
 * command_status is not 0, as SMPP 3.4 says it "is not returned" then (4.1.2, 4.1.4, 4.1.6, 4.4.2),
 * whatever the record holds; decode takes such a response with its body or without, since SMSCs send
 * both. A request's command_status, which should be 0, is ignored. A rejection names the PDU's
 * command_id ({@link SmppDecodeException#commandId()}) once its header is read, so a receiver can
 * answer a request whose body is at fault with that request's own response.
 */
public final class SmppCodec {

    /** Octets of the header: command_length, command_id, command_status, sequence_number. */
    public static final int HEADER_LENGTH = 16;
    /** The default cap on command_length: 64 KiB, well above any PDU of these types with a full message_payload. */
    public static final int DEFAULT_MAX_COMMAND_LENGTH = 64 * 1024;

    private static final int SCRATCH_LENGTH = 256;
    private static final byte[] NO_OCTETS = new byte[0];
    /** A submit_sm's or deliver_sm's one-octet fields: two ton/npi pairs, esm_class to priority_flag, four more, sm_length. */
    private static final int MESSAGE_FIXED_OCTETS = 2 + 2 + 3 + 4 + 1;
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final int maxCommandLength;
    // TLV values on their way into a direct buffer; a whole submit_sm or deliver_sm for one (see encodeMessage)
    private byte[] scratch = new byte[SCRATCH_LENGTH];

    /** A codec with the default cap of {@value #DEFAULT_MAX_COMMAND_LENGTH} octets. */
    public SmppCodec() {
        this(DEFAULT_MAX_COMMAND_LENGTH);
    }

    /** A codec that reads and writes PDUs of at most {@code maxCommandLength} octets (at least 16). */
    public SmppCodec(int maxCommandLength) {
        if (maxCommandLength < HEADER_LENGTH) {
            throw new IllegalArgumentException("maxCommandLength is " + maxCommandLength + "; a PDU has at least "
                    + HEADER_LENGTH + " octets");
        }
        this.maxCommandLength = maxCommandLength;
    }

    /** The largest command_length this codec writes or reads. */
    public int maxCommandLength() {
        return maxCommandLength;
    }

    /**
     * Writes the whole PDU at {@code out}'s writerIndex and advances it.
     *
     * @return octets written, which is the command_length written
     * @throws IllegalArgumentException if the PDU would be longer than {@link #maxCommandLength()};
     *                                  writerIndex is then left where it was
     */
    public int encode(Pdu pdu, ByteBuf out) {
        if (pdu instanceof SubmitSm p) {
            return encodeMessage(p, p.body(), out);
        }
        if (pdu instanceof DeliverSm p) {
            return encodeMessage(p, p.body(), out);
        }
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeInt(pdu.commandId());
        out.writeInt(pdu.commandStatus());
        out.writeInt(pdu.sequenceNumber());
        if (pdu instanceof SubmitSmResp p) {
            // SMPP 3.4 4.4.2: "The submit_sm_resp PDU Body is not returned if the command_status field
            // contains a non-zero value"
            if (p.commandStatus() == CommandStatus.ESME_ROK) {
                writeCString(p.messageId(), out);
            }
        } else if (pdu instanceof DeliverSmResp) {
            // 4.6.2 has no such rule: its one field, message_id, is NULL whatever the status
            out.writeByte(0);
        } else if (pdu instanceof Bind p) {
            writeCString(p.systemId(), out);
            writeCString(p.password(), out);
            writeCString(p.systemType(), out);
            out.writeByte(p.interfaceVersion());
            out.writeByte(p.addrTon());
            out.writeByte(p.addrNpi());
            writeCString(p.addressRange(), out);
        } else if (pdu instanceof BindResp p) {
            // 4.1.2, 4.1.4, 4.1.6: the body (system_id, sc_interface_version) is not returned with an error status
            if (p.commandStatus() == CommandStatus.ESME_ROK) {
                writeCString(p.systemId(), out);
                writeTlvs(p.tlvs(), out);
            }
        }
        // unbind, enquire_link, their responses, generic_nack and the error responses above are a header alone
        int length = out.writerIndex() - start;
        if (length > maxCommandLength) {
            out.writerIndex(start);
            throw tooLong(pdu, length);
        }
        out.setInt(start, length);
        return length;
    }

    private IllegalArgumentException tooLong(Pdu pdu, int length) {
        return new IllegalArgumentException(CommandId.name(pdu.commandId()) + " would be " + length
                + " octets, over this codec's cap of " + maxCommandLength);
    }

    /**
     * A submit_sm or deliver_sm, the PDUs sent at rate: its length is known from the record before a byte is
     * written, so the buffer is made room for once and every field goes into an array with plain stores, where
     * each write to a {@code ByteBuf} would check its bounds, the reference count and the writerIndex. The array
     * is the buffer's own or, for a buffer without one, the scratch, copied in with one write.
     */
    private int encodeMessage(Pdu pdu, MessageBody b, ByteBuf out) {
        int length = HEADER_LENGTH + bodyLength(b);
        if (length > maxCommandLength) {
            throw tooLong(pdu, length);
        }
        int start = out.writerIndex();
        out.ensureWritable(length);
        if (out.hasArray()) {
            writeMessage(pdu, b, length, out.array(), out.arrayOffset() + start);
            out.writerIndex(start + length);
        } else {
            if (scratch.length < length) {
                // a PDU with long TLVs, once: the scratch keeps the size for the next
                scratch = new byte[length];
            }
            writeMessage(pdu, b, length, scratch, 0);
            out.writeBytes(scratch, 0, length);
        }
        return length;
    }

    /** Octets of a submit_sm's or deliver_sm's body: each C-Octet String with its NUL, 11 fixed octets, the rest. */
    private static int bodyLength(MessageBody b) {
        int length = b.serviceType().length() + b.sourceAddr().length() + b.destinationAddr().length()
                + b.scheduleDeliveryTime().length() + b.validityPeriod().length() + 5
                + MESSAGE_FIXED_OCTETS + b.smLength();
        List<Tlv> tlvs = b.tlvs();
        // by index: an iterator would be an allocation per call
        for (int i = 0; i < tlvs.size(); i++) {
            length += 4 + tlvs.get(i).length();
        }
        return length;
    }

    /** The whole PDU, {@code length} octets, into {@code a} from {@code at}, which has room for it. */
    private static void writeMessage(Pdu pdu, MessageBody b, int length, byte[] a, int at) {
        INT_BE.set(a, at, length);
        INT_BE.set(a, at + 4, pdu.commandId());
        INT_BE.set(a, at + 8, pdu.commandStatus());
        INT_BE.set(a, at + 12, pdu.sequenceNumber());
        int i = cString(b.serviceType(), a, at + HEADER_LENGTH);
        a[i] = (byte) b.sourceAddrTon();
        a[i + 1] = (byte) b.sourceAddrNpi();
        i = cString(b.sourceAddr(), a, i + 2);
        a[i] = (byte) b.destAddrTon();
        a[i + 1] = (byte) b.destAddrNpi();
        i = cString(b.destinationAddr(), a, i + 2);
        a[i] = (byte) b.esmClass();
        a[i + 1] = (byte) b.protocolId();
        a[i + 2] = (byte) b.priorityFlag();
        i = cString(b.scheduleDeliveryTime(), a, i + 3);
        i = cString(b.validityPeriod(), a, i);
        a[i] = (byte) b.registeredDelivery();
        a[i + 1] = (byte) b.replaceIfPresentFlag();
        a[i + 2] = (byte) b.dataCoding();
        a[i + 3] = (byte) b.smDefaultMsgId();
        int smLength = b.smLength();
        a[i + 4] = (byte) smLength;
        b.copyShortMessage(0, a, i + 5, smLength);
        i += 5 + smLength;
        List<Tlv> tlvs = b.tlvs();
        for (int t = 0; t < tlvs.size(); t++) {
            Tlv tlv = tlvs.get(t);
            int tlvLength = tlv.length();
            INT_BE.set(a, i, tlv.tag() << 16 | tlvLength);
            tlv.copyValue(0, a, i + 4, tlvLength);
            i += 4 + tlvLength;
        }
    }

    /** A C-Octet String of ASCII (as the records hold) into {@code a} at {@code at}; returns the index after its NUL. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): each char's low byte, allocating nothing
    private static int cString(String value, byte[] a, int at) {
        int length = value.length();
        value.getBytes(0, length, a, at);
        a[at + length] = 0;
        return at + length + 1;
    }

    private void writeTlvs(List<Tlv> tlvs, ByteBuf out) {
        // by index: an iterator would be an allocation per call
        for (int i = 0; i < tlvs.size(); i++) {
            Tlv tlv = tlvs.get(i);
            int length = tlv.length();
            out.writeInt(tlv.tag() << 16 | length);
            for (int from = 0; from < length; from += SCRATCH_LENGTH) {
                int chunk = Math.min(SCRATCH_LENGTH, length - from);
                tlv.copyValue(from, scratch, 0, chunk);
                out.writeBytes(scratch, 0, chunk);
            }
        }
    }

    /** The records hold ASCII only, so each char is its octet. */
    private static void writeCString(String value, ByteBuf out) {
        int length = value.length();
        if (!out.hasArray()) {
            out.writeCharSequence(value, StandardCharsets.US_ASCII);
            out.writeByte(0);
            return;
        }
        out.ensureWritable(length + 1);
        int at = out.writerIndex();
        // one copy into the array (see cString): writeCharSequence goes char by char and took half of encode
        cString(value, out.array(), out.arrayOffset() + at);
        out.writerIndex(at + length + 1);
    }

    /**
     * Reads the one PDU that starts at {@code in}'s readerIndex, which must be readable in full, and
     * advances readerIndex by its command_length.
     *
     * @throws SmppDecodeException if the bytes are not a PDU this codec accepts (see the class
     *                             comment); readerIndex is then left where it was
     */
    public Pdu decode(ByteBuf in) {
        int start = in.readerIndex();
        int length = WireChecks.commandLength(in, start, in.readableBytes(), maxCommandLength);
        int commandId = in.getInt(start + 4);
        int commandStatus = in.getInt(start + 8);
        int sequenceNumber = in.getInt(start + 12);
        int end = start + length;
        in.readerIndex(start + HEADER_LENGTH);
        try {
            Pdu pdu = readBody(in, end, commandId, commandStatus, sequenceNumber);
            if (in.readerIndex() != end) {
                throw new Malformed(CommandStatus.ESME_RINVCMDLEN, (end - in.readerIndex())
                        + " octets follow the body within command_length " + length);
            }
            return pdu;
        } catch (Malformed e) {
            in.readerIndex(start);
            throw WireChecks.rejected(e, commandId, sequenceNumber);
        }
    }

    /**
     * The command_length of the PDU at {@code in}'s readerIndex, without reading anything: -1 when
     * fewer than 4 octets are readable, else a length of 16 to {@code cap}. For a framer that waits
     * until that many octets are readable and then hands them to {@link #decode}.
     *
     * @throws SmppDecodeException if command_length is under 16 or over {@code cap}; never with
     *                             {@link SmppDecodeException#framingIntact()}
     */
    public static int frameLength(ByteBuf in, int cap) {
        if (cap < HEADER_LENGTH) {
            throw new IllegalArgumentException("cap is " + cap + "; a PDU has at least " + HEADER_LENGTH + " octets");
        }
        if (in.readableBytes() < 4) {
            return -1;
        }
        int length = in.getInt(in.readerIndex());
        WireChecks.checkLength(in, in.readerIndex(), in.readableBytes(), length, cap);
        return length;
    }

    private static Pdu readBody(ByteBuf in, int end, int commandId, int commandStatus, int sequenceNumber) {
        switch (commandId) {
            case CommandId.SUBMIT_SM:
                return new SubmitSm(sequenceNumber, readMessageBody(in, end));
            case CommandId.DELIVER_SM:
                return new DeliverSm(sequenceNumber, readMessageBody(in, end));
            case CommandId.SUBMIT_SM_RESP:
                return new SubmitSmResp(commandStatus, sequenceNumber, bodyLeftOut(in, end, commandStatus) ? ""
                        : cString(in, end, SubmitSmResp.MESSAGE_ID_OCTETS, "message_id", CommandStatus.ESME_RINVMSGID));
            case CommandId.DELIVER_SM_RESP:
                if (!bodyLeftOut(in, end, commandStatus)) {
                    cString(in, end, DeliverSmResp.MESSAGE_ID_OCTETS, "message_id (unused, NULL)", CommandStatus.ESME_RINVMSGID);
                }
                return new DeliverSmResp(commandStatus, sequenceNumber);
            case CommandId.BIND_TRANSMITTER:
            case CommandId.BIND_RECEIVER:
            case CommandId.BIND_TRANSCEIVER:
                return readBind(in, end, BindType.of(commandId), sequenceNumber);
            case CommandId.BIND_TRANSMITTER_RESP:
            case CommandId.BIND_RECEIVER_RESP:
            case CommandId.BIND_TRANSCEIVER_RESP:
                if (bodyLeftOut(in, end, commandStatus)) {
                    return new BindResp(BindType.of(commandId), commandStatus, sequenceNumber, "", List.of());
                }
                return new BindResp(BindType.of(commandId), commandStatus, sequenceNumber,
                        cString(in, end, Bind.SYSTEM_ID_OCTETS, "system_id", CommandStatus.ESME_RINVSYSID),
                        readTlvs(in, end));
            case CommandId.UNBIND:
                return new Unbind(sequenceNumber);
            case CommandId.UNBIND_RESP:
                return new UnbindResp(commandStatus, sequenceNumber);
            case CommandId.ENQUIRE_LINK:
                return new EnquireLink(sequenceNumber);
            case CommandId.ENQUIRE_LINK_RESP:
                return new EnquireLinkResp(commandStatus, sequenceNumber);
            case CommandId.GENERIC_NACK:
                return new GenericNack(commandStatus, sequenceNumber);
            default:
                throw WireChecks.unreadCommand(commandId);
        }
    }

    /** Whether decode reads PDUs of this command_id: the cases of {@code readBody}, kept in step with it. */
    static boolean reads(int commandId) {
        switch (commandId) {
            case CommandId.SUBMIT_SM:
            case CommandId.DELIVER_SM:
            case CommandId.SUBMIT_SM_RESP:
            case CommandId.DELIVER_SM_RESP:
            case CommandId.BIND_TRANSMITTER:
            case CommandId.BIND_RECEIVER:
            case CommandId.BIND_TRANSCEIVER:
            case CommandId.BIND_TRANSMITTER_RESP:
            case CommandId.BIND_RECEIVER_RESP:
            case CommandId.BIND_TRANSCEIVER_RESP:
            case CommandId.UNBIND:
            case CommandId.UNBIND_RESP:
            case CommandId.ENQUIRE_LINK:
            case CommandId.ENQUIRE_LINK_RESP:
            case CommandId.GENERIC_NACK:
                return true;
            default:
                return false;
        }
    }

    /** An error response with nothing after its header: SMPP 3.4 leaves the body out then. */
    private static boolean bodyLeftOut(ByteBuf in, int end, int commandStatus) {
        return commandStatus != CommandStatus.ESME_ROK && in.readerIndex() == end;
    }

    private static Bind readBind(ByteBuf in, int end, BindType type, int sequenceNumber) {
        String systemId = cString(in, end, Bind.SYSTEM_ID_OCTETS, "system_id", CommandStatus.ESME_RINVSYSID);
        String password = cString(in, end, Bind.PASSWORD_OCTETS, "password", CommandStatus.ESME_RINVPASWD);
        String systemType = cString(in, end, Bind.SYSTEM_TYPE_OCTETS, "system_type", CommandStatus.ESME_RINVSYSTYP);
        int interfaceVersion = octet(in, end, "interface_version");
        int addrTon = octet(in, end, "addr_ton");
        int addrNpi = octet(in, end, "addr_npi");
        // SMPP 3.4 has no status for a bad address_range; a bind that cannot be read failed
        String addressRange = cString(in, end, Bind.ADDRESS_RANGE_OCTETS, "address_range", CommandStatus.ESME_RBINDFAIL);
        return new Bind(type, sequenceNumber, systemId, password, systemType, interfaceVersion, addrTon, addrNpi, addressRange);
    }

    private static MessageBody readMessageBody(ByteBuf in, int end) {
        String serviceType = cString(in, end, MessageBody.SERVICE_TYPE_OCTETS, "service_type", CommandStatus.ESME_RINVSERTYP);
        int sourceAddrTon = octet(in, end, "source_addr_ton");
        int sourceAddrNpi = octet(in, end, "source_addr_npi");
        String sourceAddr = cString(in, end, MessageBody.ADDR_OCTETS, "source_addr", CommandStatus.ESME_RINVSRCADR);
        int destAddrTon = octet(in, end, "dest_addr_ton");
        int destAddrNpi = octet(in, end, "dest_addr_npi");
        String destinationAddr = cString(in, end, MessageBody.ADDR_OCTETS, "destination_addr", CommandStatus.ESME_RINVDSTADR);
        int esmClass = octet(in, end, "esm_class");
        int protocolId = octet(in, end, "protocol_id");
        int priorityFlag = octet(in, end, "priority_flag");
        String scheduleDeliveryTime = time(in, end, "schedule_delivery_time", CommandStatus.ESME_RINVSCHED);
        String validityPeriod = time(in, end, "validity_period", CommandStatus.ESME_RINVEXPIRY);
        int registeredDelivery = octet(in, end, "registered_delivery");
        int replaceIfPresentFlag = octet(in, end, "replace_if_present_flag");
        int dataCoding = octet(in, end, "data_coding");
        int smDefaultMsgId = octet(in, end, "sm_default_msg_id");
        byte[] shortMessage = shortMessage(in, end);
        return new MessageBody(serviceType, sourceAddrTon, sourceAddrNpi, sourceAddr, destAddrTon, destAddrNpi,
                destinationAddr, esmClass, protocolId, priorityFlag, scheduleDeliveryTime, validityPeriod,
                registeredDelivery, replaceIfPresentFlag, dataCoding, smDefaultMsgId, shortMessage, readTlvs(in, end));
    }

    private static byte[] shortMessage(ByteBuf in, int end) {
        int at = in.readerIndex();
        int smLength = WireChecks.smLength(in, at, end);
        in.readerIndex(at + 1);
        return octets(in, smLength);
    }

    private static List<Tlv> readTlvs(ByteBuf in, int end) {
        if (in.readerIndex() == end) {
            return List.of();
        }
        Tlv first = readTlv(in, end);
        if (in.readerIndex() == end) {
            // one or two TLVs, the usual: List.of is immutable already, so the record keeps it uncopied
            return List.of(first);
        }
        Tlv second = readTlv(in, end);
        if (in.readerIndex() == end) {
            return List.of(first, second);
        }
        List<Tlv> tlvs = new ArrayList<>();
        tlvs.add(first);
        tlvs.add(second);
        while (in.readerIndex() < end) {
            tlvs.add(readTlv(in, end));
        }
        return tlvs;
    }

    private static Tlv readTlv(ByteBuf in, int end) {
        int at = in.readerIndex();
        int length = WireChecks.tlvLength(in, at, end);
        short tag = in.getShort(at);
        in.readerIndex(at + 4);
        return new Tlv(tag, octets(in, length));
    }

    /** Reads {@code length} octets the caller has checked are there. */
    private static byte[] octets(ByteBuf in, int length) {
        if (length == 0) {
            return NO_OCTETS;
        }
        byte[] octets = new byte[length];
        in.readBytes(octets);
        return octets;
    }

    private static int octet(ByteBuf in, int end, String field) {
        if (in.readerIndex() >= end) {
            throw WireChecks.endsBefore(field);
        }
        return in.readUnsignedByte();
    }

    /** A C-Octet String of at most {@code octets} octets with its NUL; a bad one is answered with {@code status}. */
    private static String cString(ByteBuf in, int end, int octets, String field, int status) {
        int from = in.readerIndex();
        return string(in, from, WireChecks.cStringEnd(in, from, end, octets, field, status));
    }

    /** schedule_delivery_time or validity_period: NULL or 16 characters. */
    private static String time(ByteBuf in, int end, String field, int status) {
        int from = in.readerIndex();
        return string(in, from, WireChecks.timeEnd(in, from, end, field, status));
    }

    /** The ASCII octets from {@code from} to the NUL at {@code nul}, which readerIndex moves past. */
    private static String string(ByteBuf in, int from, int nul) {
        in.readerIndex(nul + 1);
        return nul == from ? "" : in.toString(from, nul - from, StandardCharsets.US_ASCII);
    }
}
