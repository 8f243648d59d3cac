package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import dev.wirebench.smpp.transport.EventLoops;
import io.netty.channel.EventLoopGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many sessions at once, and clients that vanish halfway through a PDU. */
@ParameterizedClass
@EnumSource(SmscReader.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SmscReliabilityTest {

    /** Every test runs on each reader: the SMSC must behave the same on the wire with both. */
    @Parameter
    SmscReader reader;

    private static final int SESSIONS = 1000;
    private static final int DISCONNECTS = 100;

    @Test
    void aThousandConcurrentSessionsBindSubmitAndUnbind() throws Exception {
        EventLoopGroup clients = EventLoops.nio("esmes", 2);
        try (Smsc smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withReader(reader))) {
            EsmeConfig config = EsmeConfig.of(smsc.port(), "esme", "secret").withBindTimeout(Duration.ofSeconds(20));
            List<CompletableFuture<Esme>> connecting = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                connecting.add(Esme.connectAsync(config, clients));
            }
            CompletableFuture.allOf(connecting.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            assertEquals(SESSIONS, smsc.stats().sessionsOpen(), "all bound at once");

            CountDownLatch answered = new CountDownLatch(SESSIONS);
            AtomicInteger accepted = new AtomicInteger();
            for (CompletableFuture<Esme> esme : connecting) {
                esme.join().submit(SmscSessionTest.withoutReceipt(), (resp, error, sentNanos) -> {
                    if (resp != null && resp.commandStatus() == CommandStatus.ESME_ROK && !resp.messageId().isEmpty()) {
                        accepted.incrementAndGet();
                    }
                    answered.countDown();
                });
            }
            assertTrue(answered.await(30, TimeUnit.SECONDS), answered.getCount() + " submits unanswered");
            assertEquals(SESSIONS, accepted.get());

            CompletableFuture<?>[] closing = connecting.stream().map(esme -> esme.join().closeAsync())
                    .toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(closing).get(30, TimeUnit.SECONDS);
            assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 10_000), smsc.stats().sessionsOpen() + " left open");
            assertEquals(SESSIONS, smsc.stats().sessionsAccepted());
            assertEquals(SESSIONS, smsc.stats().submits());
            assertEquals(0, smsc.stats().nacks());
        } finally {
            clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aHundredClientsVanishingMidPduLeaveTheServerServing() throws Exception {
        byte[] submit = RawSmppSocket.bytes(SmppSamples.SUBMIT_SM);
        byte[] half = Arrays.copyOf(submit, submit.length / 2);
        try (Smsc smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withReader(reader))) {
            for (int i = 0; i < DISCONNECTS; i++) {
                RawSmppSocket raw = RawSmppSocket.connect(smsc.port());
                if (i % 2 == 0) {
                    raw.bind("esme", "secret");
                }
                raw.sendBytes(half);
                // half the clients close in order (FIN), half reset (RST)
                if (i % 4 < 2) {
                    raw.close();
                } else {
                    raw.reset();
                }
            }
            // the last connections may still wait in the accept queue when the loop ends
            assertTrue(Poll.until(() -> smsc.stats().sessionsAccepted() == DISCONNECTS && smsc.stats().sessionsOpen() == 0,
                    10_000), smsc.stats().toString());
            assertEquals(0, smsc.stats().submits(), "half a submit_sm was taken for a whole one");
            try (Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
                assertEquals(CommandStatus.ESME_ROK, esme.submitSync(SmscSessionTest.withoutReceipt()).commandStatus());
            }
        }
    }
}
