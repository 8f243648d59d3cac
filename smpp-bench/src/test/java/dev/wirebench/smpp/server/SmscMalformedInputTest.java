package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed PDUs over a raw socket: a bad command_length is answered with generic_nack sequence 0 and
 * the connection closed; a sound command_length around a bad body is answered with generic_nack (its
 * status and sequence number) and the session goes on. After each, the server still serves; across
 * 1,000 such sessions its heap does not grow.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmscMalformedInputTest {

    private static final int CAP = 4096;
    private static final int SEQUENCE = 0x00C0FFEE;

    private Smsc smsc;

    @BeforeEach
    void start() throws IOException {
        smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withMaxCommandLength(CAP));
    }

    @AfterEach
    void stop() {
        smsc.close();
    }

    @Test
    void commandLengthZeroIsNackedWithSequenceZeroAndClosed() throws Exception {
        assertNackedAndClosed(header(0, CommandId.ENQUIRE_LINK, SEQUENCE));
    }

    @Test
    void commandLengthFifteenIsNackedWithSequenceZeroAndClosed() throws Exception {
        assertNackedAndClosed(header(15, CommandId.ENQUIRE_LINK, SEQUENCE));
    }

    @Test
    void commandLengthOfTheLargestIntIsNackedAtOnceWithoutWaitingForTheBody() throws Exception {
        assertNackedAndClosed(header(Integer.MAX_VALUE, CommandId.SUBMIT_SM, SEQUENCE));
    }

    @Test
    void commandLengthOneOverTheCapIsNackedAndClosed() throws Exception {
        assertNackedAndClosed(header(CAP + 1, CommandId.SUBMIT_SM, SEQUENCE));
    }

    @Test
    void anUnknownCommandIdIsNackedWithEsmeRinvcmdidAndTheSessionGoesOn() throws Exception {
        assertNackedAndKept(header(16, 0x00000042, SEQUENCE), CommandStatus.ESME_RINVCMDID);
    }

    @Test
    void anUnterminatedCStringIsNackedWithItsStatusAndTheSessionGoesOn() throws Exception {
        byte[] pdu = unterminatedSystemId();
        int status = statusOf(pdu);
        assertEquals(CommandStatus.ESME_RINVSYSID, status);
        assertNackedAndKept(pdu, status);
    }

    @Test
    void aFrameIsNeverHeldBeyondTheCapPlusOneRead() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            // a frame of exactly the cap, one octet short of complete: the framer must hold it and wait
            raw.sendBytes(header(CAP, CommandId.SUBMIT_SM, SEQUENCE));
            raw.sendBytes(new byte[CAP - SmppCodec.HEADER_LENGTH - 1]);
            assertTrue(raw.openAfter(200));
        }
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000));
        long held = smsc.stats().maxInboundBuffered();
        assertTrue(held >= CAP - 1 && held <= CAP + Smsc.MAX_READ, "held " + held + " octets");
    }

    @Test
    void heapStaysBoundedAcrossAThousandMalformedSessions() throws Exception {
        List<byte[]> malformed = List.of(header(0, CommandId.ENQUIRE_LINK, 1), header(15, CommandId.ENQUIRE_LINK, 2),
                header(Integer.MAX_VALUE, CommandId.SUBMIT_SM, 3), header(CAP + 1, CommandId.SUBMIT_SM, 4),
                header(16, 0x00000042, 5), unterminatedSystemId());
        for (int i = 0; i < 100; i++) {
            oneMalformedSession(malformed.get(i % malformed.size()));
        }
        long before = heapAfterGc();
        for (int i = 0; i < 1000; i++) {
            oneMalformedSession(malformed.get(i % malformed.size()));
        }
        assertTrue(Poll.until(() -> smsc.stats().sessionsOpen() == 0, 5000), "sessions left open");
        long grown = heapAfterGc() - before;
        // about 20 KiB here; one session kept alive (channel, pipeline, framer) is about 2.6 KiB, so 1,000 leaked fail this
        assertTrue(grown < 1024 * 1024, "heap grew by " + grown + " octets over 1,000 malformed sessions");
        assertEquals(1100, smsc.stats().nacks());
        assertTrue(smsc.stats().maxInboundBuffered() <= CAP + Smsc.MAX_READ);
        assertServing();
    }

    private void oneMalformedSession(byte[] pdu) throws IOException {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.sendBytes(pdu);
            assertTrue(raw.read() instanceof GenericNack);
        }
    }

    private void assertNackedAndClosed(byte[] pdu) throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.sendBytes(pdu);
            assertEquals(new GenericNack(CommandStatus.ESME_RINVCMDLEN, 0), raw.read());
            assertTrue(raw.closedByServer(), "the connection stays open after a command_length that breaks framing");
        }
        assertEquals(1, smsc.stats().nacks());
        assertServing();
    }

    private void assertNackedAndKept(byte[] pdu, int status) throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.sendBytes(pdu);
            assertEquals(new GenericNack(status, SEQUENCE), raw.read());
            raw.send(new EnquireLink(2));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, 2), raw.read());
        }
        assertServing();
    }

    /** The server still binds and answers a submit_sm from a fresh client. */
    private void assertServing() throws Exception {
        try (Esme esme = Esme.connect(EsmeConfig.of(smsc.port(), "esme", "secret"))) {
            assertEquals(CommandStatus.ESME_ROK, esme.submitSync(SmscSessionTest.withoutReceipt()).commandStatus());
        }
    }

    private static byte[] header(int commandLength, int commandId, int sequence) {
        return ByteBuffer.allocate(16).putInt(commandLength).putInt(commandId).putInt(0).putInt(sequence).array();
    }

    /** A bind_transceiver whose system_id runs to the end of the PDU without its NUL. */
    private static byte[] unterminatedSystemId() {
        byte[] systemId = "esme-without-nul-to-the-end".getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(16 + systemId.length).putInt(16 + systemId.length).putInt(CommandId.BIND_TRANSCEIVER)
                .putInt(0).putInt(SEQUENCE).put(systemId).array();
    }

    /** The status our codec rejects these octets with: what the server must answer. */
    private static int statusOf(byte[] pdu) {
        ByteBuf buf = Unpooled.wrappedBuffer(pdu);
        return assertThrows(SmppDecodeException.class, () -> new SmppCodec(CAP).decode(buf)).commandStatus();
    }

    private static long heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }
}
