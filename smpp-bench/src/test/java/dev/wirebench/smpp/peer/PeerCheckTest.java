package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every peer reads and writes every benchmark PDU exactly as the sample, and the check catches a peer that does not. */
class PeerCheckTest {

    static List<Arguments> peersAndPdus() {
        List<Arguments> cases = new ArrayList<>();
        for (String codec : PduCodecPeers.NAMES) {
            for (String pdu : PduCodecPeers.PDUS) {
                cases.add(Arguments.of(codec, pdu));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("peersAndPdus")
    void everyPeerPassesEveryCheckOnEveryPdu(String codec, String pdu) {
        try (PduCodecPeer peer = PduCodecPeers.create(codec, PduCodecPeers.sample(pdu))) {
            PeerCheck.verify(peer);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("peersAndPdus")
    void everyPeerWritesTheOctetsOfTheWirebenchCodecAndDecodesThemToTheSample(String codec, String pdu) {
        Pdu sample = PduCodecPeers.sample(pdu);
        byte[] ours = PduCodecPeers.wireBytes(sample);
        try (PduCodecPeer peer = PduCodecPeers.create(codec, sample)) {
            assertEquals(ours.length, peer.encode());
            assertArrayEquals(ours, peer.encoded());
            assertEquals(sample, peer.toModel(ours));
            assertEquals(PduChecksum.of(sample), peer.decode());
            assertEquals(PduChecksum.of(sample), peer.traverse());
            assertEquals(PduChecksum.of(sample), peer.roundTrip());
        }
    }

    @Test
    void verifyAllChecksEveryPeerOnEveryPdu() {
        PeerCheck.verifyAll();
    }

    @Test
    void aWrongConversionToTheRecordIsCaughtNamingPeerPduAndField() {
        PduCodecPeer peer = new ForwardingPeer(PduCodecPeers.create("jsmpp", SmppSamples.SUBMIT_SM)) {
            @Override
            public Pdu toModel(byte[] wire) {
                SubmitSm decoded = (SubmitSm) delegate.toModel(wire);
                // the mistake of a converter that mixes up the two addresses' digits
                return new SubmitSm(decoded.sequenceNumber(), decoded.body().toBuilder()
                        .source(decoded.body().sourceAddrTon(), decoded.body().sourceAddrNpi(), decoded.body().destinationAddr())
                        .build());
            }
        };
        try (peer) {
            PeerMismatchException e = assertThrows(PeerMismatchException.class, () -> PeerCheck.verify(peer));
            assertEquals("jsmpp", e.peer());
            assertEquals("submit_sm", e.pdu());
            assertEquals("jsmpp, submit_sm: decode(encode(sample)): source_addr is \"447700900123\" where the sample has"
                    + " \"WireBench\"", e.getMessage());
        }
    }

    @Test
    void aLibraryObjectBuiltWrongIsCaughtNamingTheField() {
        Pdu wrong = new SubmitSm(2, SmppSamples.SUBMIT_SM.body().toBuilder().smDefaultMsgId(7).build());
        PduCodecPeer peer = new ForwardingPeer(PduCodecPeers.create("cloudhopper", wrong)) {
            @Override
            public Pdu sample() {
                return SmppSamples.SUBMIT_SM;
            }
        };
        try (peer) {
            PeerMismatchException e = assertThrows(PeerMismatchException.class, () -> PeerCheck.verify(peer));
            assertEquals("cloudhopper, submit_sm: decode(encode(sample)): sm_default_msg_id is 7 where the sample has 0",
                    e.getMessage());
        }
    }

    @Test
    void aDecodeThatReadsAFieldWrongIsCaughtByTheChecksum() {
        PduCodecPeer peer = new ForwardingPeer(PduCodecPeers.create("wirebench", SmppSamples.DELIVER_SM)) {
            @Override
            public long decode() {
                // as if the last TLV were left out
                return delegate.decode() ^ 1;
            }
        };
        try (peer) {
            PeerMismatchException e = assertThrows(PeerMismatchException.class, () -> PeerCheck.verify(peer));
            assertTrue(e.getMessage().startsWith("wirebench, deliver_sm: decode (call 1) returned checksum "), e.getMessage());
            assertTrue(e.getMessage().endsWith("it skips a field or reads one wrong"), e.getMessage());
        }
    }

    @Test
    void aTraverseThatReadsAFieldWrongIsCaughtByTheChecksum() {
        PduCodecPeer peer = new ForwardingPeer(PduCodecPeers.create("wirebench", SmppSamples.SUBMIT_SM)) {
            @Override
            public long traverse() {
                // as if a flyweight had folded the wire's command_status, which decode ignores in a request
                return delegate.traverse() + 1;
            }
        };
        try (peer) {
            PeerMismatchException e = assertThrows(PeerMismatchException.class, () -> PeerCheck.verify(peer));
            assertTrue(e.getMessage().startsWith("wirebench, submit_sm: traverse (call 1) returned checksum "), e.getMessage());
        }
    }

    @Test
    void jsmppWritesTheTimesOfADeliverSmAsNullWhateverItsBeanHolds() {
        // SMPP 3.4 wants them NULL in a deliver_sm, and the sample has them NULL; a deliver_sm that
        // carried one could not be compared with jSMPP, and the check says so
        Pdu withValidity = new DeliverSm(7, SmppSamples.DELIVER_SM.body().toBuilder()
                .validityPeriod("000001000000000R").build());
        try (PduCodecPeer peer = PduCodecPeers.create("jsmpp", withValidity)) {
            PeerMismatchException e = assertThrows(PeerMismatchException.class, () -> PeerCheck.verify(peer));
            assertEquals("jsmpp, deliver_sm: decode(encode(sample)): validity_period is \"\" where the sample has"
                    + " \"000001000000000R\"", e.getMessage());
        }
    }

    @Test
    void theChecksumChangesWithEveryFieldOfTheBody() {
        MessageBody b = SmppSamples.SUBMIT_SM.body();
        List<MessageBody> variants = List.of(
                b.toBuilder().serviceType("CMT").build(),
                b.toBuilder().source(b.sourceAddrTon() + 1, b.sourceAddrNpi(), b.sourceAddr()).build(),
                b.toBuilder().source(b.sourceAddrTon(), b.sourceAddrNpi() + 1, b.sourceAddr()).build(),
                b.toBuilder().source(b.sourceAddrTon(), b.sourceAddrNpi(), "WireBencH").build(),
                b.toBuilder().destination(b.destAddrTon() + 1, b.destAddrNpi(), b.destinationAddr()).build(),
                b.toBuilder().destination(b.destAddrTon(), b.destAddrNpi() + 1, b.destinationAddr()).build(),
                b.toBuilder().destination(b.destAddrTon(), b.destAddrNpi(), "447700900124").build(),
                b.toBuilder().esmClass(0x40).build(),
                b.toBuilder().protocolId(1).build(),
                b.toBuilder().priorityFlag(1).build(),
                b.toBuilder().scheduleDeliveryTime("000001000000000R").build(),
                b.toBuilder().validityPeriod("").build(),
                b.toBuilder().registeredDelivery(0).build(),
                b.toBuilder().replaceIfPresentFlag(1).build(),
                b.toBuilder().dataCoding(8).build(),
                b.toBuilder().smDefaultMsgId(1).build(),
                b.toBuilder().shortMessage("Your WireBench code is 482914. It expires in 10 minutes.".getBytes(StandardCharsets.US_ASCII)).build(),
                b.toBuilder().tlvs(List.of(Tlv.ofShort(Tlv.USER_MESSAGE_REFERENCE, 0x1235))).build(),
                b.toBuilder().tlvs(List.of()).build());
        long sample = PduChecksum.of(SmppSamples.SUBMIT_SM);
        for (MessageBody variant : variants) {
            assertTrue(sample != PduChecksum.of(new SubmitSm(2, variant)), variant.toString());
        }
        assertTrue(sample != PduChecksum.of(new SubmitSm(3, b)), "sequence_number");
    }

    @Test
    void refusesAnUnknownLibraryOrPduNamingTheKnownOnes() {
        IllegalArgumentException library = assertThrows(IllegalArgumentException.class,
                () -> PduCodecPeers.create("smpp-core", SmppSamples.SUBMIT_SM));
        assertEquals("unknown library 'smpp-core'; use one of wirebench, jsmpp, cloudhopper", library.getMessage());
        IllegalArgumentException pdu = assertThrows(IllegalArgumentException.class, () -> PduCodecPeers.sample("data_sm"));
        assertEquals("unknown pdu 'data_sm'; use one of submit_sm, deliver_sm, bind_transceiver, enquire_link", pdu.getMessage());
    }
}
