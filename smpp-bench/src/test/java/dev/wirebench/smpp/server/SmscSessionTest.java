package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.BindRejectedException;
import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SMSC's session rules, one at a time, through our ESME where it behaves and a raw socket where it must not. */
@ParameterizedClass
@EnumSource(SmscReader.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SmscSessionTest {

    /** Every test runs on each reader: the SMSC must behave the same on the wire with both. */
    @Parameter
    SmscReader reader;

    static final Map<String, String> ACCOUNTS = Map.of("esme", "secret", "other", "pass");

    private Smsc smsc;

    @BeforeEach
    void start() throws IOException {
        smsc = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader).withReceipts(true));
    }

    @AfterEach
    void stop() {
        smsc.close();
    }

    private EsmeConfig esme() {
        return EsmeConfig.of(smsc.port(), "esme", "secret");
    }

    @Test
    void bindsAnAccountWithItsPassword() throws Exception {
        try (Esme esme = Esme.connect(esme())) {
            assertTrue(esme.isOpen());
            assertEquals(1, smsc.stats().sessionsOpen());
        }
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000), "the session closes after unbind");
    }

    @Test
    void refusesAWrongPasswordWithEsmeRinvpaswd() throws Exception {
        BindRejectedException e = assertThrows(BindRejectedException.class,
                () -> Esme.connect(EsmeConfig.of(smsc.port(), "esme", "wrong")));
        assertEquals(CommandStatus.ESME_RINVPASWD, e.commandStatus());
        assertTrue(e.getMessage().contains("ESME_RINVPASWD"), e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + smsc.port()), e.getMessage());
    }

    @Test
    void refusesAnUnknownSystemIdWithEsmeRinvsysid() throws Exception {
        BindRejectedException e = assertThrows(BindRejectedException.class,
                () -> Esme.connect(EsmeConfig.of(smsc.port(), "nobody", "secret")));
        assertEquals(CommandStatus.ESME_RINVSYSID, e.commandStatus());
        assertTrue(e.getMessage().contains("ESME_RINVSYSID"), e.getMessage());
    }

    @Test
    void refusesASecondBindWithEsmeRalybnd() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            assertEquals(CommandStatus.ESME_ROK, raw.bind("esme", "secret").commandStatus());
            BindResp again = (BindResp) raw.bind("esme", "secret");
            assertEquals(CommandStatus.ESME_RALYBND, again.commandStatus());
        }
    }

    @Test
    void everyErrorResponseIsItsHeaderAloneOnTheWire() throws Exception {
        // SMPP 3.4 4.1.2/4.1.4/4.1.6 and 4.4.2: no system_id, no message_id when command_status is not 0
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.send(new SubmitSm(5, withoutReceipt().body()));
            assertEquals("00000010 80000004 00000004 00000005", raw.readHex());
            raw.send(new Bind(BindType.RECEIVER, 6, "nobody", "secret", "", Bind.SMPP_3_4, 0, 0, ""));
            assertEquals("00000010 80000001 0000000f 00000006", raw.readHex());
            raw.send(new Bind(BindType.TRANSCEIVER, 7, "esme", "wrong", "", Bind.SMPP_3_4, 0, 0, ""));
            assertEquals("00000010 80000009 0000000e 00000007", raw.readHex());
            // refused binds leave the session open for another try; a successful one has its body
            raw.send(new Bind(BindType.RECEIVER, 8, "esme", "secret", "", Bind.SMPP_3_4, 0, 0, ""));
            assertEquals(new BindResp(BindType.RECEIVER, CommandStatus.ESME_ROK, 8, "wirebench",
                    List.of(Tlv.ofByte(Tlv.SC_INTERFACE_VERSION, Bind.SMPP_3_4))), raw.read());
            raw.send(new Bind(BindType.TRANSMITTER, 9, "esme", "secret", "", Bind.SMPP_3_4, 0, 0, ""));
            assertEquals("00000010 80000002 00000005 00000009", raw.readHex());
            raw.send(new SubmitSm(10, withoutReceipt().body()));
            assertEquals("00000010 80000004 00000004 0000000a", raw.readHex());
        }
        assertEquals(0, smsc.stats().submits());
    }

    @Test
    void answersEverySubmitSmWithItsOwnMessageId() throws Exception {
        Set<String> ids = new HashSet<>();
        try (Esme esme = Esme.connect(esme())) {
            for (int i = 0; i < 100; i++) {
                SubmitSmResp resp = esme.submitSync(withoutReceipt());
                assertEquals(CommandStatus.ESME_ROK, resp.commandStatus());
                assertFalse(resp.messageId().isEmpty());
                ids.add(resp.messageId());
            }
        }
        assertEquals(100, ids.size(), "message ids repeat");
        assertEquals(100, smsc.stats().submits());
    }

    @Test
    void refusesSubmitSmFromAReceiverWithEsmeRinvbndsts() throws Exception {
        try (Esme receiver = Esme.connect(esme().withBindType(BindType.RECEIVER))) {
            assertEquals(CommandStatus.ESME_RINVBNDSTS, receiver.submitSync(withoutReceipt()).commandStatus());
        }
    }

    @Test
    void sendsATransceiverTheReceiptItAskedForAndHearsItsDeliverSmResp() throws Exception {
        BlockingQueue<DeliverSm> delivered = new ArrayBlockingQueue<>(4);
        try (Esme esme = Esme.connect(esme().withDeliverSmListener(delivered::add))) {
            SubmitSmResp resp = esme.submitSync(SmppSamples.SUBMIT_SM);
            DeliverSm receipt = delivered.poll(5, TimeUnit.SECONDS);
            assertReceiptOf(resp.messageId(), receipt);
            assertTrue(Poll.until(() -> smsc.stats().receiptsAcked() == 1, 5000), "deliver_sm_resp counted");
            assertEquals(1, smsc.stats().receiptsSent());
            assertEquals(1, esme.stats().receiptsReceived());
        }
    }

    @Test
    void sendsATransmittersReceiptToAReceiverOfTheSameAccount() throws Exception {
        BlockingQueue<DeliverSm> delivered = new ArrayBlockingQueue<>(4);
        try (Esme receiver = Esme.connect(esme().withBindType(BindType.RECEIVER).withDeliverSmListener(delivered::add));
             Esme transmitter = Esme.connect(esme().withBindType(BindType.TRANSMITTER))) {
            SubmitSmResp resp = transmitter.submitSync(SmppSamples.SUBMIT_SM);
            assertReceiptOf(resp.messageId(), delivered.poll(5, TimeUnit.SECONDS));
            assertTrue(receiver.isOpen());
        }
    }

    @Test
    void sendsTheReceiptAskedForOverTheWireRightAfterItsSubmitSmResp() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.sendBytes(rawSubmitSm(0x2a, 0x01));
            // ESME_ROK and message_id "1", the SMSC's first
            assertEquals("00000012 80000004 00000000 0000002a 3100", raw.readHex());
            byte[] wire = raw.readBytes();
            assertEquals("00000005 00000000", RawSmppSocket.hex(Arrays.copyOfRange(wire, 4, 12)), "deliver_sm, status 0");
            DeliverSm receipt = (DeliverSm) new SmppCodec().decode(Unpooled.wrappedBuffer(wire));
            assertEquals(DeliveryReceipts.ESM_CLASS_RECEIPT, receipt.body().esmClass());
            assertEquals("447700900123", receipt.body().sourceAddr());
            assertEquals("WireBench", receipt.body().destinationAddr());
            assertEquals("1", receipt.body().tlv(Tlv.RECEIPTED_MESSAGE_ID).orElseThrow().stringValue());
            String text = new String(receipt.body().shortMessage(), StandardCharsets.US_ASCII);
            assertTrue(text.matches("id:1 sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10}"
                    + " stat:DELIVRD err:000 text:hello"), text);
            assertEquals(0, smsc.stats().receiptsAcked());
            raw.sendBytes(RawSmppSocket.hex(String.format("00000011 80000005 00000000 %08x 00", receipt.sequenceNumber())));
            assertTrue(Poll.until(() -> smsc.stats().receiptsAcked() == 1, 5000), "deliver_sm_resp not counted");
        }
        assertEquals(1, smsc.stats().receiptsSent());
    }

    @Test
    void sendsNoReceiptForRegisteredDeliveryOnFailureOnlyOrReserved() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            // 10: a receipt on failure only, and the message is delivered; 11: reserved
            raw.sendBytes(rawSubmitSm(1, 0x02));
            raw.sendBytes(rawSubmitSm(2, 0x03));
            raw.send(new EnquireLink(3));
            // a receipt would follow its response on this connection: the enquire_link_resp comes next instead
            assertEquals("00000012 80000004 00000000 00000001 3100", raw.readHex());
            assertEquals("00000012 80000004 00000000 00000002 3200", raw.readHex());
            assertEquals("00000010 80000015 00000000 00000003", raw.readHex());
        }
        assertEquals(0, smsc.stats().receiptsSent());
    }

    @Test
    void sendsNoReceiptWithReceiptsOffWhateverTheSubmitSmAsks() throws Exception {
        try (Smsc plain = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader));
             RawSmppSocket raw = RawSmppSocket.connect(plain.port())) {
            assertFalse(plain.config().receipts(), "receipts are off by default");
            raw.bind("esme", "secret");
            raw.sendBytes(rawSubmitSm(1, 0x01));
            raw.send(new EnquireLink(2));
            assertEquals("00000012 80000004 00000000 00000001 3100", raw.readHex());
            assertEquals("00000010 80000015 00000000 00000002", raw.readHex());
            assertEquals(0, plain.stats().receiptsSent());
        }
    }

    @Test
    void sendsNoReceiptWhenNoneIsAskedFor() throws Exception {
        BlockingQueue<DeliverSm> delivered = new ArrayBlockingQueue<>(4);
        try (Esme esme = Esme.connect(esme().withDeliverSmListener(delivered::add))) {
            esme.submitSync(withoutReceipt());
            // a receipt would come right behind its response on the same connection, so before this one's
            esme.submitSync(withoutReceipt());
            assertNull(delivered.poll(100, TimeUnit.MILLISECONDS));
        }
        assertEquals(0, smsc.stats().receiptsSent());
    }

    @Test
    void holdsEachSubmitSmRespForTheDelayAndThenSendsTheReceiptOfTheMessageSubmitted() throws Exception {
        long delay = 200;
        try (Smsc slow = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader).withReceipts(true)
                .withSubmitResponseDelay(Duration.ofMillis(delay)));
             RawSmppSocket raw = RawSmppSocket.connect(slow.port())) {
            raw.bind("esme", "secret");
            long sent = System.nanoTime();
            raw.sendBytes(rawSubmitSm(0x2a, 0x01));
            // read while the answer is held: their octets may land where the submit_sm lay, which the receipt must not see
            for (int i = 1; i <= 50; i++) {
                raw.send(new EnquireLink(i));
                assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, i), raw.read());
            }
            assertEquals("00000012 80000004 00000000 0000002a 3100", raw.readHex());
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            assertTrue(waited >= delay, "answered after " + waited + " ms, before the delay of " + delay + " ms");
            DeliverSm receipt = (DeliverSm) raw.read();
            assertEquals("447700900123", receipt.body().sourceAddr());
            assertEquals(1, receipt.body().sourceAddrTon());
            assertEquals("WireBench", receipt.body().destinationAddr());
            assertEquals(5, receipt.body().destAddrTon());
            String text = new String(receipt.body().shortMessage(), StandardCharsets.US_ASCII);
            assertTrue(text.startsWith("id:1 sub:001 dlvrd:001 submit date:") && text.endsWith(" text:hello"), text);
        }
    }

    @Test
    void refusesASubmitSmPastTheMostAnswersASessionMayOweWithEsmeRmsgqful() throws Exception {
        int most = SmscSession.MAX_DELAYED_RESPONSES;
        try (Smsc slow = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader)
                .withSubmitResponseDelay(Duration.ofSeconds(60)));
             RawSmppSocket raw = RawSmppSocket.connect(slow.port())) {
            raw.bind("esme", "secret");
            ByteArrayOutputStream submits = new ByteArrayOutputStream();
            for (int sequence = 1; sequence <= most + 1; sequence++) {
                submits.writeBytes(rawSubmitSm(sequence, 0x00));
            }
            raw.sendBytes(submits.toByteArray());
            // the one past the most is refused at once, header alone; the others are still held
            assertEquals(String.format("00000010 80000004 00000014 %08x", most + 1), raw.readHex());
            raw.send(new EnquireLink(1));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, 1), raw.read());
            assertEquals(most, slow.stats().submits());
            assertEquals(most, slow.stats().maxSubmitsInFlight());
        }
    }

    @Test
    void refusesADeliverSmFromAnEsmeAsItsOwnResponseBeforeAndAfterBindAndWhenMalformed() throws Exception {
        byte[] deliverSm = rawSubmitSm(7, 0x00);
        deliverSm[7] = 0x05;
        byte[] unterminated = RawSmppSocket.hex("0000002c 00000005 00000000 00000008"
                + " 00 0101 34343737303039303031323334353637383930313233343536");
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            // deliver_sm_resp keeps its NULL message_id whatever the status (SMPP 3.4 4.6.2)
            raw.sendBytes(deliverSm);
            assertEquals("00000011 80000005 00000004 00000007 00", raw.readHex());
            raw.bind("esme", "secret");
            // deliver_sm goes from SMSC to ESME: ESME_RINVCMDID in deliver_sm_resp, and the session goes on
            raw.sendBytes(deliverSm);
            assertEquals("00000011 80000005 00000003 00000007 00", raw.readHex());
            raw.sendBytes(unterminated);
            assertEquals("00000011 80000005 0000000a 00000008 00", raw.readHex());
            raw.send(new EnquireLink(9));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, 9), raw.read());
        }
        assertEquals(1, smsc.stats().malformed());
        assertEquals(0, smsc.stats().nacks());
    }

    @Test
    void answersEnquireLink() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.send(new EnquireLink(77));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, 77), raw.read());
        }
    }

    @Test
    void answersUnbindAndThenClosesTheConnection() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.send(new Unbind(9));
            assertEquals(new UnbindResp(CommandStatus.ESME_ROK, 9), raw.read());
            assertTrue(raw.closedByServer());
        }
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000));
    }

    @Test
    void answersEveryRequestBeforeBindWithEsmeRinvbndsts() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.send(new SubmitSm(5, SmppSamples.SUBMIT_SM.body()));
            assertEquals(new SubmitSmResp(CommandStatus.ESME_RINVBNDSTS, 5, ""), raw.read());
            raw.send(new EnquireLink(6));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_RINVBNDSTS, 6), raw.read());
            // still open, and a bind still works
            assertEquals(CommandStatus.ESME_ROK, raw.bind("esme", "secret").commandStatus());
        }
        assertEquals(0, smsc.stats().submits());
    }

    @Test
    void unbindsASessionIdleForTheTimeoutAndClosesIt() throws Exception {
        try (Smsc quick = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader).withIdleTimeout(Duration.ofMillis(200)));
             RawSmppSocket raw = RawSmppSocket.connect(quick.port())) {
            raw.bind("esme", "secret");
            long start = System.nanoTime();
            Pdu unbind = raw.read();
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertInstanceOf(Unbind.class, unbind);
            assertTrue(waited >= 150, "unbound after " + waited + " ms, before the 200 ms timeout");
            raw.send(new UnbindResp(CommandStatus.ESME_ROK, unbind.sequenceNumber()));
            long answered = System.nanoTime();
            assertTrue(raw.closedByServer());
            long closedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - answered);
            assertTrue(closedAfter < SmscSession.UNBIND_GRACE_MILLIS / 2, "closed " + closedAfter
                    + " ms after the unbind_resp: on the grace's timer, not on the answer");
            assertEquals(1, quick.stats().idleTimeouts());
        }
    }

    @Test
    void closesAnIdleSessionThatDoesNotAnswerTheUnbind() throws Exception {
        try (Smsc quick = Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader).withIdleTimeout(Duration.ofMillis(100)));
             RawSmppSocket raw = RawSmppSocket.connect(quick.port())) {
            raw.bind("esme", "secret");
            assertInstanceOf(Unbind.class, raw.read());
            assertTrue(raw.closedByServer(), "closed within the grace of " + SmscSession.UNBIND_GRACE_MILLIS + " ms");
        }
    }

    @Test
    void namesTheAddressWhenThePortIsTaken() {
        IOException e = assertThrows(IOException.class,
                () -> Smsc.start(SmscConfig.of(ACCOUNTS).withReader(reader).withPort(smsc.port())));
        assertTrue(e.getMessage().startsWith("SMSC cannot listen on 127.0.0.1:" + smsc.port() + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("choose another"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void listensOnLoopbackByDefault() {
        assertEquals("127.0.0.1", smsc.config().host());
    }

    /** A submit_sm from WireBench to 447700900123 saying "hello", written octet by octet. */
    static byte[] rawSubmitSm(int sequence, int registeredDelivery) {
        return RawSmppSocket.hex(String.format("""
                0000003b 00000004 00000000 %08x
                00 0500 5769726542656e636800 0101 34343737303039303031323300
                000000 00 00 %02x000000
                05 68656c6c6f
                """, sequence, registeredDelivery));
    }

    static SubmitSm withoutReceipt() {
        return new SubmitSm(1, SmppSamples.SUBMIT_SM.body().toBuilder().registeredDelivery(0).build());
    }

    private static void assertReceiptOf(String messageId, DeliverSm receipt) {
        assertNotNull(receipt, "no receipt within 5 s");
        assertEquals(DeliveryReceipts.ESM_CLASS_RECEIPT, receipt.body().esmClass());
        Tlv id = receipt.body().tlv(Tlv.RECEIPTED_MESSAGE_ID).orElseThrow();
        assertEquals(messageId + "\0", new String(id.value(), StandardCharsets.US_ASCII));
        assertEquals(DeliveryReceipts.DELIVERED, receipt.body().tlv(Tlv.MESSAGE_STATE).orElseThrow().intValue());
        String text = new String(receipt.body().shortMessage(), StandardCharsets.US_ASCII);
        assertTrue(text.startsWith("id:" + messageId + " sub:001 dlvrd:001 submit date:"), text);
        assertTrue(text.contains(" stat:DELIVRD err:000 text:Your WireBench code"), text);
        // back from the message's destination to its source
        assertEquals(SmppSamples.SUBMIT_SM.body().destinationAddr(), receipt.body().sourceAddr());
        assertEquals(SmppSamples.SUBMIT_SM.body().sourceAddr(), receipt.body().destinationAddr());
    }
}
