package dev.wirebench.smpp.pdu;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmppSamplesTest {

    private static final List<Pdu> RANDOM = SmppSamples.random(20251121L, 2_200);

    @Test
    void namesOneFixtureOfEachTypeInSessionOrder() {
        assertEquals(List.of("bind_transceiver", "bind_transceiver_resp", "submit_sm", "submit_sm_resp", "deliver_sm",
                "deliver_sm_resp", "enquire_link", "enquire_link_resp", "unbind", "unbind_resp", "generic_nack"),
                List.copyOf(SmppSamples.fixtures().keySet()));
    }

    @Test
    void drawsTheSameRandomPdusFromTheSameSeed() {
        assertEquals(SmppSamples.random(5, 300), SmppSamples.random(5, 300));
        assertNotEquals(SmppSamples.random(5, 300), SmppSamples.random(6, 300));
    }

    @Test
    void reachesEveryEdgeTheBriefAsksFor() {
        assertSome("an empty short_message", body(b -> b.smLength() == 0));
        assertSome("a 254-octet short_message", body(b -> b.smLength() == MessageBody.MAX_SM_LENGTH));
        assertSome("UCS2 text", body(b -> b.dataCoding() == 0x08 && b.smLength() > 0));
        assertSome("several TLVs with an unknown one", body(b -> b.tlvs().size() >= 3
                && b.tlvs().stream().anyMatch(t -> Tlv.tagName(t.tag()).startsWith("0x"))));
        assertSome("a message_payload", body(b -> b.tlv(Tlv.MESSAGE_PAYLOAD).isPresent()));
        assertSome("NULL addresses", body(b -> b.sourceAddr().isEmpty() && b.validityPeriod().isEmpty()));
        assertSome("longest addresses", body(b -> b.destinationAddr().length() == 20));
        assertSome("a 16-character time", body(b -> b.scheduleDeliveryTime().length() == 16));
        assertSome("sequence_number 0xFFFFFFFF", p -> p.sequenceNumber() == 0xFFFFFFFF);
        assertSome("sequence_number 0x7FFFFFFF", p -> p.sequenceNumber() == 0x7FFFFFFF);
        assertSome("a longest system_id", p -> p instanceof Bind b && b.systemId().length() == 15);
        assertSome("a longest message_id", p -> p instanceof SubmitSmResp r && r.messageId().length() == 64);
        assertSome("an error response", p -> p instanceof Response && p.commandStatus() != 0);
        for (BindType type : BindType.values()) {
            assertSome(type.requestName(), p -> p instanceof Bind b && b.type() == type);
            assertSome(type.requestName() + "_resp", p -> p instanceof BindResp r && r.type() == type);
        }
    }

    private static Predicate<Pdu> body(Predicate<MessageBody> test) {
        return p -> (p instanceof SubmitSm s && test.test(s.body())) || (p instanceof DeliverSm d && test.test(d.body()));
    }

    private static void assertSome(String what, Predicate<Pdu> test) {
        assertTrue(RANDOM.stream().anyMatch(test), "no random PDU has " + what);
    }
}
