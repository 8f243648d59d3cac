package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Wire bytes for the tests: hand-written hex dumps, PDUs built field by field, and a codec's output. */
final class Wire {

    private Wire() {
    }

    /** The octets of a hex dump; white space is ignored and {@code #} starts a comment that runs to the end of the line. */
    static byte[] hex(String dump) {
        StringBuilder digits = new StringBuilder();
        for (String line : dump.split("\n")) {
            int comment = line.indexOf('#');
            digits.append((comment < 0 ? line : line.substring(0, comment)).replaceAll("\\s", ""));
        }
        return ByteBufUtil.decodeHexDump(digits);
    }

    /** A PDU of this header and body, command_length counted. */
    static byte[] pdu(int commandId, int commandStatus, int sequenceNumber, byte[] body) {
        ByteBuf buf = Unpooled.buffer();
        buf.writeInt(SmppCodec.HEADER_LENGTH + body.length).writeInt(commandId).writeInt(commandStatus)
                .writeInt(sequenceNumber).writeBytes(body);
        return ByteBufUtil.getBytes(buf);
    }

    /** What a default codec writes for {@code pdu}. */
    static byte[] encode(Pdu pdu) {
        ByteBuf buf = Unpooled.buffer();
        new SmppCodec().encode(pdu, buf);
        return ByteBufUtil.getBytes(buf);
    }

    /**
     * {@code pdu} as encode writes it: a submit_sm_resp or bind_*_resp with an error status loses its
     * body (SMPP 3.4 4.1.2, 4.4.2), everything else is itself.
     */
    static Pdu asWritten(Pdu pdu) {
        if (pdu instanceof SubmitSmResp r && r.commandStatus() != CommandStatus.ESME_ROK) {
            return new SubmitSmResp(r.commandStatus(), r.sequenceNumber(), "");
        }
        if (pdu instanceof BindResp r && r.commandStatus() != CommandStatus.ESME_ROK) {
            return new BindResp(r.type(), r.commandStatus(), r.sequenceNumber(), "", List.of());
        }
        return pdu;
    }

    /** Writes a body field by field: {@code body().cString("abc").octet(1).bytes(...).build()}. */
    static Body body() {
        return new Body();
    }

    /** service_type and both addresses of a submit_sm or deliver_sm, all sound. */
    static Body addresses() {
        return body().cString("").octet(1).octet(1).cString("447700900123").octet(1).octet(1).cString("447700900124");
    }

    /** Every field of a submit_sm or deliver_sm before sm_length, all sound. */
    static Body upToSmLength() {
        return addresses().octet(0).octet(0).octet(0).cString("").cString("").octet(0).octet(0).octet(0).octet(0);
    }

    static final class Body {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Body cString(String ascii) {
            return bytes(ascii.getBytes(StandardCharsets.ISO_8859_1)).octet(0);
        }

        Body octet(int value) {
            out.write(value);
            return this;
        }

        Body short16(int value) {
            return octet(value >>> 8).octet(value & 0xFF);
        }

        Body bytes(byte[] bytes) {
            out.writeBytes(bytes);
            return this;
        }

        /** A TLV: tag, length, value. */
        Body tlv(int tag, byte[] value) {
            return short16(tag).short16(value.length).bytes(value);
        }

        byte[] build() {
            return out.toByteArray();
        }
    }
}
