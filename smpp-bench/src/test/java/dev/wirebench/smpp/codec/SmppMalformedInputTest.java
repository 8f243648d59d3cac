package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each kind of malformed input: the status a server would answer with, whether it could keep the
 * session, the command_id and sequence number it would answer to, and a message naming what was wrong.
 */
class SmppMalformedInputTest {

    private static final int SEQUENCE = 0x0BADF00D;
    private static final boolean INTACT = true;
    private static final boolean BROKEN = false;

    private final SmppCodec codec = new SmppCodec();

    // --- command_length: the stream cannot be framed any more

    @Test
    void rejectsCommandLengthZero() {
        assertRejected(withLength(enquireLink(), 0), CommandStatus.ESME_RINVCMDLEN, BROKEN, 0, "command_length 0");
    }

    @Test
    void rejectsCommandLengthFifteen() {
        assertRejected(withLength(enquireLink(), 15), CommandStatus.ESME_RINVCMDLEN, BROKEN, 0, "less than the 16");
    }

    @Test
    void rejectsCommandLengthOfTheLargestInt() {
        assertRejected(withLength(enquireLink(), Integer.MAX_VALUE), CommandStatus.ESME_RINVCMDLEN, BROKEN, SEQUENCE,
                "2147483647 is over the cap of 65536");
    }

    @Test
    void rejectsCommandLengthWithTheTopBitSetAsOverTheCapNotNegative() {
        assertRejected(withLength(enquireLink(), 0xFFFFFFF0), CommandStatus.ESME_RINVCMDLEN, BROKEN, SEQUENCE,
                "4294967280 is over the cap");
    }

    @Test
    void rejectsCommandLengthOverTheCap() {
        SmppCodec capped = new SmppCodec(100);
        SmppDecodeException e = assertThrows(SmppDecodeException.class,
                () -> capped.decode(Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM))));
        assertFailure(e, CommandStatus.ESME_RINVCMDLEN, BROKEN, 2, "132 is over the cap of 100");
    }

    @Test
    void rejectsCommandLengthLargerThanTheReadableBytes() {
        byte[] wire = Wire.encode(SmppSamples.SUBMIT_SM);
        assertRejected(Arrays.copyOf(wire, wire.length - 1), CommandStatus.ESME_RINVCMDLEN, BROKEN, 2,
                "command_length is 132 but only 131 octets are readable");
    }

    @Test
    void rejectsFewerThanFourBytes() {
        assertRejected(new byte[] {0, 0, 0}, CommandStatus.ESME_RINVCMDLEN, BROKEN, 0, "only 3 octets");
    }

    // --- the header is sound: the PDU can be skipped and answered

    @Test
    void rejectsAnUnknownCommandId() {
        assertRejected(Wire.pdu(0x00000042, 0, SEQUENCE, new byte[0]), CommandStatus.ESME_RINVCMDID, INTACT, SEQUENCE,
                "0x00000042 is not an SMPP 3.4 command");
    }

    @Test
    void rejectsACommandThisCodecDoesNotRead() {
        assertRejected(Wire.pdu(CommandId.QUERY_SM, 0, SEQUENCE, Wire.body().cString("1").octet(0).octet(0).cString("").build()),
                CommandStatus.ESME_RINVCMDID, INTACT, SEQUENCE, "query_sm");
    }

    @Test
    void rejectsACStringWithoutItsNul() {
        byte[] bind = Wire.pdu(CommandId.BIND_TRANSCEIVER, 0, SEQUENCE, "wirebench".getBytes());
        assertRejected(bind, CommandStatus.ESME_RINVSYSID, INTACT, SEQUENCE, "system_id has no NUL before the end of the PDU");
    }

    @Test
    void rejectsACStringLongerThanItsMaximum() {
        assertRejected(bind(CommandId.BIND_TRANSMITTER, "sixteen-chars-id", "pw"), CommandStatus.ESME_RINVSYSID, INTACT,
                SEQUENCE, "system_id has no NUL within its 16 octets");
    }

    @Test
    void rejectsAPasswordLongerThanItsMaximumWithTheStatusForPasswords() {
        assertRejected(bind(CommandId.BIND_RECEIVER, "esme", "ninechars"), CommandStatus.ESME_RINVPASWD, INTACT,
                SEQUENCE, "password has no NUL within its 9 octets");
    }

    @Test
    void rejectsANonAsciiOctetInACString() {
        assertRejected(submitSm(Wire.body().cString("").octet(1).octet(1).cString("Caf\u00e9")), CommandStatus.ESME_RINVSRCADR,
                INTACT, SEQUENCE, "source_addr holds 0xE9 at octet 3");
    }

    @Test
    void rejectsATimeThatIsNeitherNullNorSixteenCharacters() {
        assertRejected(submitSm(Wire.addresses().octet(0).octet(0).octet(0).cString("2512")), CommandStatus.ESME_RINVSCHED,
                INTACT, SEQUENCE, "schedule_delivery_time has 4 characters");
        assertRejected(submitSm(Wire.addresses().octet(0).octet(0).octet(0).cString("").cString("0000010000000000000R")),
                CommandStatus.ESME_RINVEXPIRY, INTACT, SEQUENCE, "validity_period has no NUL within its 17 octets");
    }

    @Test
    void rejectsSmLength255() {
        assertRejected(submitSm(Wire.upToSmLength().octet(255).bytes(new byte[255])), CommandStatus.ESME_RINVMSGLEN, INTACT,
                SEQUENCE, "sm_length is 255; SMPP 3.4 allows at most 254");
    }

    @Test
    void rejectsSmLengthPastTheEnd() {
        assertRejected(submitSm(Wire.upToSmLength().octet(10).bytes(new byte[9])), CommandStatus.ESME_RINVMSGLEN, INTACT,
                SEQUENCE, "sm_length is 10 but only 9 octets are left");
    }

    @Test
    void rejectsATlvLengthPastTheEnd() {
        byte[] body = Wire.upToSmLength().octet(0).short16(Tlv.MESSAGE_PAYLOAD).short16(20).bytes(new byte[19]).build();
        assertRejected(Wire.pdu(CommandId.SUBMIT_SM, 0, SEQUENCE, body), CommandStatus.ESME_RINVOPTPARSTREAM, INTACT,
                SEQUENCE, "TLV message_payload has length 20 but only 19 octets are left");
    }

    @Test
    void rejectsATlvHeaderCutShort() {
        assertRejected(submitSm(Wire.upToSmLength().octet(0).short16(Tlv.MESSAGE_PAYLOAD).octet(0)),
                CommandStatus.ESME_RINVOPTPARSTREAM, INTACT, SEQUENCE, "3 octets are left");
    }

    @Test
    void rejectsAKnownTlvOfTheWrongLength() {
        assertRejected(submitSm(Wire.upToSmLength().octet(0).tlv(Tlv.SAR_MSG_REF_NUM, new byte[3])), CommandStatus.ESME_RINVPARLEN,
                INTACT, SEQUENCE, "sar_msg_ref_num has a value of 3 octets; SMPP 3.4 allows 2");
    }

    @Test
    void rejectsTrailingBytesAfterTheBody() {
        assertRejected(Wire.pdu(CommandId.ENQUIRE_LINK, 0, SEQUENCE, new byte[] {0}), CommandStatus.ESME_RINVCMDLEN, INTACT,
                SEQUENCE, "1 octets follow the body within command_length 17");
        byte[] resp = Wire.pdu(CommandId.SUBMIT_SM_RESP, 0, SEQUENCE, Wire.body().cString("id").octet(0x42).build());
        assertRejected(resp, CommandStatus.ESME_RINVCMDLEN, INTACT, SEQUENCE, "1 octets follow the body");
    }

    @Test
    void rejectsABodyThatEndsBeforeItsFixedFields() {
        assertRejected(submitSm(Wire.body().cString("").octet(1)), CommandStatus.ESME_RINVCMDLEN, INTACT, SEQUENCE,
                "the PDU ends before source_addr_npi");
    }

    @Test
    void rejectsAMessageIdInDeliverSmRespWhereSmpp34WantsNull() {
        assertRejected(Wire.pdu(CommandId.DELIVER_SM_RESP, 0, SEQUENCE, Wire.body().cString("x").build()),
                CommandStatus.ESME_RINVMSGID, INTACT, SEQUENCE, "message_id (unused, NULL) has no NUL within its 1 octets");
    }

    @Test
    void rejectsASuccessfulResponseWithoutItsBody() {
        assertRejected(Wire.pdu(CommandId.SUBMIT_SM_RESP, 0, SEQUENCE, new byte[0]), CommandStatus.ESME_RINVMSGID, INTACT,
                SEQUENCE, "message_id has no NUL before the end");
    }

    @Test
    void ignoresTheStatusOfARequest() {
        assertEquals(new EnquireLink(SEQUENCE),
                codec.decode(Unpooled.wrappedBuffer(Wire.pdu(CommandId.ENQUIRE_LINK, CommandStatus.ESME_RSYSERR, SEQUENCE,
                        new byte[0]))));
    }

    // --- frameLength: a peek for the framer

    @Test
    void frameLengthWaitsForFourBytesAndReadsNothing() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        assertEquals(-1, SmppCodec.frameLength(buf.slice(0, 3), 1024));
        assertEquals(132, SmppCodec.frameLength(buf.slice(0, 4), 1024));
        assertEquals(132, SmppCodec.frameLength(buf, 132));
        assertEquals(0, buf.readerIndex());
    }

    @Test
    void frameLengthRejectsALengthOutsideSixteenToTheCap() {
        SmppDecodeException small = assertThrows(SmppDecodeException.class,
                () -> SmppCodec.frameLength(Unpooled.wrappedBuffer(withLength(enquireLink(), 15)), 1024));
        assertFailure(small, CommandStatus.ESME_RINVCMDLEN, BROKEN, 0, "15 is less than the 16");
        SmppDecodeException large = assertThrows(SmppDecodeException.class,
                () -> SmppCodec.frameLength(Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM)), 131));
        assertFailure(large, CommandStatus.ESME_RINVCMDLEN, BROKEN, 2, "132 is over the cap of 131");
        // only the first four bytes are there: no sequence number to report yet
        SmppDecodeException early = assertThrows(SmppDecodeException.class,
                () -> SmppCodec.frameLength(Unpooled.wrappedBuffer(new byte[] {0x7F, 0, 0, 0}), 1024));
        assertFailure(early, CommandStatus.ESME_RINVCMDLEN, BROKEN, 0, "over the cap");
    }

    private static byte[] enquireLink() {
        return Wire.encode(new EnquireLink(SEQUENCE));
    }

    private static byte[] withLength(byte[] wire, int commandLength) {
        Unpooled.wrappedBuffer(wire).setInt(0, commandLength);
        return wire;
    }

    /** A bind of SMPP 3.4 with this system_id and password, each written as given with a NUL after it. */
    private static byte[] bind(int commandId, String systemId, String password) {
        byte[] body = Wire.body().cString(systemId).cString(password).cString("").octet(0x34).octet(0).octet(0)
                .cString("").build();
        return Wire.pdu(commandId, 0, SEQUENCE, body);
    }

    /** A submit_sm whose body is what the builder holds, cut or not. */
    private static byte[] submitSm(Wire.Body body) {
        return Wire.pdu(CommandId.SUBMIT_SM, 0, SEQUENCE, body.build());
    }

    private void assertRejected(byte[] wire, int status, boolean framingIntact, int sequenceNumber, String messagePart) {
        ByteBuf buf = Unpooled.buffer().writeByte(0x55).writeBytes(wire);
        buf.readerIndex(1);
        SmppDecodeException e = assertThrows(SmppDecodeException.class, () -> codec.decode(buf));
        assertFailure(e, status, framingIntact, sequenceNumber, messagePart);
        // with a sound command_length the header's command_id comes along, so the request can get its own response
        int commandId = framingIntact ? Unpooled.wrappedBuffer(wire).getInt(4) : 0;
        assertEquals(CommandId.name(commandId), CommandId.name(e.commandId()), e.getMessage());
        assertEquals(1, buf.readerIndex(), "readerIndex after a failed decode");
    }

    private static void assertFailure(SmppDecodeException e, int status, boolean framingIntact, int sequenceNumber,
                                      String messagePart) {
        assertEquals(CommandStatus.name(status), CommandStatus.name(e.commandStatus()), e.getMessage());
        assertEquals(framingIntact, e.framingIntact(), e.getMessage());
        assertEquals(sequenceNumber, e.sequenceNumber(), e.getMessage());
        assertTrue(e.getMessage().contains(messagePart), "'" + messagePart + "' not in: " + e.getMessage());
    }
}
