package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.SubmitSm;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The bytes themselves, against dumps written by hand from the spec's field tables, so that a
 * mistake made the same way in encode and decode still fails.
 */
class SmppWireFormatTest {

    private final SmppCodec codec = new SmppCodec();

    @Test
    void writesEnquireLinkAsTheSpecLaysItOut() {
        assertWire(new EnquireLink(3), """
                00000010  # command_length 16: the header alone
                00000015  # command_id enquire_link
                00000000  # command_status
                00000003  # sequence_number
                """);
    }

    @Test
    void writesSubmitSmAsTheSpecLaysItOut() {
        assertWire(SmppSamples.SUBMIT_SM, """
                00000084  # command_length 132
                00000004  # command_id submit_sm
                00000000  # command_status
                00000002  # sequence_number
                00        # service_type NULL
                05 00     # source_addr_ton alphanumeric, source_addr_npi unknown
                57 69 72 65 42 65 6e 63 68 00              # source_addr "WireBench"
                01 01     # dest_addr_ton international, dest_addr_npi E.164
                34 34 37 37 30 30 39 30 30 31 32 33 00     # destination_addr "447700900123"
                00 00 00  # esm_class, protocol_id, priority_flag
                00        # schedule_delivery_time NULL: immediate
                30 30 30 30 30 31 30 30 30 30 30 30 30 30 30 52 00  # validity_period "000001000000000R": one day
                01 00 00 00  # registered_delivery: receipt wanted; replace_if_present_flag, data_coding, sm_default_msg_id
                38        # sm_length 56
                59 6f 75 72 20 57 69 72 65 42 65 6e 63 68 20 63 6f 64 65 20 69 73 20 34  # "Your WireBench code is 4"
                38 32 39 31 33 2e 20 49 74 20 65 78 70 69 72 65 73 20 69 6e 20 31 30 20  # "82913. It expires in 10 "
                6d 69 6e 75 74 65 73 2e                                                  # "minutes."
                0204 0002 1234  # TLV user_message_reference, length 2, 0x1234
                """);
    }

    @Test
    void writesBindTransceiverRespWithItsInterfaceVersion() {
        assertWire(SmppSamples.BIND_TRANSCEIVER_RESP, """
                0000001c 80000009 00000000 00000001  # 28 octets, bind_transceiver_resp, OK, sequence 1
                57 42 53 4d 53 43 00                 # system_id "WBSMSC"
                0210 0001 34                         # TLV sc_interface_version, length 1, 3.4
                """);
    }

    @Test
    void readsAnErrorResponseThatLeavesItsBodyOut() {
        // SMPP 3.4, 4.4.2: "The submit_sm_resp PDU Body is not returned if the command_status field contains a non-zero value."
        assertEquals(new SubmitSmResp(CommandStatus.ESME_RTHROTTLED, 2, ""), decode("00000010 80000004 00000058 00000002"));
        assertEquals(new BindResp(BindType.TRANSMITTER, CommandStatus.ESME_RINVPASWD, 1, "", List.of()),
                decode("00000010 80000002 0000000e 00000001"));
    }

    @Test
    void writesAnErrorResponseAsItsHeaderAloneWhateverTheRecordHolds() {
        // 4.4.2 and 4.1.2/4.1.4/4.1.6: no message_id, no system_id or sc_interface_version with an error status
        assertArrayEquals(Wire.hex("00000010 80000004 00000058 00000002"),
                Wire.encode(new SubmitSmResp(CommandStatus.ESME_RTHROTTLED, 2, "5f3a9c01e2b7")));
        assertArrayEquals(Wire.hex("00000010 80000009 0000000e 00000001"),
                Wire.encode(new BindResp(BindType.TRANSCEIVER, CommandStatus.ESME_RINVPASWD, 1, "WBSMSC",
                        SmppSamples.BIND_TRANSCEIVER_RESP.tlvs())));
        assertArrayEquals(Wire.hex("00000010 80000002 0000000f 00000003"),
                Wire.encode(new BindResp(BindType.TRANSMITTER, CommandStatus.ESME_RINVSYSID, 3, "", List.of())));
    }

    @Test
    void writesDeliverSmRespWithItsNullMessageIdWhateverTheStatus() {
        // 4.6.2 keeps nothing back on an error: message_id is NULL and always there; header-only is read too
        assertWire(new DeliverSmResp(CommandStatus.ESME_RSYSERR, 4), """
                00000011 80000005 00000008 00000004  # 17 octets, deliver_sm_resp, ESME_RSYSERR, sequence 4
                00                                   # message_id NULL
                """);
        assertEquals(new DeliverSmResp(CommandStatus.ESME_RSYSERR, 4), decode("00000010 80000005 00000008 00000004"));
    }

    @Test
    void readsAnErrorResponseThatKeepsItsBody() {
        // some SMSCs send the body all the same: what is there is read
        assertEquals(new SubmitSmResp(CommandStatus.ESME_RTHROTTLED, 2, "abc"),
                decode("00000014 80000004 00000058 00000002 61626300"));
        assertEquals(new SubmitSmResp(CommandStatus.ESME_RSYSERR, 2, ""), decode("00000011 80000004 00000008 00000002 00"));
        assertEquals(new BindResp(BindType.TRANSCEIVER, CommandStatus.ESME_RINVPASWD, 1, "WBSMSC",
                        SmppSamples.BIND_TRANSCEIVER_RESP.tlvs()),
                decode("0000001c 80000009 0000000e 00000001 57 42 53 4d 53 43 00 0210 0001 34"));
    }

    @Test
    void keepsUnknownTlvsByteForByteAndInOrder() {
        byte[] body = Wire.body()
                .cString("").octet(1).octet(1).cString("447700900123").octet(5).octet(0).cString("WireBench")
                .octet(4).octet(0).octet(0).cString("").cString("").octet(0).octet(0).octet(0).octet(0)
                .octet(0)                                                       // sm_length 0
                .tlv(0x1401, "vendor".getBytes(StandardCharsets.US_ASCII))      // unknown, vendor range
                .tlv(Tlv.RECEIPTED_MESSAGE_ID, "5f3a9c01e2b7\0".getBytes(StandardCharsets.US_ASCII))
                .tlv(0x0005, new byte[0])                                       // unknown, empty value
                .tlv(0xFFFF, new byte[] {(byte) 0x80, 0x00, 0x7F})              // unknown, highest tag
                .tlv(Tlv.MESSAGE_STATE, new byte[] {2})
                .build();
        byte[] wire = Wire.pdu(CommandId.DELIVER_SM, 0, 77, body);

        DeliverSm deliverSm = (DeliverSm) decode(wire);
        List<Tlv> tlvs = deliverSm.body().tlvs();
        assertEquals(List.of((short) 0x1401, Tlv.RECEIPTED_MESSAGE_ID, (short) 0x0005, (short) 0xFFFF, Tlv.MESSAGE_STATE),
                tlvs.stream().map(Tlv::tag).toList());
        assertArrayEquals(new byte[] {(byte) 0x80, 0x00, 0x7F}, tlvs.get(3).value());
        assertEquals("5f3a9c01e2b7", deliverSm.body().tlv(Tlv.RECEIPTED_MESSAGE_ID).orElseThrow().stringValue());
        assertArrayEquals(wire, Wire.encode(deliverSm), "re-encoded");
    }

    @Test
    void refusesToWriteASubmitSmOverTheCapAndLeavesTheBufferAsItWas() {
        SmppCodec capped = new SmppCodec(100);
        for (Buffers buffers : Buffers.values()) {
            ByteBuf buf = buffers.allocate(256).writeBytes(new byte[] {1, 2, 3});
            try {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> capped.encode(SmppSamples.SUBMIT_SM, buf), buffers.name());
                assertEquals("submit_sm would be 132 octets, over this codec's cap of 100", e.getMessage());
                assertEquals("010203", ByteBufUtil.hexDump(buf), buffers + ": what was there stays, nothing follows it");
            } finally {
                buf.release();
            }
        }
    }

    @Test
    void writesASubmitSmLongerThanTheScratchAlikeIntoEveryKindOfBuffer() {
        byte[] payload = new byte[1000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) i;
        }
        SubmitSm big = new SubmitSm(9, MessageBody.builder().source(1, 1, "447700900123").destination(1, 1, "12345")
                .tlvs(List.of(new Tlv(Tlv.MESSAGE_PAYLOAD, payload))).build());
        byte[] expected = Wire.encode(big);
        assertEquals(16 + 1 + 2 + 13 + 2 + 6 + 3 + 1 + 1 + 5 + 4 + 1000, expected.length);
        for (Buffers buffers : Buffers.values()) {
            ByteBuf buf = buffers.allocate(64).writeByte(7);
            try {
                // twice: the second into a codec whose scratch has grown
                assertEquals(expected.length, codec.encode(big, buf), buffers.name());
                assertEquals(expected.length, codec.encode(big, buf), buffers.name());
                assertEquals("07" + ByteBufUtil.hexDump(expected) + ByteBufUtil.hexDump(expected), ByteBufUtil.hexDump(buf),
                        buffers.name());
                assertEquals(big, codec.decode(buf.skipBytes(1)), buffers.name());
            } finally {
                buf.release();
            }
        }
    }

    private void assertWire(Pdu pdu, String dump) {
        byte[] expected = Wire.hex(dump);
        assertArrayEquals(expected, Wire.encode(pdu), "encoded " + pdu);
        assertEquals(pdu, decode(expected), "decoded from the dump");
    }

    private Pdu decode(String dump) {
        return decode(Wire.hex(dump));
    }

    private Pdu decode(byte[] wire) {
        return codec.decode(Unpooled.wrappedBuffer(wire));
    }
}
