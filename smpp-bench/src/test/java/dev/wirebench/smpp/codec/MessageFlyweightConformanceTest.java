package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.codec.ReadersAgree.Verdict;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.peer.PduChecksum;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flyweight and decode agree on every input: where decode makes a submit_sm or deliver_sm, the
 * flyweight reads the same fields and folds them to the same {@link PduChecksum}; where decode refuses,
 * the flyweight refuses with the same status, sequence number, framing verdict and message; where decode
 * makes another command, the flyweight sends the caller to decode.
 */
class MessageFlyweightConformanceTest {

    private static final int RANDOM_COUNT = 10_000;
    private static final int CORRUPTIONS = 10_000;
    private static final Duration BOUND = Duration.ofSeconds(60);

    private final ReadersAgree readers = new ReadersAgree();

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void readsEveryFixtureAsDecodeDoes(Buffers buffers) {
        for (Pdu pdu : List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM)) {
            assertEquals(Verdict.READ, readers.assertSameOutcome(Wire.encode(pdu), buffers, true, pdu.toString()));
            assertEquals(PduChecksum.of(pdu), readers.readChecksum(), pdu.toString());
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
            assertEquals(Verdict.READ, readers.assertSameOutcome(Wire.encode(pdu), kinds[i % kinds.length], true, what), what);
            assertEquals(PduChecksum.of(pdu), readers.readChecksum(), what);
        }
    }

    @Test
    void refusesEveryTruncationOfTheFixturesAsDecodeDoes() {
        List<Pdu> fixtures = List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM);
        int[] count = new int[1];
        assertTimeoutPreemptively(BOUND, () -> {
            HostileInputs.forEveryTruncation(fixtures, (cut, what) -> {
                readers.assertSameOutcome(cut, Buffers.HEAP, false, what);
                count[0]++;
            });
            HostileInputs.forEveryTruncationThatSaysSo(fixtures, (cut, what) -> {
                readers.assertSameOutcome(cut, Buffers.DIRECT, false, what);
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
                    Verdict verdict = readers.assertSameOutcome(wire, kinds[done[0]++ % kinds.length], false, what);
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
                        readers.assertSameOutcome(wire, Buffers.POOLED_HEAP, false, what), what);
            }
        }
    }

    @Test
    void foldsTheChecksumOfARecordWhoseRequestStatusDecodeIgnores() {
        byte[] wire = Wire.encode(SmppSamples.SUBMIT_SM);
        Unpooled.wrappedBuffer(wire).setInt(8, CommandStatus.ESME_RSYSERR);
        assertEquals(Verdict.READ, readers.assertSameOutcome(wire, Buffers.HEAP, false, "command_status 8"));
        assertEquals(PduChecksum.of(SmppSamples.SUBMIT_SM), readers.readChecksum());
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
}
