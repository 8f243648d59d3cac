package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * The submit_sm_resp that accepts a message, written straight into a buffer: the octets
 * {@code SmppCodec.encode} writes for {@code new SubmitSmResp(ESME_ROK, sequence, Long.toHexString(messageId))},
 * without the record or the String, so answering a submit_sm allocates nothing.
 */
final class SubmitSmResps {

    /** Octets of the longest: the header, 16 hex digits and the NUL. */
    static final int MAX_LENGTH = SmppCodec.HEADER_LENGTH + 16 + 1;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private SubmitSmResps() {
    }

    /** Writes it at {@code out}'s writerIndex; returns the octets written. */
    static int write(ByteBuf out, int sequenceNumber, long messageId) {
        // as Long.toHexString: unsigned, lower case, no leading zeros, "0" for 0
        int digits = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(messageId) + 3) / 4);
        int length = SmppCodec.HEADER_LENGTH + digits + 1;
        out.ensureWritable(length);
        out.writeInt(length);
        out.writeInt(CommandId.SUBMIT_SM_RESP);
        out.writeInt(CommandStatus.ESME_ROK);
        out.writeInt(sequenceNumber);
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            out.writeByte(HEX[(int) (messageId >>> shift) & 0xF]);
        }
        out.writeByte(0);
        return length;
    }
}
