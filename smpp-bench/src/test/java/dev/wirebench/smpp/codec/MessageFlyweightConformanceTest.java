package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.peer.PduChecksum;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The flyweight and decode agree on every input: where decode makes a submit_sm or deliver_sm, the
 * flyweight reads the same fields and folds them to the same {@link PduChecksum}; where decode refuses,
 * the flyweight refuses with the same status, sequence number, framing verdict and message; where decode
 * makes another command, the flyweight sends the caller to decode.
 */
class MessageFlyweightConformanceTest {

    /** Where each PDU starts: not at 0, so an absolute index that forgets the start shows. */
    private static final int OFFSET = 7;
    private static final byte JUNK = (byte) 0xEE;
    private static final int RANDOM_COUNT = 10_000;
    private static final int CORRUPTIONS = 10_000;
    private static final Duration BOUND = Duration.ofSeconds(60);

    private final SmppCodec codec = new SmppCodec();
    private final MessageFlyweight flyweight = new MessageFlyweight();
    /** The checksum the flyweight read in the last {@link #assertSameOutcome} that read one. */
    private long readChecksum;

    /** How the two readers dealt with the same octets, once {@link #assertSameOutcome} has seen them agree. */
    private enum Verdict { READ, REFUSED, ANOTHER_COMMAND }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void readsEveryFixtureAsDecodeDoes(Buffers buffers) {
        for (Pdu pdu : List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM)) {
            assertEquals(Verdict.READ, assertSameOutcome(Wire.encode(pdu), buffers, true, pdu.toString()));
            assertEquals(PduChecksum.of(pdu), readChecksum, pdu.toString());
        }
    }

    @Test
    void readsTenThousandSeededRandomSubmitAndDeliverSmsAsDecodeDoes() {
        List<Pdu> pdus = randomMessages(20251122L, RANDOM_COUNT);
        assertEquals(RANDOM_COUNT, pdus.size());
        Buffers[] kinds = Buffers.values();
        for (int i = 0; i < pdus.size(); i++) {
            Pdu pdu = pdus.get(i);
            String what = "random " + i + ": " + pdu;
            assertEquals(Verdict.READ, assertSameOutcome(Wire.encode(pdu), kinds[i % kinds.length], true, what), what);
            assertEquals(PduChecksum.of(pdu), readChecksum, what);
        }
    }

    @Test
    void refusesEveryTruncationOfTheFixturesAsDecodeDoes() {
        List<Pdu> fixtures = List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM);
        int[] count = new int[1];
        assertTimeoutPreemptively(BOUND, () -> {
            HostileInputs.forEveryTruncation(fixtures, (cut, what) -> {
                assertSameOutcome(cut, Buffers.HEAP, false, what);
                count[0]++;
            });
            HostileInputs.forEveryTruncationThatSaysSo(fixtures, (cut, what) -> {
                assertSameOutcome(cut, Buffers.DIRECT, false, what);
                count[0]++;
            });
        });
        // each proper prefix as it is, and again with command_length saying so if it holds command_length's 4 octets
        int octets = Wire.encode(SmppSamples.SUBMIT_SM).length + Wire.encode(SmppSamples.DELIVER_SM).length;
        assertEquals(2 * octets - 2 * 4, count[0]);
    }

    @Test
    void agreesWithDecodeOnTenThousandSeededCorruptions() {
        List<Pdu> sources = new ArrayList<>(List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM));
        sources.addAll(randomMessages(99, 200));
        Buffers[] kinds = Buffers.values();
        int[] outcomes = new int[Verdict.values().length];
        int[] done = new int[1];
        assertTimeoutPreemptively(BOUND, () -> HostileInputs.forEachCorruption(sources, 20251123L, CORRUPTIONS,
                (wire, what) -> {
                    Verdict verdict = assertSameOutcome(wire, kinds[done[0]++ % kinds.length], false, what);
                    outcomes[verdict.ordinal()]++;
                }));
        System.out.printf("%d corruptions: %d read alike, %d refused alike, %d another command decode reads%n",
                CORRUPTIONS, outcomes[0], outcomes[1], outcomes[2]);
        // a run that met only one kind of outcome would prove little
        assertTrue(outcomes[0] > 1_000 && outcomes[1] > 1_000, "outcomes " + outcomes[0] + "/" + outcomes[1]);
    }

    /** Each way of being malformed SmppMalformedInputTest names, in a submit_sm and a deliver_sm. */
    @Test
    void refusesEachKindOfMalformedBodyAsDecodeDoes() {
        List<byte[]> bodies = List.of(
                Wire.body().cString("CMT").octet(1).build(), // ends before source_addr_npi
                Wire.body().cString("sixchr").build(), // service_type over its 6 octets
                Wire.body().cString("").octet(1).octet(1).cString("Caf\u00e9").build(), // not ASCII
                Wire.body().cString("").octet(1).octet(1).bytes("4477".getBytes()).build(), // no NUL before the end
                Wire.addresses().octet(0).octet(0).octet(0).cString("2512").build(), // a time of 4 characters
                Wire.addresses().octet(0).octet(0).octet(0).cString("").cString("0000010000000000000R").build(),
                Wire.addresses().octet(0).octet(0).build(), // ends before priority_flag
                Wire.upToSmLength().build(), // ends before sm_length
                Wire.upToSmLength().octet(255).bytes(new byte[255]).build(),
                Wire.upToSmLength().octet(10).bytes(new byte[9]).build(),
                Wire.upToSmLength().octet(0).short16(Tlv.MESSAGE_PAYLOAD).short16(20).bytes(new byte[19]).build(),
                Wire.upToSmLength().octet(0).short16(Tlv.MESSAGE_PAYLOAD).octet(0).build(),
                Wire.upToSmLength().octet(0).tlv(Tlv.SAR_MSG_REF_NUM, new byte[3]).build(),
                Wire.upToSmLength().octet(0).tlv(Tlv.RECEIPTED_MESSAGE_ID, new byte[0]).build(),
                // sound: a message of two octets, an unknown TLV with no value, message_state
                Wire.upToSmLength().octet(2).bytes(new byte[2]).tlv(0x1400, new byte[0])
                        .tlv(Tlv.MESSAGE_STATE, new byte[1]).build());
        for (int commandId : new int[] {CommandId.SUBMIT_SM, CommandId.DELIVER_SM}) {
            for (int i = 0; i < bodies.size(); i++) {
                byte[] wire = Wire.pdu(commandId, 0, 0x0BADF00D, bodies.get(i));
                String what = CommandId.name(commandId) + " body " + i;
                // the last one is sound; the others each break one rule
                assertEquals(i == bodies.size() - 1 ? Verdict.READ : Verdict.REFUSED,
                        assertSameOutcome(wire, Buffers.POOLED_HEAP, false, what), what);
            }
        }
    }

    @Test
    void foldsTheChecksumOfARecordWhoseRequestStatusDecodeIgnores() {
        byte[] wire = Wire.encode(SmppSamples.SUBMIT_SM);
        Unpooled.wrappedBuffer(wire).setInt(8, CommandStatus.ESME_RSYSERR);
        assertEquals(Verdict.READ, assertSameOutcome(wire, Buffers.HEAP, false, "command_status 8"));
        assertEquals(PduChecksum.of(SmppSamples.SUBMIT_SM), readChecksum);
    }

    /** The submit_sms and deliver_sms among {@code SmppSamples.random}'s PDUs of every type, {@code count} of them. */
    static List<Pdu> randomMessages(long seed, int count) {
        List<Pdu> messages = new ArrayList<>(count);
        // two PDUs in every eleven are a submit_sm or a deliver_sm
        for (Pdu pdu : SmppSamples.random(seed, count * 11 / 2 + 11)) {
            if (messages.size() < count && MessageFlyweight.reads(pdu.commandId())) {
                messages.add(pdu);
            }
        }
        return messages;
    }

    /**
     * Puts {@code wire} at {@link #OFFSET} of a buffer of that kind (with junk after it if {@code junkAfter},
     * octets both readers must leave alone), lets decode and the flyweight read the same octets, and asserts
     * they agree: the same fields and checksum, the same refusal, or decode's PDU of another command and the
     * flyweight sending the caller to decode. The checksum read is left in {@link #readChecksum}.
     */
    private Verdict assertSameOutcome(byte[] wire, Buffers buffers, boolean junkAfter, String what) {
        ByteBuf buf = buffers.allocate(OFFSET + wire.length + 1);
        try {
            for (int i = 0; i < OFFSET; i++) {
                buf.writeByte(JUNK);
            }
            buf.writeBytes(wire);
            if (junkAfter) {
                buf.writeByte(JUNK);
            }
            buf.readerIndex(OFFSET);
            int readable = buf.readableBytes();
            int writerIndex = buf.writerIndex();
            Pdu decoded = null;
            SmppDecodeException refused = null;
            try {
                decoded = codec.decode(buf);
            } catch (SmppDecodeException e) {
                refused = e;
            }
            int decodedLength = buf.readerIndex() - OFFSET;
            buf.readerIndex(OFFSET);

            // framed: command_length is sound, so the header is there and the command_id is what is read next
            int commandId = refused == null || refused.framingIntact() ? buf.getInt(OFFSET + 4) : CommandId.SUBMIT_SM;
            if (!MessageFlyweight.reads(commandId) && SmppCodec.reads(commandId)) {
                // whether decode then reads its body or refuses it, it is not the flyweight's to judge
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> flyweight.wrap(buf, OFFSET, readable), what);
                assertEquals(CommandId.name(commandId) + " is not a submit_sm or deliver_sm: read it with"
                        + " SmppCodec.decode", e.getMessage(), what);
                return Verdict.ANOTHER_COMMAND;
            }
            MessageFlyweight read;
            try {
                read = flyweight.wrap(buf, OFFSET, readable);
            } catch (SmppDecodeException e) {
                if (refused == null) {
                    return fail(what + ": decode made " + decoded + " but the flyweight refused: " + e.getMessage(), e);
                }
                assertEquals(refused.getMessage(), e.getMessage(), what);
                assertEquals(refused.commandStatus(), e.commandStatus(), what);
                assertEquals(refused.sequenceNumber(), e.sequenceNumber(), what);
                assertEquals(refused.framingIntact(), e.framingIntact(), what);
                assertEquals(null, flyweight.buffer(), what + ": a failed wrap leaves nothing to read");
                return Verdict.REFUSED;
            }
            if (refused != null) {
                return fail(what + ": decode refused (" + refused.getMessage() + ") but the flyweight read " + read);
            }
            assertEquals(OFFSET, buf.readerIndex(), what + ": readerIndex");
            assertEquals(writerIndex, buf.writerIndex(), what + ": writerIndex");
            assertEquals(decodedLength, read.commandLength(), what + ": command_length");
            assertEquals(decoded, record(read), what + ": the fields read");
            readChecksum = PduChecksum.of(read);
            assertEquals(PduChecksum.of(decoded), readChecksum, what + ": checksum");
            return Verdict.READ;
        } finally {
            buf.release();
        }
    }

    /**
     * The record of what {@code read} holds, every field through the allocation-free accessors (strings by
     * offset and length, TLVs by the cursor); the String getters are checked against them on the way.
     */
    static Pdu record(MessageFlyweight read) {
        MessageBody.Builder body = MessageBody.builder()
                .serviceType(string(read, read.serviceTypeOffset(), read.serviceTypeLength(), read.serviceType()))
                .source(read.sourceAddrTon(), read.sourceAddrNpi(),
                        string(read, read.sourceAddrOffset(), read.sourceAddrLength(), read.sourceAddr()))
                .destination(read.destAddrTon(), read.destAddrNpi(),
                        string(read, read.destinationAddrOffset(), read.destinationAddrLength(), read.destinationAddr()))
                .esmClass(read.esmClass())
                .protocolId(read.protocolId())
                .priorityFlag(read.priorityFlag())
                .scheduleDeliveryTime(string(read, read.scheduleDeliveryTimeOffset(), read.scheduleDeliveryTimeLength(),
                        read.scheduleDeliveryTime()))
                .validityPeriod(string(read, read.validityPeriodOffset(), read.validityPeriodLength(), read.validityPeriod()))
                .registeredDelivery(read.registeredDelivery())
                .replaceIfPresentFlag(read.replaceIfPresentFlag())
                .dataCoding(read.dataCoding())
                .smDefaultMsgId(read.smDefaultMsgId());
        byte[] shortMessage = new byte[read.smLength()];
        read.copyShortMessage(shortMessage, 0);
        assertEquals(ByteBufUtil.hexDump(read.buffer(), read.shortMessageOffset(), read.smLength()),
                ByteBufUtil.hexDump(shortMessage), "copyShortMessage");
        List<Tlv> tlvs = new ArrayList<>();
        MessageFlyweight.Tlvs cursor = read.tlvs();
        while (cursor.next()) {
            tlvs.add(new Tlv(cursor.tag(), ByteBufUtil.getBytes(read.buffer(), cursor.valueOffset(), cursor.length())));
        }
        assertFalse(cursor.next(), "the cursor stays at its end");
        assertEquals(read.tlvCount(), tlvs.size(), "tlvCount");
        MessageBody built = body.shortMessage(shortMessage).tlvs(tlvs).build();
        return read.commandId() == CommandId.SUBMIT_SM ? new SubmitSm(read.sequenceNumber(), built)
                : new DeliverSm(read.sequenceNumber(), built);
    }

    /** The C-Octet String at {@code offset}, through appendAscii; asciiEquals and the String getter agree with it. */
    private static String string(MessageFlyweight read, int offset, int length, String getter) {
        String appended = read.appendAscii(offset, length, new StringBuilder()).toString();
        assertEquals(appended, getter, "the String getter");
        assertTrue(read.asciiEquals(offset, length, appended), "asciiEquals " + appended);
        assertFalse(read.asciiEquals(offset, length, appended + "x"), "asciiEquals of a longer text");
        return appended;
    }

}
