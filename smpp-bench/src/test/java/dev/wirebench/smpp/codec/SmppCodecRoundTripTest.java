package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmppCodecRoundTripTest {

    /** Where each PDU starts: not at 0, so an absolute index that forgets the start shows. */
    private static final int OFFSET = 7;
    private static final int RANDOM_COUNT = 2_200;
    private static final byte JUNK = (byte) 0xEE;

    private final SmppCodec codec = new SmppCodec();

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void roundTripsEveryFixture(Buffers buffers) {
        for (Pdu pdu : SmppSamples.fixtures().values()) {
            assertRoundTrip(pdu, buffers);
        }
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void roundTripsTwoThousandSeededRandomPdusOfEveryType(Buffers buffers) {
        Set<Integer> commandIds = new HashSet<>();
        for (Pdu pdu : SmppSamples.random(20251121L, RANDOM_COUNT)) {
            assertRoundTrip(pdu, buffers);
            commandIds.add(pdu.commandId());
        }
        // three bind requests, three bind responses, and the nine others
        assertEquals(15, commandIds.size(), "command_ids met: " + commandIds);
    }

    @Test
    void decodesPdusWrittenBackToBackOneAtATime() {
        List<Pdu> pdus = new ArrayList<>(SmppSamples.fixtures().values());
        pdus.addAll(SmppSamples.random(7, 100));
        ByteBuf buf = Buffers.POOLED_DIRECT.allocate(256);
        try {
            for (Pdu pdu : pdus) {
                codec.encode(pdu, buf);
            }
            for (Pdu pdu : pdus) {
                assertEquals(pdu, codec.decode(buf));
            }
            assertEquals(0, buf.readableBytes());
        } finally {
            buf.release();
        }
    }

    @Test
    void encodeRefusesAPduOverTheCapAndLeavesTheBufferAsItWas() {
        SmppCodec small = new SmppCodec(100);
        ByteBuf buf = Buffers.HEAP.allocate(256).writeByte(JUNK);
        SubmitSm submitSm = SmppSamples.SUBMIT_SM;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> small.encode(submitSm, buf));
        assertTrue(e.getMessage().contains("132") && e.getMessage().contains("100"), e.getMessage());
        assertEquals(1, buf.writerIndex());
        assertEquals(132, codec.encode(submitSm, buf.clear()));
    }

    @Test
    void encodesAMessagePayloadLongerThanTheScratchInChunks() {
        byte[] payload = new byte[5_000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        SubmitSm submitSm = new SubmitSm(9, SmppSamples.SUBMIT_SM.body().toBuilder()
                .shortMessage(new byte[0]).tlvs(List.of(new Tlv(Tlv.MESSAGE_PAYLOAD, payload))).build());
        for (Buffers buffers : Buffers.values()) {
            assertRoundTrip(submitSm, buffers);
        }
    }

    @Test
    void roundTripsAPduJustUnderTheDefaultCap() {
        MessageBody body = MessageBody.builder().shortMessage(new byte[MessageBody.MAX_SM_LENGTH])
                .tlvs(List.of(new Tlv(Tlv.MESSAGE_PAYLOAD, new byte[Tlv.MAX_LENGTH - 1_000]))).build();
        assertRoundTrip(new SubmitSm(1, body), Buffers.POOLED_HEAP);
    }

    /**
     * Encodes after junk at a non-zero writerIndex, checks the count against the bytes written and
     * command_length, then decodes with junk after the PDU too, which must be left unread.
     */
    private void assertRoundTrip(Pdu pdu, Buffers buffers) {
        ByteBuf buf = buffers.allocate(64);
        try {
            for (int i = 0; i < OFFSET; i++) {
                buf.writeByte(JUNK);
            }
            int written = codec.encode(pdu, buf);
            String what = CommandId.name(pdu.commandId()) + " in " + buffers + ": " + pdu;
            assertEquals(OFFSET + written, buf.writerIndex(), what);
            assertEquals(written, buf.getInt(OFFSET), "command_length of " + what);
            buf.writeByte(JUNK).writeByte(JUNK);
            buf.readerIndex(OFFSET);
            assertEquals(pdu, codec.decode(buf), what);
            assertEquals(OFFSET + written, buf.readerIndex(), what);
        } finally {
            buf.release();
        }
    }
}
