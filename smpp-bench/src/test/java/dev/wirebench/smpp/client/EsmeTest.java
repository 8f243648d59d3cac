package dev.wirebench.smpp.client;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import dev.wirebench.smpp.testkit.ScriptedSmsc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ESME against our SMSC and against stand-ins that answer late, wrongly or never. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EsmeTest {

    private static final Map<String, String> ACCOUNTS = Map.of("esme", "secret");
    private static final SubmitSm SUBMIT = new SubmitSm(1, SmppSamples.SUBMIT_SM.body().toBuilder().registeredDelivery(0).build());

    @Test
    void aRefusedConnectionNamesHostAndPort() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        SmppClientException e = assertThrows(SmppClientException.class,
                () -> Esme.connect(EsmeConfig.of(port, "esme", "secret")));
        assertEquals("cannot connect to 127.0.0.1:" + port + ": connection refused; is an SMSC listening there?",
                e.getMessage());
    }

    @Test
    void aBindWithoutAnswerTimesOutNamingTheServer() throws Exception {
        try (ScriptedSmsc mute = ScriptedSmsc.start(false, ScriptedSmsc.SILENT)) {
            long start = System.nanoTime();
            SmppClientException e = assertThrows(SmppClientException.class, () -> Esme.connect(
                    EsmeConfig.of(mute.port(), "esme", "secret").withBindTimeout(Duration.ofMillis(200))));
            assertEquals("no bind_transceiver_resp from 127.0.0.1:" + mute.port() + " within 200 ms", e.getMessage());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3));
        }
    }

    @Test
    void theWindowIsFilledButNeverExceeded() throws Exception {
        int window = 8;
        int requests = 200;
        try (Smsc smsc = Smsc.start(SmscConfig.of(ACCOUNTS).withSubmitResponseDelay(Duration.ofMillis(5)));
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret").withWindow(window))) {
            CountDownLatch done = new CountDownLatch(requests);
            AtomicInteger accepted = new AtomicInteger();
            AtomicInteger mostInFlight = new AtomicInteger();
            Runnable sender = () -> {
                for (int i = 0; i < requests / 2; i++) {
                    try {
                        esme.submit(SUBMIT, (resp, error, sentNanos) -> {
                            if (resp != null && resp.commandStatus() == CommandStatus.ESME_ROK) {
                                accepted.incrementAndGet();
                            }
                            done.countDown();
                        });
                        mostInFlight.accumulateAndGet(esme.stats().inFlight(), Math::max);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            };
            Thread a = new Thread(sender);
            Thread b = new Thread(sender);
            a.start();
            b.start();
            assertTrue(done.await(20, TimeUnit.SECONDS), done.getCount() + " submits unanswered");
            assertEquals(requests, accepted.get());
            // the SMSC holds each answer 5 ms, so two eager senders keep the window full: it sees exactly 8 at once
            assertEquals(window, smsc.stats().maxSubmitsInFlight());
            assertTrue(mostInFlight.get() <= window);
            assertEquals(0, esme.stats().inFlight());
            assertEquals(requests, esme.stats().responses());
        }
    }

    @Test
    void aRequestTheServerNeverAnswersTimesOutAndFreesItsSlot() throws Exception {
        try (ScriptedSmsc silent = ScriptedSmsc.start(true, ScriptedSmsc.SILENT);
             Esme esme = Esme.connect(EsmeConfig.of(silent.port(), "esme", "secret")
                     .withRequestTimeout(Duration.ofMillis(200)).withEnquireLinkInterval(Duration.ZERO))) {
            long start = System.nanoTime();
            RequestTimeoutException e = assertThrows(RequestTimeoutException.class, () -> esme.submitSync(SUBMIT));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(waited >= 200 && waited < 1000, "timed out after " + waited + " ms");
            assertTrue(e.getMessage().matches("no submit_sm_resp to sequence_number \\d+ within 200 ms"), e.getMessage());
            assertEquals(0, esme.stats().inFlight(), "the slot was not freed");
            // window 1: the freed slot takes the next request, which times out in turn
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            esme.submit(SUBMIT, (resp, error, sentNanos) -> {
                failure.set(error);
                done.countDown();
            });
            assertTrue(done.await(2, TimeUnit.SECONDS));
            assertInstanceOf(RequestTimeoutException.class, failure.get());
            assertEquals(2, esme.stats().timeouts());
            assertEquals(2, silent.received().stream().filter(SubmitSm.class::isInstance).count());
            assertTrue(esme.isOpen(), "a timeout does not end the session");
        }
    }

    @Test
    void aLateResponseDoesNotCompleteTheNextRequestInItsSlot() throws Exception {
        List<String> ids = List.of("late-first", "second");
        AtomicInteger submits = new AtomicInteger();
        AtomicInteger firstSequence = new AtomicInteger();
        ScriptedSmsc.Script lateFirst = (pdu, peer) -> {
            if (pdu instanceof SubmitSm submit) {
                if (submits.incrementAndGet() == 1) {
                    firstSequence.set(submit.sequenceNumber());
                } else {
                    // the first one's answer arrives now, after its timeout, while the second waits in the same slot
                    peer.send(new SubmitSmResp(CommandStatus.ESME_ROK, firstSequence.get(), ids.get(0)));
                    peer.send(new SubmitSmResp(CommandStatus.ESME_ROK, submit.sequenceNumber(), ids.get(1)));
                }
            }
        };
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, lateFirst);
             // the first request must time out; the second must not, on a loaded machine too: 2 s is far past a
             // loopback answer and still short for a test
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret").withRequestTimeout(Duration.ofSeconds(2)))) {
            assertThrows(RequestTimeoutException.class, () -> esme.submitSync(SUBMIT));
            assertEquals("second", esme.submitSync(SUBMIT).messageId());
            assertEquals(1, esme.stats().unmatchedResponses());
        }
    }

    @Test
    void aGenericNackFailsItsRequestNamingTheStatus() throws Exception {
        ScriptedSmsc.Script nack = (pdu, peer) -> peer.send(new GenericNack(CommandStatus.ESME_RTHROTTLED, pdu.sequenceNumber()));
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, nack);
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
            SmppClientException e = assertThrows(SmppClientException.class, () -> esme.submitSync(SUBMIT));
            assertTrue(e.getMessage().startsWith("generic_nack ESME_RTHROTTLED from 127.0.0.1:" + smsc.port()), e.getMessage());
            assertEquals(0, esme.stats().inFlight());
        }
    }

    @Test
    void keepAliveSendsEnquireLinkWhenTheSessionIsQuiet() throws Exception {
        try (Smsc smsc = Smsc.start(SmscConfig.of(ACCOUNTS));
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret")
                     .withEnquireLinkInterval(Duration.ofMillis(100)))) {
            assertTrue(Poll.until(() -> esme.stats().enquireLinksAnswered() >= 3, 5000), esme.stats().toString());
            assertTrue(smsc.stats().pdusHandled() >= 4, "bind and three enquire_links: " + smsc.stats());
        }
    }

    @Test
    void anUnansweredEnquireLinkEndsTheSession() throws Exception {
        try (ScriptedSmsc silent = ScriptedSmsc.start(true, ScriptedSmsc.SILENT);
             Esme esme = Esme.connect(EsmeConfig.of(silent.port(), "esme", "secret")
                     .withEnquireLinkInterval(Duration.ofMillis(100)).withRequestTimeout(Duration.ofMillis(200)))) {
            assertTrue(Poll.until(() -> !esme.isOpen(), 5000), "still open with its enquire_link unanswered");
            assertTrue(silent.received().stream().anyMatch(EnquireLink.class::isInstance));
        }
    }

    @Test
    void aLinkThatTakesWritesButAnswersNothingIsFoundDeadWithinTheIntervalAndTheTimeout() throws Exception {
        // a dead link still takes writes into the socket's buffer: what proves it alive is something read back
        try (ScriptedSmsc silent = ScriptedSmsc.start(true, ScriptedSmsc.SILENT);
             Esme esme = Esme.connect(EsmeConfig.of(silent.port(), "esme", "secret").withWindow(1000)
                     .withEnquireLinkInterval(Duration.ofMillis(300)).withRequestTimeout(Duration.ofSeconds(1)))) {
            long bound = System.nanoTime();
            long deadline = bound + Duration.ofSeconds(10).toNanos();
            while (esme.isOpen() && System.nanoTime() - deadline < 0) {
                esme.submit(SUBMIT, (response, error, sent) -> { }, -1);
                // a write every 20 ms: never 300 ms without one
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            }
            long took = System.nanoTime() - bound;
            assertFalse(esme.isOpen(), "still open after 10 s of writes with nothing read");
            assertTrue(silent.received().stream().anyMatch(EnquireLink.class::isInstance));
            // 300 ms quiet, then 1 s for the enquire_link's answer, and the sweep's tenth of a timeout
            assertTrue(took < Duration.ofMillis(2_500).toNanos(), "found dead after " + took / 1e6 + " ms");
        }
    }

    @Test
    void theSmscsUnbindIsAnsweredAndLaterSubmitsFail() throws Exception {
        try (Smsc smsc = Smsc.start(SmscConfig.of(ACCOUNTS).withIdleTimeout(Duration.ofMillis(150)));
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret").withEnquireLinkInterval(Duration.ZERO))) {
            assertTrue(Poll.until(() -> !esme.isOpen(), 5000), "the ESME did not close after the SMSC's unbind");
            assertEquals(1, smsc.stats().idleTimeouts());
            SmppClientException e = assertThrows(SmppClientException.class, () -> esme.submitSync(SUBMIT));
            assertEquals("the session with 127.0.0.1:" + smsc.port() + " is closed", e.getMessage());
            // the unbind_resp came back: the SMSC closed at once rather than after its grace
            assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 500));
        }
    }

    @Test
    void theCallersSequenceNumberIsReplacedByTheSessions() throws Exception {
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, (pdu, peer) ->
                peer.send(new SubmitSmResp(CommandStatus.ESME_ROK, pdu.sequenceNumber(), "x")));
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
            esme.submitSync(SUBMIT);
            esme.submitSync(SUBMIT);
            List<Integer> sequences = smsc.received().stream().filter(SubmitSm.class::isInstance)
                    .map(p -> p.sequenceNumber()).toList();
            assertEquals(2, sequences.size());
            assertFalse(sequences.contains(SUBMIT.sequenceNumber()));
            assertFalse(sequences.get(0).equals(sequences.get(1)));
            assertTrue(sequences.get(0) > 0 && sequences.get(1) > 0);
            // everything it sent besides: the bind, and the submits' body exactly as given
            assertEquals(SUBMIT.body(), ((SubmitSm) smsc.received().get(1)).body());
        }
    }

    @Test
    void takesAnErrorSubmitSmRespWithOrWithoutItsBody() throws Exception {
        // SMPP 3.4 sends none (4.4.2); some SMSCs send a message_id or a lone NUL all the same
        AtomicInteger answered = new AtomicInteger();
        ScriptedSmsc.Script script = (pdu, peer) -> {
            String body = switch (answered.getAndIncrement()) {
                case 0 -> "";
                case 1 -> "00";
                default -> "61626300";
            };
            peer.sendBytes(RawSmppSocket.hex(String.format("%08x 80000004 00000058 %08x %s",
                    16 + body.length() / 2, pdu.sequenceNumber(), body)));
        };
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, script);
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
            for (String messageId : List.of("", "", "abc")) {
                SubmitSmResp resp = esme.submitSync(SUBMIT);
                assertEquals(CommandStatus.ESME_RTHROTTLED, resp.commandStatus());
                assertEquals(messageId, resp.messageId());
            }
            assertEquals(3, esme.stats().responses());
        }
    }

    @Test
    void aDeliverSmWhoseBodyCannotBeReadIsAnsweredWithDeliverSmRespCarryingTheError() throws Exception {
        // a deliver_sm whose source_addr runs on without its NUL, sent ahead of the submit_sm_resp
        byte[] deliverSm = RawSmppSocket.hex("""
                0000002c 00000005 00000000 00000077
                00 0101 34343737303039303031323334353637383930313233343536
                """);
        ScriptedSmsc.Script script = (pdu, peer) -> {
            if (pdu instanceof SubmitSm) {
                peer.sendBytes(deliverSm);
                peer.send(new SubmitSmResp(CommandStatus.ESME_ROK, pdu.sequenceNumber(), "m1"));
            }
        };
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, script);
             Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
            assertEquals("m1", esme.submitSync(SUBMIT).messageId());
            DeliverSmResp answer = new DeliverSmResp(CommandStatus.ESME_RINVSRCADR, 0x77);
            assertTrue(Poll.until(() -> smsc.received().contains(answer), 5000), "received: " + smsc.received());
            assertFalse(smsc.received().stream().anyMatch(GenericNack.class::isInstance), "a generic_nack for a body fault");
            assertTrue(esme.isOpen());
        }
    }

    @Test
    void aSubmitSmRespThatCannotBeReadFailsItsRequestAtOnceNamingTheFault() throws Exception {
        // ESME_ROK and a message_id without its NUL
        ScriptedSmsc.Script script = (pdu, peer) -> peer.sendBytes(ByteBuffer.allocate(18).putInt(18)
                .putInt(CommandId.SUBMIT_SM_RESP).putInt(0).putInt(pdu.sequenceNumber())
                .put((byte) 'A').put((byte) 'B').array());
        try (ScriptedSmsc smsc = ScriptedSmsc.start(true, script)) {
            try (Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret")
                    .withRequestTimeout(Duration.ofSeconds(20)))) {
                SmppClientException e = assertThrows(SmppClientException.class, () -> esme.submitSync(SUBMIT));
                assertFalse(e instanceof RequestTimeoutException, "left to time out: " + e);
                assertTrue(e.getMessage().startsWith("cannot read what 127.0.0.1:" + smsc.port() + " sent: submit_sm_resp"),
                        e.getMessage());
                assertTrue(e.getMessage().contains("message_id has no NUL"), e.getMessage());
                assertEquals(0, esme.stats().inFlight());
            }
            // a response is not answered: between the submit_sm and the closing unbind came nothing
            assertTrue(Poll.until(() -> smsc.received().size() == 3, 5000), "received: " + smsc.received());
            assertInstanceOf(Unbind.class, smsc.received().get(2), "received: " + smsc.received());
        }
    }
}
