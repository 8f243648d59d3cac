package dev.wirebench.smpp.pdu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PduValidationTest {

    private static final MessageBody BODY = SmppSamples.SUBMIT_SM.body();

    static Stream<Arguments> valuesTheWireCannotCarry() {
        return Stream.of(
                rejects("system_id", () -> bind("sixteen-chars-id", "pw", "", "")),
                rejects("password", () -> bind("esme", "ninechars", "", "")),
                rejects("system_type", () -> bind("esme", "pw", "thirteen-char", "")),
                rejects("address_range", () -> bind("esme", "pw", "", "x".repeat(41))),
                rejects("system_id", () -> bind("caf\u00e9", "pw", "", "")),
                rejects("system_id", () -> bind("nul\0inside", "pw", "", "")),
                rejects("interface_version", () -> new Bind(BindType.RECEIVER, 1, "", "", "", 256, 0, 0, "")),
                rejects("addr_ton", () -> new Bind(BindType.RECEIVER, 1, "", "", "", 0x34, -1, 0, "")),
                rejects("type", () -> new Bind(null, 1, "", "", "", 0x34, 0, 0, "")),
                rejects("system_id", () -> new BindResp(BindType.TRANSMITTER, 0, 1, "x".repeat(16), List.of())),
                rejects("service_type", () -> BODY.toBuilder().serviceType("CMTxyz").build()),
                rejects("source_addr", () -> BODY.toBuilder().source(1, 1, "4".repeat(21)).build()),
                rejects("destination_addr", () -> BODY.toBuilder().destination(1, 1, "+44\u00a0770").build()),
                rejects("destination_addr", () -> BODY.toBuilder().destination(1, 1, null).build()),
                rejects("dest_addr_npi", () -> BODY.toBuilder().destination(1, 300, "44").build()),
                rejects("esm_class", () -> BODY.toBuilder().esmClass(256).build()),
                rejects("data_coding", () -> BODY.toBuilder().dataCoding(-8).build()),
                rejects("schedule_delivery_time", () -> BODY.toBuilder().scheduleDeliveryTime("251121").build()),
                rejects("validity_period", () -> BODY.toBuilder().validityPeriod("0000010000000000R").build()),
                rejects("short_message", () -> BODY.toBuilder().shortMessage(new byte[255]).build()),
                rejects("short_message", () -> BODY.toBuilder().shortMessage(null).build()),
                rejects("tlvs", () -> BODY.toBuilder().tlvs(null).build()),
                rejects("tlvs", () -> BODY.toBuilder().tlvs(Arrays.asList(Tlv.ofByte(Tlv.MESSAGE_STATE, 2), null)).build()),
                rejects("body", () -> new SubmitSm(1, null)),
                rejects("message_id", () -> new SubmitSmResp(0, 1, "m".repeat(65))),
                rejects("sar_msg_ref_num", () -> new Tlv(Tlv.SAR_MSG_REF_NUM, new byte[3])),
                rejects("network_error_code", () -> new Tlv(Tlv.NETWORK_ERROR_CODE, new byte[0])),
                rejects("receipted_message_id", () -> Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, "r".repeat(65))),
                rejects("message_payload", () -> new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[Tlv.MAX_LENGTH + 1])),
                rejects("0x1400", () -> new Tlv((short) 0x1400, null)),
                rejects("message_state", () -> Tlv.ofByte(Tlv.MESSAGE_STATE, 256)),
                rejects("user_message_reference", () -> Tlv.ofShort(Tlv.USER_MESSAGE_REFERENCE, 0x10000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valuesTheWireCannotCarry")
    void rejectsAValueTheWireCannotCarryNamingTheField(String field, Executable construct) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, construct);
        assertTrue(e.getMessage().startsWith(field + " ") || e.getMessage().contains(" " + field + " "),
                "'" + field + "' not named in: " + e.getMessage());
    }

    @Test
    void acceptsTheLongestValuesTheSpecAllows() {
        assertDoesNotThrow(() -> bind("x".repeat(15), "x".repeat(8), "x".repeat(12), "x".repeat(40)));
        assertDoesNotThrow(() -> BODY.toBuilder().serviceType("CMT12").source(0xFF, 0xFF, "1".repeat(20))
                .destination(0, 0, "\u007f".repeat(20)).scheduleDeliveryTime("251121044000004+")
                .shortMessage(new byte[MessageBody.MAX_SM_LENGTH]).build());
        assertDoesNotThrow(() -> new SubmitSmResp(0, -1, "m".repeat(64)));
        assertDoesNotThrow(() -> new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[Tlv.MAX_LENGTH]));
        assertDoesNotThrow(() -> Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, "r".repeat(64)));
    }

    @Test
    void comparesOctetsByContent() {
        MessageBody copy = BODY.toBuilder().shortMessage(BODY.shortMessage()).build();
        assertEquals(BODY, copy);
        assertEquals(BODY.hashCode(), copy.hashCode());
        assertEquals(SmppSamples.SUBMIT_SM, new SubmitSm(2, copy));
        assertNotEquals(BODY, BODY.toBuilder().shortMessage(new byte[] {1}).build());
        assertEquals(new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {1, 2}), new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {1, 2}));
        assertEquals(new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {1, 2}).hashCode(),
                new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {1, 2}).hashCode());
        assertNotEquals(new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {1, 2}), new Tlv((short) 0x1400, new byte[] {1, 2}));
    }

    @Test
    void showsOctetsAsHex() {
        assertEquals("Tlv[message_payload, 00ff10]", new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[] {0, -1, 16}).toString());
        assertTrue(BODY.toString().contains("short_message=596f757220"), BODY.toString());
        assertTrue(BODY.toString().contains("Tlv[user_message_reference, 1234]"), BODY.toString());
    }

    @Test
    void keepsItsOwnCopyOfEveryArray() {
        byte[] octets = {1, 2, 3};
        Tlv tlv = new Tlv(Tlv.MESSAGE_PAYLOAD, octets);
        MessageBody body = MessageBody.builder().shortMessage(octets).build();
        octets[0] = 9;
        tlv.value()[1] = 9;
        body.shortMessage()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, tlv.value());
        assertArrayEquals(new byte[] {1, 2, 3}, body.shortMessage());
        byte[] copied = new byte[5];
        body.copyShortMessage(1, copied, 2, 2);
        assertArrayEquals(new byte[] {0, 0, 2, 3, 0}, copied);
    }

    @Test
    void readsTypedTlvValues() {
        assertEquals(0x1234, Tlv.ofShort(Tlv.SAR_MSG_REF_NUM, 0x1234).intValue());
        assertEquals(255, Tlv.ofByte(Tlv.SAR_TOTAL_SEGMENTS, 255).intValue());
        assertEquals("5f3a9c01e2b7", Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, "5f3a9c01e2b7").stringValue());
        assertEquals(14, Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, "5f3a9c01e2b7x").length());
        assertThrows(IllegalStateException.class, () -> new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[5]).intValue());
    }

    @Test
    void namesCommandsStatusesAndTagsAsTheSpecDoes() {
        assertEquals("bind_transceiver_resp", CommandId.name(BindType.TRANSCEIVER.responseId()));
        assertEquals(CommandId.SUBMIT_SM | CommandId.RESPONSE_BIT, CommandId.SUBMIT_SM_RESP);
        assertEquals("0x00000042", CommandId.name(0x42));
        assertEquals("ESME_RINVOPTPARAMVAL", CommandStatus.name(0xC4));
        assertEquals("0x00000400", CommandStatus.name(0x400));
        assertEquals("sar_segment_seqnum", Tlv.tagName((short) 0x020F));
        assertEquals("0xFFFF", Tlv.tagName((short) -1));
        assertEquals(BindType.RECEIVER, BindType.of(CommandId.BIND_RECEIVER_RESP));
        assertEquals(null, BindType.of(CommandId.GENERIC_NACK));
    }

    private static Bind bind(String systemId, String password, String systemType, String addressRange) {
        return new Bind(BindType.TRANSCEIVER, 1, systemId, password, systemType, Bind.SMPP_3_4, 0, 0, addressRange);
    }

    private static Arguments rejects(String field, Executable construct) {
        return Arguments.of(field, construct);
    }
}
