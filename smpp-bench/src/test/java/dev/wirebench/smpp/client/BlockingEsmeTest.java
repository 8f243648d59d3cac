package dev.wirebench.smpp.client;

import dev.wirebench.smpp.jmh.SessionThreads;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.testkit.Poll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BlockingEsme against our Smsc: bind, a reader on a platform (and, on JDK 21+, a virtual) thread, unbind. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BlockingEsmeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private Smsc smsc;

    @BeforeEach
    void start() throws IOException {
        smsc = Smsc.start(SmscConfig.of(Map.of("esme", "secret")).withReceipts(true));
    }

    @AfterEach
    void stop() {
        smsc.close();
    }

    private BlockingEsme connect() throws IOException {
        return BlockingEsme.connect("127.0.0.1", smsc.port(), "esme", "secret", TIMEOUT);
    }

    @Test
    void bindsAndItsReaderSeesTheAnswerToAnEnquireLinkThenUnbindsOnClose() throws Exception {
        BlockingEsme esme = connect();
        assertEquals(1, smsc.stats().sessionsOpen());
        esme.startReader(SessionThreads.factory(SessionThreads.PLATFORM, "reader-"));
        esme.enquireLink();
        assertTrue(Poll.until(() -> esme.enquireLinksAnswered() == 1, 5000), "enquire_link_resp read");
        esme.close();
        assertFalse(esme.isReading());
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000), "the SMSC closed the session");
        assertEquals(0, smsc.stats().idleTimeouts());
    }

    @Test
    void runsItsReaderOnAVirtualThreadWhereTheJdkHasThem() throws Exception {
        if (!SessionThreads.virtualAvailable()) {
            SessionThreads.VirtualThreadsUnavailableException e = assertThrows(
                    SessionThreads.VirtualThreadsUnavailableException.class,
                    () -> SessionThreads.factory(SessionThreads.VIRTUAL, "reader-"));
            assertEquals("virtual threads not available on JDK " + Runtime.version().feature() + " (need 21+)", e.getMessage());
            return;
        }
        ThreadFactory virtual = SessionThreads.factory(SessionThreads.VIRTUAL, "reader-");
        assertTrue(virtual.newThread(() -> { }).toString().startsWith("VirtualThread"), "a virtual thread");
        try (BlockingEsme esme = connect()) {
            esme.startReader(virtual);
            esme.enquireLink();
            esme.enquireLink();
            assertTrue(Poll.until(() -> esme.enquireLinksAnswered() == 2, 5000), "both enquire_link_resp read");
        }
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000), "the SMSC closed the session");
    }

    @Test
    void answersTheReceiptAnotherSessionOfItsAccountAskedFor() throws Exception {
        try (BlockingEsme esme = connect();
             Esme transmitter = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret").withBindType(BindType.TRANSMITTER))) {
            esme.startReader(SessionThreads.factory(SessionThreads.PLATFORM, "reader-"));
            assertEquals(CommandStatus.ESME_ROK, transmitter.submitSync(SmppSamples.SUBMIT_SM).commandStatus());
            assertTrue(Poll.until(() -> esme.deliverSmAnswered() == 1, 5000), "the receipt read");
            assertTrue(Poll.until(() -> smsc.stats().receiptsAcked() == 1, 5000), "deliver_sm_resp counted");
        }
    }

    @Test
    void answersTheSmscsUnbindAndEnds() throws Exception {
        try (Smsc impatient = Smsc.start(SmscConfig.of(Map.of("esme", "secret")).withIdleTimeout(Duration.ofMillis(200)));
             BlockingEsme esme = BlockingEsme.connect("127.0.0.1", impatient.port(), "esme", "secret", TIMEOUT)) {
            esme.startReader(SessionThreads.factory(SessionThreads.PLATFORM, "reader-"));
            assertTrue(Poll.until(() -> !esme.isReading(), 5000), "the reader ended");
            assertEquals(1, impatient.stats().idleTimeouts());
            // closed on the unbind_resp, not after the SMSC's grace of a second
            assertTrue(Poll.until(() -> impatient.stats().sessionsOpen() == 0, 900), "the SMSC closed on unbind_resp");
        }
    }

    @Test
    void refusedBindNamesTheStatus() {
        BindRejectedException e = assertThrows(BindRejectedException.class,
                () -> BlockingEsme.connect("127.0.0.1", smsc.port(), "esme", "wrong", TIMEOUT));
        assertEquals(CommandStatus.ESME_RINVPASWD, e.commandStatus());
        assertTrue(e.getMessage().startsWith("bind_transceiver as 'esme' refused by 127.0.0.1:" + smsc.port()
                + ": ESME_RINVPASWD"), e.getMessage());
    }

    @Test
    void refusedConnectionNamesTheAddress() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        SmppClientException e = assertThrows(SmppClientException.class,
                () -> BlockingEsme.connect("127.0.0.1", port, "esme", "secret", TIMEOUT));
        assertEquals("cannot connect to 127.0.0.1:" + port + ": connection refused; is an SMSC listening there?", e.getMessage());
    }

    @Test
    void anUnansweredBindTimesOutNamingTheServer() throws IOException {
        try (ServerSocket silent = new ServerSocket(0)) {
            long start = System.nanoTime();
            SmppClientException e = assertThrows(SmppClientException.class,
                    () -> BlockingEsme.connect("127.0.0.1", silent.getLocalPort(), "esme", "secret", Duration.ofMillis(300)));
            assertEquals("no answer from 127.0.0.1:" + silent.getLocalPort() + " within 300 ms", e.getMessage());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3));
        }
    }
}
