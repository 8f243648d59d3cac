package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that keeps sending and never reads: the server's queue for it fills to the bound and no
 * further, the server stops reading it (what the client sends beyond waits in the kernel's buffers,
 * then its writes block), other clients are served meanwhile, and once the client reads, every
 * request is answered, in order.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmscBackpressureTest {

    private static final int BOUND = 64 * 1024;
    /** enquire_links the client tries to send: megabytes, more than the kernel's buffers both ways hold. */
    private static final int BATCH = 256;
    private static final int REQUESTS = 1600 * BATCH;

    @Test
    void aClientThatNeverReadsGetsBackpressureNotAnUnboundedQueue() throws Exception {
        try (Smsc smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withOutboundBound(BOUND));
             RawSmppSocket raw = RawSmppSocket.connect(smsc.port(), 4096)) {
            raw.bind("esme", "secret");
            AtomicLong sent = new AtomicLong();
            Thread writer = new Thread(() -> send(raw, sent), "never-reading-client");
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
                EnquireLinkResp resp = (EnquireLinkResp) raw.read();
                assertEquals(i, resp.sequenceNumber(), "answers out of order or lost");
            }
            writer.join(5000);
            assertEquals(REQUESTS, sent.get());
            assertTrue(smsc.stats().maxOutboundPending() <= BOUND);
        }
    }

    /** Writes the enquire_links in batches, counting what the socket accepted; blocks while the server does not read. */
    private static void send(RawSmppSocket raw, AtomicLong sent) {
        try {
            OutputStream out = raw.socket().getOutputStream();
            ByteBuffer batch = ByteBuffer.allocate(BATCH * 16);
            for (int first = 1; first <= REQUESTS; first += BATCH) {
                batch.clear();
                for (int sequence = first; sequence < first + BATCH; sequence++) {
                    batch.put(RawSmppSocket.bytes(new EnquireLink(sequence)));
                }
                out.write(batch.array());
                sent.addAndGet(BATCH);
            }
        } catch (IOException e) {
            // the test fails on the count
        }
    }

    /**
     * Waits until neither the client's sending nor the server's reading has moved for three looks 300 ms
     * apart, or all is sent (the kernel's buffers can take it all). One still look is not enough on a
     * loaded machine: a starved writer or event loop can sit still for 300 ms while still running.
     */
    private static void waitForStall(AtomicLong sent, Smsc smsc) throws InterruptedException {
        long lastSent = -1;
        long lastHandled = -1;
        int still = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && still < 3 && lastSent != REQUESTS) {
            Thread.sleep(300);
            long nowSent = sent.get();
            long nowHandled = smsc.stats().pdusHandled();
            still = nowSent == lastSent && nowHandled == lastHandled ? still + 1 : 0;
            lastSent = nowSent;
            lastHandled = nowHandled;
        }
    }
}
