package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the flyweight reads, field by field, and how it refuses what it does not read. */
class MessageFlyweightTest {

    private final MessageFlyweight flyweight = new MessageFlyweight();

    @Test
    void readsEveryFieldOfTheSubmitSmFixtureWhereItLies() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        assertSame(flyweight, flyweight.wrap(buf, 0, buf.readableBytes()));

        assertEquals(132, flyweight.commandLength());
        assertEquals(CommandId.SUBMIT_SM, flyweight.commandId());
        assertEquals(2, flyweight.sequenceNumber());
        assertEquals(16, flyweight.serviceTypeOffset());
        assertEquals(0, flyweight.serviceTypeLength());
        assertEquals("", flyweight.serviceType());
        assertEquals(5, flyweight.sourceAddrTon());
        assertEquals(0, flyweight.sourceAddrNpi());
        // header, service_type's NUL, ton, npi
        assertEquals(16 + 1 + 2, flyweight.sourceAddrOffset());
        assertEquals(9, flyweight.sourceAddrLength());
        assertEquals("WireBench", flyweight.sourceAddr());
        assertEquals(1, flyweight.destAddrTon());
        assertEquals(1, flyweight.destAddrNpi());
        assertEquals("447700900123", flyweight.destinationAddr());
        assertEquals(0, flyweight.esmClass());
        assertEquals(0, flyweight.protocolId());
        assertEquals(0, flyweight.priorityFlag());
        assertEquals(0, flyweight.scheduleDeliveryTimeLength());
        assertEquals(16, flyweight.validityPeriodLength());
        assertEquals("000001000000000R", flyweight.validityPeriod());
        assertEquals(1, flyweight.registeredDelivery());
        assertEquals(0, flyweight.replaceIfPresentFlag());
        assertEquals(0, flyweight.dataCoding());
        assertEquals(0, flyweight.smDefaultMsgId());
        assertEquals("Your WireBench code is 482913. It expires in 10 minutes.",
                buf.toString(flyweight.shortMessageOffset(), flyweight.smLength(), StandardCharsets.US_ASCII));
        assertEquals(1, flyweight.tlvCount());
        MessageFlyweight.Tlvs tlvs = flyweight.tlvs();
        assertTrue(tlvs.next());
        assertEquals(Tlv.USER_MESSAGE_REFERENCE, tlvs.tag());
        assertEquals(2, tlvs.length());
        assertEquals(0x1234, buf.getUnsignedShort(tlvs.valueOffset()));
        assertEquals(132, tlvs.valueOffset() + tlvs.length(), "the last TLV ends the PDU");
        assertFalse(tlvs.next());
    }

    @Test
    void walksTheDeliverSmFixturesTlvsInWireOrderAgainAndAgain() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.DELIVER_SM));
        flyweight.wrap(buf, 0, buf.readableBytes());
        assertEquals(CommandId.DELIVER_SM, flyweight.commandId());
        assertEquals(0x04, flyweight.esmClass());
        for (int pass = 0; pass < 2; pass++) {
            List<String> seen = new ArrayList<>();
            MessageFlyweight.Tlvs tlvs = flyweight.tlvs();
            while (tlvs.next()) {
                seen.add(Tlv.tagName(tlvs.tag()) + "=" + ByteBufUtil.hexDump(buf, tlvs.valueOffset(), tlvs.length()));
            }
            assertEquals(List.of("receipted_message_id=" + ByteBufUtil.hexDump("5f3a9c01e2b7\0".getBytes(StandardCharsets.US_ASCII)),
                    "message_state=02"), seen, "pass " + pass);
        }
    }

    @Test
    void readsAPduAmongOthersAndMovesNoIndex() {
        ByteBuf buf = Unpooled.buffer();
        SmppCodec codec = new SmppCodec();
        codec.encode(SmppSamples.ENQUIRE_LINK, buf);
        int at = buf.writerIndex();
        codec.encode(SmppSamples.DELIVER_SM, buf);
        codec.encode(SmppSamples.SUBMIT_SM, buf);
        flyweight.wrap(buf, at, buf.writerIndex() - at);
        assertEquals(at, flyweight.offset());
        assertEquals(CommandId.DELIVER_SM, flyweight.commandId());
        assertEquals("447700900123", flyweight.sourceAddr());
        assertEquals(0, buf.readerIndex());
        assertEquals(16 + 199 + 132, buf.writerIndex());
    }

    @Test
    void comparesAndAppendsAStringWithoutMakingOne() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        flyweight.wrap(buf, 0, buf.readableBytes());
        int offset = flyweight.destinationAddrOffset();
        int length = flyweight.destinationAddrLength();
        assertTrue(flyweight.asciiEquals(offset, length, "447700900123"));
        assertFalse(flyweight.asciiEquals(offset, length, "447700900124"));
        assertFalse(flyweight.asciiEquals(offset, length, "44770090012"));
        assertEquals("to 447700900123", flyweight.appendAscii(offset, length, new StringBuilder("to ")).toString());
    }

    @Test
    void sendsTheCallerToDecodeForAnotherCommandDecodeReads() {
        for (Pdu pdu : List.of(SmppSamples.BIND_TRANSCEIVER, SmppSamples.ENQUIRE_LINK, SmppSamples.SUBMIT_SM_RESP)) {
            ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(pdu));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> flyweight.wrap(buf, 0, buf.readableBytes()));
            assertEquals(CommandId.name(pdu.commandId()) + " is not a submit_sm or deliver_sm: read it with SmppCodec.decode",
                    e.getMessage());
            assertFalse(MessageFlyweight.reads(pdu.commandId()));
        }
        assertTrue(MessageFlyweight.reads(CommandId.SUBMIT_SM) && MessageFlyweight.reads(CommandId.DELIVER_SM));
    }

    @Test
    void rejectsACommandDecodeDoesNotReadAsDecodeDoes() {
        for (int commandId : new int[] {0x00000042, CommandId.DATA_SM, CommandId.QUERY_SM}) {
            ByteBuf buf = Unpooled.wrappedBuffer(Wire.pdu(commandId, 0, 9, new byte[0]));
            SmppDecodeException e = assertThrows(SmppDecodeException.class, () -> flyweight.wrap(buf, 0, 16));
            SmppDecodeException d = assertThrows(SmppDecodeException.class, () -> new SmppCodec().decode(buf));
            assertEquals(CommandStatus.ESME_RINVCMDID, e.commandStatus());
            assertEquals(9, e.sequenceNumber());
            assertTrue(e.framingIntact());
            assertEquals(d.getMessage(), e.getMessage());
        }
    }

    /** The flyweight tells "decode reads it" from "no one reads it" by SmppCodec.reads: that must be decode's own switch. */
    @Test
    void codecReadsExactlyTheCommandsDecodeReads() throws IllegalAccessException {
        SmppCodec codec = new SmppCodec();
        int checked = 0;
        for (Field field : CommandId.class.getFields()) {
            if (field.getType() != int.class || !Modifier.isStatic(field.getModifiers()) || field.getName().equals("RESPONSE_BIT")) {
                continue;
            }
            int commandId = field.getInt(null);
            // a header alone, with an error status so that a response may leave its body out
            ByteBuf buf = Unpooled.wrappedBuffer(Wire.pdu(commandId, CommandStatus.ESME_RSYSERR, 1, new byte[0]));
            boolean decodeReads;
            try {
                codec.decode(buf);
                decodeReads = true;
            } catch (SmppDecodeException e) {
                decodeReads = e.commandStatus() != CommandStatus.ESME_RINVCMDID;
            }
            assertEquals(decodeReads, SmppCodec.reads(commandId), field.getName());
            checked++;
        }
        assertEquals(27, checked, "command_ids of CommandId");
    }

    @Test
    void refusesACommandLengthOverItsCapAsACodecWithThatCapDoes() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        SmppDecodeException e = assertThrows(SmppDecodeException.class, () -> new MessageFlyweight(100).wrap(buf, 0, 132));
        assertEquals(CommandStatus.ESME_RINVCMDLEN, e.commandStatus());
        assertFalse(e.framingIntact());
        assertEquals(assertThrows(SmppDecodeException.class, () -> new SmppCodec(100).decode(buf)).getMessage(), e.getMessage());
        assertTrue(e.getMessage().contains("132 is over the cap of 100"), e.getMessage());
        assertEquals(132, new MessageFlyweight(132).wrap(buf, 0, 132).commandLength());
    }

    @Test
    void aFailedWrapLeavesNothingToRead() {
        ByteBuf good = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        flyweight.wrap(good, 0, good.readableBytes());
        assertThrows(SmppDecodeException.class, () -> flyweight.wrap(good, 0, 100));
        assertNull(flyweight.buffer());
        assertEquals("MessageFlyweight[not wrapped]", flyweight.toString());
        flyweight.wrap(good, 0, good.readableBytes());
        assertEquals("MessageFlyweight[submit_sm, sequence_number 2, 132 octets at 0]", flyweight.toString());
    }

    @Test
    void refusesAPlaceOutsideTheBufferAndACapUnderTheHeader() {
        ByteBuf buf = Unpooled.wrappedBuffer(Wire.encode(SmppSamples.SUBMIT_SM));
        assertThrows(IndexOutOfBoundsException.class, () -> flyweight.wrap(buf, 1, 132));
        assertThrows(IndexOutOfBoundsException.class, () -> flyweight.wrap(buf, -1, 16));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MessageFlyweight(15));
        assertEquals("maxCommandLength is 15; a PDU has at least 16 octets", e.getMessage());
    }
}
