package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that keeps sending and never reads: the server's queue for it fills to the bound and no
 * further, the server stops reading it (what the client sends beyond waits in the kernel's buffers,
 * then its writes block), other clients are served meanwhile, and once the client reads, every
 * request is answered, in order. With enquire_link (decoded on either reader) and submit_sm (on the
 * flyweight reader, frames held in the socket's buffers while the session waits); and a client that
 * vanishes while its requests are held is closed, its held frames given back.
 */
@ParameterizedClass
@EnumSource(SmscReader.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmscBackpressureTest {

    /** Every test runs on each reader: the SMSC must behave the same on the wire with both. */
    @Parameter
    SmscReader reader;

    private static final int BOUND = 64 * 1024;
    /** enquire_links the client tries to send: megabytes, more than the kernel's buffers both ways hold. */
    private static final int BATCH = 256;
    private static final int REQUESTS = 1600 * BATCH;

    /** What the client sends, numbered, and what answers it. */
    enum Request {
        ENQUIRE_LINK, SUBMIT_SM;

        byte[] bytes(int sequence) {
            return this == ENQUIRE_LINK ? RawSmppSocket.bytes(new EnquireLink(sequence))
                    : SmscSessionTest.rawSubmitSm(sequence, 0x00);
        }

        void assertAnswers(Pdu answer, int sequence) {
            assertEquals(sequence, answer.sequenceNumber(), "answers out of order or lost");
            assertEquals(this == ENQUIRE_LINK ? CommandId.ENQUIRE_LINK_RESP : CommandId.SUBMIT_SM_RESP, answer.commandId());
            assertEquals(CommandStatus.ESME_ROK, answer.commandStatus());
        }
    }

    @ParameterizedTest
    @EnumSource(Request.class)
    void aClientThatNeverReadsGetsBackpressureNotAnUnboundedQueue(Request request) throws Exception {
        try (Smsc smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withReader(reader).withOutboundBound(BOUND));
             RawSmppSocket raw = RawSmppSocket.connect(smsc.port(), 4096)) {
            raw.bind("esme", "secret");
            AtomicLong sent = new AtomicLong();
            Thread writer = new Thread(() -> send(raw, sent, request), "never-reading-client");
            writer.setDaemon(true);
            writer.start();

            waitForStall(sent, smsc);
            // what the client sent beyond this sits in the kernel's socket buffers, not in the server
            long handled = smsc.stats().pdusHandled();
            Thread.sleep(300);
            assertEquals(handled, smsc.stats().pdusHandled(), "the server kept reading a client that does not read");
            assertTrue(handled < sent.get(), "the server read all " + sent.get() + " requests sent");
            long pending = smsc.stats().maxOutboundPending();
            assertTrue(pending <= BOUND, "outbound queue reached " + pending + " octets, over the bound of " + BOUND);
            assertTrue(pending >= BOUND - SmscConfig.WRITE_HEADROOM, "the queue never filled to the mark: " + pending);

            try (Esme other = Esme.connect(EsmeConfig.of(smsc.port(), "other", "pass"))) {
                assertEquals(CommandStatus.ESME_ROK, other.submitSync(SmscSessionTest.withoutReceipt()).commandStatus());
            }

            for (int i = 1; i <= REQUESTS; i++) {
                request.assertAnswers(raw.read(), i);
            }
            writer.join(5000);
            assertEquals(REQUESTS, sent.get());
            assertTrue(smsc.stats().maxOutboundPending() <= BOUND);
        }
    }

    @Test
    void aClientThatVanishesWhileItsSubmitSmAreHeldIsClosedAndOthersAreServed() throws Exception {
        try (Smsc smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withReader(reader).withOutboundBound(BOUND))) {
            RawSmppSocket raw = RawSmppSocket.connect(smsc.port(), 4096);
            raw.bind("esme", "secret");
            AtomicLong sent = new AtomicLong();
            Thread writer = new Thread(() -> send(raw, sent, Request.SUBMIT_SM), "vanishing-client");
            writer.setDaemon(true);
            writer.start();
            waitForStall(sent, smsc);
            raw.reset();
            writer.join(5000);
            assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000), "the vanished client's session is open");
            try (Esme other = Esme.connect(EsmeConfig.of(smsc.port(), "other", "pass"))) {
                assertEquals(CommandStatus.ESME_ROK, other.submitSync(SmscSessionTest.withoutReceipt()).commandStatus());
            }
        }
    }

    /** Writes the requests in batches, counting what the socket accepted; blocks while the server does not read. */
    private static void send(RawSmppSocket raw, AtomicLong sent, Request request) {
        try {
            OutputStream out = raw.socket().getOutputStream();
            ByteArrayOutputStream batch = new ByteArrayOutputStream();
            for (int first = 1; first <= REQUESTS; first += BATCH) {
                batch.reset();
                for (int sequence = first; sequence < first + BATCH; sequence++) {
                    batch.writeBytes(request.bytes(sequence));
                }
                out.write(batch.toByteArray());
                sent.addAndGet(BATCH);
            }
        } catch (IOException e) {
            // the test fails on the count
        }
    }

    /**
     * Waits until neither the client's sending nor the server's reading has moved for three looks 300 ms
     * apart. One still look is not enough on a loaded machine: a starved writer or event loop can sit
     * still for 300 ms while still running. Nor is all being sent: the kernel's buffers can take it all
     * while the server, slowed by a busy machine, is still reading its way to the mark.
     */
    private static void waitForStall(AtomicLong sent, Smsc smsc) throws InterruptedException {
        long lastSent = -1;
        long lastHandled = -1;
        int still = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && still < 3) {
            Thread.sleep(300);
            long nowSent = sent.get();
            long nowHandled = smsc.stats().pdusHandled();
            still = nowSent == lastSent && nowHandled == lastHandled ? still + 1 : 0;
            lastSent = nowSent;
            lastHandled = nowHandled;
        }
    }
}
