package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.MessageBody;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A submit_sm or deliver_sm read where it lies in a {@link ByteBuf}, allocating nothing: the garbage-free
 * read tier beside {@link SmppCodec#decode}, which builds a record of Strings and arrays. One class serves
 * both commands because SMPP 3.4 gives their bodies one layout (sections 4.4.1 and 4.6.1, as the records
 * share {@link MessageBody}); {@link #commandId()} says which it is.
 *
 * <h2>Validation</h2>
 * {@link #wrap} accepts exactly the bytes {@code decode} accepts as a submit_sm or deliver_sm, and refuses
 * the rest with the {@link SmppDecodeException} decode throws for them: the same status, sequence number,
 * framing verdict and message (both make the checks of {@code WireChecks}, in the same order: command_length
 * against the cap and the octets given, the command_id, each C-Octet String's ASCII and NUL within its
 * maximum and the PDU, NULL or 16-character times, each fixed octet present, sm_length at most 254 and
 * within the PDU, each TLV's header and value within the PDU and a known tag's fixed length). As in
 * decode, a request's command_status is ignored, and octets after command_length are left alone.
 *
 * <h2>Reading</h2>
 * Integers are {@code int}s; each C-Octet String is an offset and a length (without its NUL) and, for a
 * caller that wants one, a String (which allocates); short_message is an offset and {@link #smLength()};
 * TLVs are walked with the cursor {@link #tlvs()} returns. Offsets are absolute indexes into
 * {@link #buffer()}, for its {@code get} methods. The flyweight holds the buffer, not a copy: it reads
 * what the buffer holds when asked, so the buffer must stay unchanged and unreleased while it is read (a buffer
 * backed by an array is read in that array, without the reference-count check of each {@code ByteBuf} get).
 * After a {@code wrap} that threw, the flyweight holds nothing until the next wrap succeeds.
 *
 * <p>A server reads a frame with it as: {@code if (MessageFlyweight.reads(commandId)) flyweight.wrap(frame,
 * frame.readerIndex(), frame.readableBytes())}, else {@code SmppCodec.decode}. An instance is reused from
 * wrap to wrap and is not thread-safe: one per thread or channel.
 */
public final class MessageFlyweight {

    // the fixed octets between the variable fields, each group checked at once, named in order for the
    // message of a PDU that ends among them
    private static final String[] SOURCE_TON_NPI = {"source_addr_ton", "source_addr_npi"};
    private static final String[] DEST_TON_NPI = {"dest_addr_ton", "dest_addr_npi"};
    private static final String[] ESM_CLASS_TO_PRIORITY = {"esm_class", "protocol_id", "priority_flag"};
    private static final String[] REGISTERED_TO_MSG_ID =
        {"registered_delivery", "replace_if_present_flag", "data_coding", "sm_default_msg_id"};

    private final int maxCommandLength;
    private final Tlvs tlvs = new Tlvs();

    private ByteBuf buffer;
    // the buffer's array when it has one, read directly: each get of a ByteBuf checks bounds and the reference count
    private byte[] array;
    private int arrayOffset;
    private int offset;
    private int end;
    private int commandId;
    private int sequenceNumber;
    // the index of each C-Octet String's NUL: every other field's place follows from them
    private int serviceTypeNul;
    private int sourceAddrNul;
    private int destinationAddrNul;
    private int scheduleDeliveryTimeNul;
    private int validityPeriodNul;
    private int smLength;
    private int tlvCount;

    /** A reader with {@link SmppCodec}'s default cap of {@value SmppCodec#DEFAULT_MAX_COMMAND_LENGTH} octets. */
    public MessageFlyweight() {
        this(SmppCodec.DEFAULT_MAX_COMMAND_LENGTH);
    }

    /** A reader of PDUs of at most {@code maxCommandLength} octets, as {@code new SmppCodec(maxCommandLength)} reads. */
    public MessageFlyweight(int maxCommandLength) {
        if (maxCommandLength < SmppCodec.HEADER_LENGTH) {
            throw new IllegalArgumentException("maxCommandLength is " + maxCommandLength + "; a PDU has at least "
                    + SmppCodec.HEADER_LENGTH + " octets");
        }
        this.maxCommandLength = maxCommandLength;
    }

    /** Whether this reader reads PDUs of {@code commandId}: submit_sm and deliver_sm. */
    public static boolean reads(int commandId) {
        return commandId == CommandId.SUBMIT_SM || commandId == CommandId.DELIVER_SM;
    }

    /**
     * Validates the PDU at {@code offset} of {@code buffer}, which has {@code length} octets there (at
     * least its command_length; more may follow, such as the next PDU), and reads it from now on. Moves
     * neither readerIndex nor writerIndex, and allocates nothing unless it throws.
     *
     * @return this reader
     * @throws SmppDecodeException       where {@link SmppCodec#decode} throws it for these octets, with the
     *                                   same status, sequence number, framing verdict and message
     * @throws IllegalArgumentException  if the PDU is sound up to its command_id but is another command
     *                                   that decode reads (a bind, an enquire_link, a response, ...): read it
     *                                   with decode ({@link #reads} tells them apart first)
     * @throws IndexOutOfBoundsException if {@code offset} and {@code length} do not lie within the buffer's capacity
     */
    public MessageFlyweight wrap(ByteBuf buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.capacity());
        this.buffer = null;
        this.array = null;
        int commandLength = WireChecks.commandLength(buffer, offset, length, maxCommandLength);
        int commandId = buffer.getInt(offset + 4);
        int sequenceNumber = buffer.getInt(offset + 12);
        if (!reads(commandId)) {
            if (SmppCodec.reads(commandId)) {
                throw new IllegalArgumentException(CommandId.name(commandId)
                        + " is not a submit_sm or deliver_sm: read it with SmppCodec.decode");
            }
            throw WireChecks.rejected(WireChecks.unreadCommand(commandId), commandId, sequenceNumber);
        }
        int end = offset + commandLength;
        try {
            scan(buffer, offset + SmppCodec.HEADER_LENGTH, end);
        } catch (Malformed e) {
            throw WireChecks.rejected(e, commandId, sequenceNumber);
        }
        this.buffer = buffer;
        this.array = buffer.hasArray() ? buffer.array() : null;
        this.arrayOffset = array != null ? buffer.arrayOffset() : 0;
        this.offset = offset;
        this.end = end;
        this.commandId = commandId;
        this.sequenceNumber = sequenceNumber;
        return this;
    }

    /** The body's checks, in decode's order; records where each C-Octet String ends. */
    private void scan(ByteBuf in, int from, int end) {
        // the array asked for once, not by each check (see WireChecks.cStringEnd)
        byte[] a = WireChecks.arrayOf(in);
        int shift = WireChecks.shiftOf(in);
        serviceTypeNul = WireChecks.cStringEnd(in, a, shift, from, end, MessageBody.SERVICE_TYPE_OCTETS, "service_type",
                CommandStatus.ESME_RINVSERTYP);
        fixed(serviceTypeNul + 1, end, SOURCE_TON_NPI);
        sourceAddrNul = WireChecks.cStringEnd(in, a, shift, serviceTypeNul + 3, end, MessageBody.ADDR_OCTETS,
                "source_addr", CommandStatus.ESME_RINVSRCADR);
        fixed(sourceAddrNul + 1, end, DEST_TON_NPI);
        destinationAddrNul = WireChecks.cStringEnd(in, a, shift, sourceAddrNul + 3, end, MessageBody.ADDR_OCTETS,
                "destination_addr", CommandStatus.ESME_RINVDSTADR);
        fixed(destinationAddrNul + 1, end, ESM_CLASS_TO_PRIORITY);
        scheduleDeliveryTimeNul = WireChecks.timeEnd(in, a, shift, destinationAddrNul + 4, end,
                "schedule_delivery_time", CommandStatus.ESME_RINVSCHED);
        validityPeriodNul = WireChecks.timeEnd(in, a, shift, scheduleDeliveryTimeNul + 1, end, "validity_period",
                CommandStatus.ESME_RINVEXPIRY);
        fixed(validityPeriodNul + 1, end, REGISTERED_TO_MSG_ID);
        smLength = WireChecks.smLength(in, validityPeriodNul + 5, end);
        // the TLVs run to the end, so nothing can follow them within command_length (decode's last check)
        int count = 0;
        for (int at = validityPeriodNul + 6 + smLength; at < end; count++) {
            at += 4 + WireChecks.tlvLength(in, at, end);
        }
        tlvCount = count;
    }

    /** The fixed octets named {@code fields} from {@code first} lie within the PDU; else it ends before the first missing. */
    private static void fixed(int first, int end, String[] fields) {
        if (first + fields.length > end) {
            throw WireChecks.endsBefore(fields[end - first]);
        }
    }

    /** The buffer read: the offsets this reader returns are indexes into it. */
    public ByteBuf buffer() {
        return buffer;
    }

    /** Where the PDU starts in {@link #buffer()}. */
    public int offset() {
        return offset;
    }

    /** command_length: octets of the whole PDU. */
    public int commandLength() {
        return end - offset;
    }

    /** {@link CommandId#SUBMIT_SM} or {@link CommandId#DELIVER_SM}. (A request's command_status is ignored, as in decode.) */
    public int commandId() {
        return commandId;
    }

    public int sequenceNumber() {
        return sequenceNumber;
    }

    public int serviceTypeOffset() {
        return offset + SmppCodec.HEADER_LENGTH;
    }

    /** Characters of service_type, without its NUL; 0 for NULL. */
    public int serviceTypeLength() {
        return serviceTypeNul - serviceTypeOffset();
    }

    /** service_type as a String: allocates, unless NULL. */
    public String serviceType() {
        return string(serviceTypeOffset(), serviceTypeNul);
    }

    public int sourceAddrTon() {
        return octet(serviceTypeNul + 1);
    }

    public int sourceAddrNpi() {
        return octet(serviceTypeNul + 2);
    }

    public int sourceAddrOffset() {
        return serviceTypeNul + 3;
    }

    public int sourceAddrLength() {
        return sourceAddrNul - sourceAddrOffset();
    }

    /** source_addr as a String: allocates, unless NULL. */
    public String sourceAddr() {
        return string(sourceAddrOffset(), sourceAddrNul);
    }

    public int destAddrTon() {
        return octet(sourceAddrNul + 1);
    }

    public int destAddrNpi() {
        return octet(sourceAddrNul + 2);
    }

    public int destinationAddrOffset() {
        return sourceAddrNul + 3;
    }

    public int destinationAddrLength() {
        return destinationAddrNul - destinationAddrOffset();
    }

    /** destination_addr as a String: allocates, unless NULL. */
    public String destinationAddr() {
        return string(destinationAddrOffset(), destinationAddrNul);
    }

    public int esmClass() {
        return octet(destinationAddrNul + 1);
    }

    public int protocolId() {
        return octet(destinationAddrNul + 2);
    }

    public int priorityFlag() {
        return octet(destinationAddrNul + 3);
    }

    public int scheduleDeliveryTimeOffset() {
        return destinationAddrNul + 4;
    }

    /** 0 (NULL) or 16. */
    public int scheduleDeliveryTimeLength() {
        return scheduleDeliveryTimeNul - scheduleDeliveryTimeOffset();
    }

    /** schedule_delivery_time as a String: allocates, unless NULL. */
    public String scheduleDeliveryTime() {
        return string(scheduleDeliveryTimeOffset(), scheduleDeliveryTimeNul);
    }

    public int validityPeriodOffset() {
        return scheduleDeliveryTimeNul + 1;
    }

    /** 0 (NULL) or 16. */
    public int validityPeriodLength() {
        return validityPeriodNul - validityPeriodOffset();
    }

    /** validity_period as a String: allocates, unless NULL. */
    public String validityPeriod() {
        return string(validityPeriodOffset(), validityPeriodNul);
    }

    public int registeredDelivery() {
        return octet(validityPeriodNul + 1);
    }

    public int replaceIfPresentFlag() {
        return octet(validityPeriodNul + 2);
    }

    public int dataCoding() {
        return octet(validityPeriodNul + 3);
    }

    public int smDefaultMsgId() {
        return octet(validityPeriodNul + 4);
    }

    /** sm_length: octets of short_message, 0 to 254. */
    public int smLength() {
        return smLength;
    }

    public int shortMessageOffset() {
        return validityPeriodNul + 6;
    }

    /** Copies short_message into {@code dst} at {@code dstIndex}; allocates nothing. */
    public void copyShortMessage(byte[] dst, int dstIndex) {
        buffer.getBytes(shortMessageOffset(), dst, dstIndex, smLength);
    }

    /** How many optional parameters follow short_message. */
    public int tlvCount() {
        return tlvCount;
    }

    /** The cursor over the optional parameters, rewound to before the first; the same object every call. */
    public Tlvs tlvs() {
        tlvs.next = shortMessageOffset() + smLength;
        tlvs.at = -1;
        return tlvs;
    }

    /**
     * Appends the {@code length} octets at {@code index}, one char each, to {@code to}; allocates nothing
     * while {@code to} has room. For a C-Octet String's offset and length, which hold ASCII only.
     */
    public StringBuilder appendAscii(int index, int length, StringBuilder to) {
        for (int i = index; i < index + length; i++) {
            to.append((char) (buffer.getByte(i) & 0xFF));
        }
        return to;
    }

    /** Whether the {@code length} octets at {@code index} are {@code text}'s chars, one octet each. */
    public boolean asciiEquals(int index, int length, CharSequence text) {
        if (text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if ((buffer.getByte(index + i) & 0xFF) != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int octet(int index) {
        return array != null ? array[arrayOffset + index] & 0xFF : buffer.getUnsignedByte(index);
    }

    /** The unsigned big-endian short at {@code index}. */
    private int unsignedShort(int index) {
        return array != null ? (array[arrayOffset + index] & 0xFF) << 8 | array[arrayOffset + index + 1] & 0xFF
                : buffer.getUnsignedShort(index);
    }

    /** As decode makes it: {@code ""} for NULL, without allocating. */
    private String string(int from, int nul) {
        return nul == from ? "" : buffer.toString(from, nul - from, StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        return buffer == null ? "MessageFlyweight[not wrapped]"
                : "MessageFlyweight[" + CommandId.name(commandId) + ", sequence_number "
                        + Integer.toUnsignedString(sequenceNumber) + ", " + commandLength() + " octets at " + offset + "]";
    }

    /**
     * The optional parameters of the PDU wrapped, in wire order, read in place: {@code while (tlvs.next())}
     * then {@link #tag()}, {@link #length()} and {@link #valueOffset()} of the current one. One per reader,
     * rewound by {@link MessageFlyweight#tlvs()}.
     */
    public final class Tlvs {

        private int next;
        private int at = -1;

        private Tlvs() {
        }

        /** Moves to the next parameter; false, and nothing current, when there is none. */
        public boolean next() {
            if (next >= end) {
                at = -1;
                return false;
            }
            at = next;
            next = at + 4 + length();
            return true;
        }

        public short tag() {
            return (short) unsignedShort(at);
        }

        /** Octets of the value. */
        public int length() {
            return unsignedShort(at + 2);
        }

        /** Where the value starts in {@link MessageFlyweight#buffer()}. */
        public int valueOffset() {
            return at + 4;
        }
    }
}
