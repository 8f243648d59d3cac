package dev.wirebench.smpp.server;

import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.Response;
import dev.wirebench.smpp.testkit.Poll;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed PDUs over a raw socket, each answer asserted octet for octet. SMPP 3.4 4.3 keeps
 * generic_nack for a bad command_length or command_id: a command_length that cannot be framed is
 * answered with generic_nack sequence 0 and the connection closed; one that does not fit its body, or
 * an unknown command_id, with generic_nack carrying the sequence number, and the session goes on. Any
 * other fault in a request (a C-Octet String without its NUL, sm_length past the end) gets the
 * request's own response, 16 octets (no body with an error: 4.1.2, 4.4.2), with the field's status and
 * the request's sequence number, and the session goes on; a response that cannot be read gets nothing.
 * After each the server still serves; across 1,000 such sessions its heap does not grow.
 */
@ParameterizedClass
@EnumSource(SmscReader.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmscMalformedInputTest {

    /** Every test runs on each reader: the SMSC must behave the same on the wire with both. */
    @Parameter
    SmscReader reader;

    private static final int CAP = 4096;
    private static final int SEQUENCE = 0x00C0FFEE;

    private Smsc smsc;

    @BeforeEach
    void start() throws IOException {
        smsc = Smsc.start(SmscConfig.of(SmscSessionTest.ACCOUNTS).withReader(reader).withMaxCommandLength(CAP));
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
        assertAnsweredAndKept(header(16, 0x00000042, SEQUENCE), "00000010 80000000 00000003 00c0ffee");
        assertEquals(1, smsc.stats().nacks());
    }

    @Test
    void aSubmitSmWhoseSourceAddrHasNoNulGetsSubmitSmRespEsmeRinvsrcadrAndTheSessionGoesOn() throws Exception {
        // service_type NULL, source_addr_ton 1, _npi 1, then 25 digits and no NUL within source_addr's 21 octets
        byte[] pdu = RawSmppSocket.hex("""
                0000002c 00000004 00000000 00c0ffee
                00 0101 34343737303039303031323334353637383930313233343536
                """);
        assertEquals(CommandStatus.ESME_RINVSRCADR, statusOf(pdu));
        assertAnsweredAndKept(pdu, "00000010 80000004 0000000a 00c0ffee");
        assertEquals(0, smsc.stats().nacks(), "a body at fault is no business of generic_nack");
        assertEquals(1, smsc.stats().submits(), "the fresh ESME's submit_sm alone");
    }

    @Test
    void aSubmitSmWhoseSmLengthRunsPastTheBodyGetsSubmitSmRespEsmeRinvmsglen() throws Exception {
        byte[] pdu = RawSmppSocket.hex("""
                0000003b 00000004 00000000 00c0ffee
                00 0500 5769726542656e636800 0101 34343737303039303031323300
                000000 00 00 00000000
                0a 68656c6c6f
                """);
        assertEquals(CommandStatus.ESME_RINVMSGLEN, statusOf(pdu));
        assertAnsweredAndKept(pdu, "00000010 80000004 00000001 00c0ffee");
        assertEquals(0, smsc.stats().nacks());
        assertEquals(1, smsc.stats().submits(), "the fresh ESME's submit_sm alone");
    }

    @Test
    void aSubmitSmThatEndsBeforeItsFixedFieldsIsNackedAsAnInvalidCommandLengthAndTheSessionGoesOn() throws Exception {
        // command_length 18 is too short for the mandatory fields: 4.3's invalid command_length, with a frame that holds
        byte[] pdu = RawSmppSocket.hex("00000012 00000004 00000000 00c0ffee 0005");
        assertEquals(CommandStatus.ESME_RINVCMDLEN, statusOf(pdu));
        assertAnsweredAndKept(pdu, "00000010 80000000 00000002 00c0ffee");
        assertEquals(1, smsc.stats().nacks());
    }

    @Test
    void anUnterminatedSystemIdGetsBindTransceiverRespEsmeRinvsysidAndABindCanFollow() throws Exception {
        byte[] pdu = unterminatedSystemId();
        assertEquals(CommandStatus.ESME_RINVSYSID, statusOf(pdu));
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.sendBytes(pdu);
            assertEquals("00000010 80000009 0000000f 00c0ffee", raw.readHex());
            // still open, and not bound: a bind that could not be read bound nothing
            assertEquals(CommandStatus.ESME_ROK, raw.bind("esme", "secret").commandStatus());
        }
        assertEquals(0, smsc.stats().nacks());
        assertEquals(1, smsc.stats().malformed());
    }

    @Test
    void aResponseThatCannotBeReadIsNotAnswered() throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            // a deliver_sm_resp whose message_id, NULL in SMPP 3.4, is "AB" without its NUL
            raw.sendBytes(RawSmppSocket.hex("00000012 80000005 00000000 00000007 4142"));
            raw.send(new EnquireLink(2));
            // the enquire_link_resp is the next thing to come: nothing answered the response
            assertEquals("00000010 80000015 00000000 00000002", raw.readHex());
        }
        assertEquals(1, smsc.stats().malformed());
        assertEquals(0, smsc.stats().nacks());
        assertEquals(0, smsc.stats().receiptsAcked());
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
        assertEquals(1100, smsc.stats().malformed());
        // every sixth is the unterminated system_id, answered with bind_transceiver_resp: 16 of the first 100, 166 after
        assertEquals(1100 - 16 - 166, smsc.stats().nacks());
        assertTrue(smsc.stats().maxInboundBuffered() <= CAP + Smsc.MAX_READ);
        assertServing();
    }

    private void oneMalformedSession(byte[] pdu) throws IOException {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.sendBytes(pdu);
            assertInstanceOf(Response.class, raw.read());
        }
    }

    private void assertNackedAndClosed(byte[] pdu) throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.sendBytes(pdu);
            // generic_nack ESME_RINVCMDLEN, sequence 0: after a bad command_length the header is not to be trusted
            assertEquals("00000010 80000000 00000002 00000000", raw.readHex());
            assertTrue(raw.closedByServer(), "the connection stays open after a command_length that breaks framing");
        }
        assertEquals(1, smsc.stats().nacks());
        assertServing();
    }

    /** Bound, sends {@code pdu}, reads {@code answer} octet for octet, then has an enquire_link answered. */
    private void assertAnsweredAndKept(byte[] pdu, String answer) throws Exception {
        try (RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            raw.bind("esme", "secret");
            raw.sendBytes(pdu);
            assertEquals(answer, raw.readHex());
            raw.send(new EnquireLink(2));
            assertEquals(new EnquireLinkResp(CommandStatus.ESME_ROK, 2), raw.read());
        }
        assertEquals(1, smsc.stats().malformed());
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
