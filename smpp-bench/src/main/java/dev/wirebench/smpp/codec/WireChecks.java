package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;

/**
 * The checks every reader of this package makes, in one place so that they accept and refuse the same
 * bytes with the same status and the same message. Indexes are absolute; nothing here moves
 * readerIndex, and nothing allocates unless it throws. A body check throws {@link Malformed}, which the
 * reader turns into an {@link SmppDecodeException} with {@link #rejected}.
 */
final class WireChecks {

    private WireChecks() {
    }

    /**
     * The command_length of the PDU at {@code start}, with {@code readable} octets there: 16 to {@code cap}
     * and no more than {@code readable}.
     *
     * @throws SmppDecodeException otherwise, with the framing broken
     */
    static int commandLength(ByteBuf in, int start, int readable, int cap) {
        if (readable < 4) {
            throw new SmppDecodeException(CommandStatus.ESME_RINVCMDLEN, 0, false,
                    "only " + readable + " octets readable; command_length alone takes 4");
        }
        int length = in.getInt(start);
        checkLength(in, start, readable, length, cap);
        if (length > readable) {
            throw new SmppDecodeException(CommandStatus.ESME_RINVCMDLEN, sequenceNumber(in, start, readable), false,
                    "command_length is " + length + " but only " + readable + " octets are readable");
        }
        return length;
    }

    /** {@code length}, read at {@code start}, is 16 to {@code cap}; else an {@link SmppDecodeException}, framing broken. */
    static void checkLength(ByteBuf in, int start, int readable, int length, int cap) {
        long unsigned = Integer.toUnsignedLong(length);
        if (unsigned < SmppCodec.HEADER_LENGTH) {
            throw new SmppDecodeException(CommandStatus.ESME_RINVCMDLEN, 0, false,
                    "command_length " + unsigned + " is less than the " + SmppCodec.HEADER_LENGTH + " octets of the header");
        }
        if (unsigned > cap) {
            throw new SmppDecodeException(CommandStatus.ESME_RINVCMDLEN, sequenceNumber(in, start, readable), false,
                    "command_length " + unsigned + " is over the cap of " + cap + " octets");
        }
    }

    /** The header's sequence_number, or 0 when the header is not all there. */
    private static int sequenceNumber(ByteBuf in, int start, int readable) {
        return readable >= SmppCodec.HEADER_LENGTH ? in.getInt(start + 12) : 0;
    }

    /** The refusal of a command_id no reader here reads. */
    static Malformed unreadCommand(int commandId) {
        String name = CommandId.name(commandId);
        return new Malformed(CommandStatus.ESME_RINVCMDID, name.startsWith("0x")
                ? "command_id " + name + " is not an SMPP 3.4 command"
                : "command_id " + String.format("0x%08X", commandId) + " is not one this codec reads");
    }

    /** What a reader throws for a body it could not read: the framing holds, the PDU can be skipped and answered. */
    static SmppDecodeException rejected(Malformed e, int commandId, int sequenceNumber) {
        return new SmppDecodeException(e.status, commandId, sequenceNumber, true, CommandId.name(commandId)
                + " (sequence_number " + Integer.toUnsignedString(sequenceNumber) + "): " + e.getMessage());
    }

    /** The refusal of a body that ends before one of its fixed fields. */
    static Malformed endsBefore(String field) {
        return new Malformed(CommandStatus.ESME_RINVCMDLEN, "the PDU ends before " + field);
    }

    /**
     * The index of the NUL that ends the C-Octet String at {@code from}: every octet before it is ASCII
     * (1 to 127) and the NUL lies within both {@code octets} (the field's maximum, NUL included) and
     * {@code end}. A bad one is refused with {@code status}.
     */
    static int cStringEnd(ByteBuf in, int from, int end, int octets, String field, int status) {
        return cStringEnd(in, arrayOf(in), shiftOf(in), from, end, octets, field, status);
    }

    /**
     * {@link #cStringEnd(ByteBuf, int, int, int, String, int)} reading {@code array} (null when the buffer has
     * none), which holds buffer index i at {@code shift + i}: a reader of many fields asks the buffer for its
     * array once, and no octet is read through a get of the buffer, which checks bounds and the reference count.
     */
    static int cStringEnd(ByteBuf in, byte[] array, int shift, int from, int end, int octets, String field,
                          int status) {
        int limit = end - from < octets ? end : from + octets;
        // on to the first octet outside 1..127: the NUL, or one that is not ASCII
        int i = array != null ? asciiEnd(array, shift, from, limit) : asciiEnd(in, from, limit);
        if (i < limit && (array != null ? array[shift + i] : in.getByte(i)) == 0) {
            return i;
        }
        // apart, so that the check above stays small enough to be inlined where it is called
        throw notCString(in, from, end, octets, i, limit, field, status);
    }

    /** The array backing {@code in}, or null. */
    static byte[] arrayOf(ByteBuf in) {
        return in.hasArray() ? in.array() : null;
    }

    /** Where {@link #arrayOf} holds index 0 of {@code in}. */
    static int shiftOf(ByteBuf in) {
        return in.hasArray() ? in.arrayOffset() : 0;
    }

    /** Why the C-Octet String at {@code from} that {@link #cStringEnd} read up to {@code i} is refused. */
    private static Malformed notCString(ByteBuf in, int from, int end, int octets, int i, int limit, String field,
                                        int status) {
        if (i < limit) {
            return new Malformed(status, String.format("%s holds 0x%02X at octet %d; a C-Octet String is ASCII",
                    field, in.getByte(i) & 0xFF, i - from));
        }
        if (limit == end && end - from < octets) {
            return new Malformed(status, field + " has no NUL before the end of the PDU");
        }
        return new Malformed(status, field + " has no NUL within its " + octets + " octets");
    }

    /** {@link #asciiEnd(byte[], int, int, int)} of a buffer without an array, an octet at a time. */
    private static int asciiEnd(ByteBuf in, int from, int limit) {
        int i = from;
        while (i < limit && in.getByte(i) > 0) {
            i++;
        }
        return i;
    }

    /**
     * The first index from {@code from} (a buffer index; the array holds it at {@code shift} more) whose octet
     * is not ASCII 1 to 127, or {@code limit} if there is none before it. An octet at a time: eight a read
     * (a word's arithmetic flags a NUL or an octet over 127) and four a round unrolled were each faster
     * alone but slower inside the flyweight's wrap, 30 against 23 ns a submit_sm, the larger code no
     * longer inlined where it is called.
     */
    private static int asciiEnd(byte[] array, int shift, int from, int limit) {
        int i = from;
        while (i < limit && array[shift + i] > 0) {
            i++;
        }
        return i;
    }

    /** {@link #cStringEnd} of schedule_delivery_time or validity_period, which is NULL or 16 characters. */
    static int timeEnd(ByteBuf in, int from, int end, String field, int status) {
        return timeEnd(in, arrayOf(in), shiftOf(in), from, end, field, status);
    }

    /** {@link #timeEnd(ByteBuf, int, int, String, int)} reading {@code array}, as {@link #cStringEnd} does. */
    static int timeEnd(ByteBuf in, byte[] array, int shift, int from, int end, String field, int status) {
        int nul = cStringEnd(in, array, shift, from, end, MessageBody.TIME_OCTETS, field, status);
        int length = nul - from;
        if (length != 0 && length != MessageBody.TIME_OCTETS - 1) {
            throw new Malformed(status, field + " has " + length + " characters; SMPP 3.4 wants NULL or "
                    + (MessageBody.TIME_OCTETS - 1) + " (YYMMDDhhmmsstnnp)");
        }
        return nul;
    }

    /** sm_length, the octet at {@code at}: at most 254, and that many octets follow it within {@code end}. */
    static int smLength(ByteBuf in, int at, int end) {
        if (at >= end) {
            throw endsBefore("sm_length");
        }
        int smLength = in.getUnsignedByte(at);
        if (smLength > MessageBody.MAX_SM_LENGTH) {
            throw new Malformed(CommandStatus.ESME_RINVMSGLEN, "sm_length is " + smLength + "; SMPP 3.4 allows at most "
                    + MessageBody.MAX_SM_LENGTH);
        }
        int left = end - at - 1;
        if (smLength > left) {
            throw new Malformed(CommandStatus.ESME_RINVMSGLEN, "sm_length is " + smLength + " but only " + left
                    + " octets are left in the PDU");
        }
        return smLength;
    }

    /**
     * The value length of the TLV at {@code at}: its tag and length lie within {@code end}, its value
     * too, and a tag whose length SMPP 3.4 fixes has that length.
     */
    static int tlvLength(ByteBuf in, int at, int end) {
        int left = end - at;
        if (left < 4) {
            throw new Malformed(CommandStatus.ESME_RINVOPTPARSTREAM, left
                    + " octets are left after the mandatory fields and TLVs, too few for a TLV's tag and length (4)");
        }
        short tag = in.getShort(at);
        int length = in.getUnsignedShort(at + 2);
        if (length > left - 4) {
            throw new Malformed(CommandStatus.ESME_RINVOPTPARSTREAM, "TLV " + Tlv.tagName(tag) + " has length " + length
                    + " but only " + (left - 4) + " octets are left in the PDU");
        }
        if (length < Tlv.minLength(tag) || length > Tlv.maxLength(tag)) {
            throw new Malformed(CommandStatus.ESME_RINVPARLEN, Tlv.lengthProblem(tag, length));
        }
        return length;
    }
}
