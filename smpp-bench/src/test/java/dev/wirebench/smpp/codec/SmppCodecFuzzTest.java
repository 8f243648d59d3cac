package dev.wirebench.smpp.codec;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Request;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link SmppCodec#decode} and {@link MessageFlyweight#wrap} on bytes nobody chose. Fuzzed by {@code .ci/fuzz}
 * ({@code JAZZER_FUZZ=1}); every test run replays the seeds and regression inputs in
 * {@code SmppCodecFuzzTestInputs/<method>/} (seeds written by {@code dev.wirebench.smpp.transport.SmppFuzzSeeds}).
 */
class SmppCodecFuzzTest {

    /** A cap under the 132-octet submit_sm fixture, so that the fuzzer meets the cap without 64 KiB inputs. */
    private static final int SMALL_CAP = 100;

    private final SmppCodec codec = new SmppCodec();
    private final SmppCodec smallCap = new SmppCodec(SMALL_CAP);
    private final ReadersAgree readers = new ReadersAgree();

    /**
     * For any bytes at readerIndex 0 of a heap buffer and of a direct one:
     * <ul>
     *   <li>decode returns a PDU or throws {@link SmppDecodeException}, never anything else; after a refusal
     *       readerIndex is where it was, after a PDU it has moved by command_length;</li>
     *   <li>the refusal breaks the framing exactly when command_length is under 16, over the cap or past the
     *       bytes (then ESME_RINVCMDLEN, command_id 0, the sequence_number only if 16 octets and a length of
     *       at least 16 are there); otherwise it names the header's command_id and sequence_number;</li>
     *   <li>both buffers give the same PDU or the same refusal, and a codec with a cap of {@value #SMALL_CAP}
     *       differs from the default one only by refusing a longer command_length;</li>
     *   <li>the flyweight accepts exactly what decode accepts as a submit_sm or deliver_sm, with the same
     *       {@code PduChecksum}, and refuses the rest with decode's status, sequence number, framing verdict
     *       and message ({@link ReadersAgree}, at offset 7 of a heap and a direct buffer);</li>
     *   <li>a PDU re-encodes to the command_length octets it was read from, but for what SMPP 3.4 lets
     *       differ ({@link #asEncodeWrites}).</li>
     * </ul>
     * An input takes microseconds: one that takes 5 s is a hang, and a finding.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(5)
    void decodeAgreesWithFlyweightAndEncode(byte[] wire) {
        Outcome heap = decode(codec, Unpooled.wrappedBuffer(wire), wire);
        ByteBuf direct = Unpooled.directBuffer(wire.length).writeBytes(wire);
        Outcome inDirect;
        try {
            inDirect = decode(codec, direct, wire);
        } finally {
            direct.release();
        }
        assertEquals(heap, inDirect, "a direct buffer read otherwise than a heap one");
        assertSmallCapDiffersOnlyByLength(heap, decode(smallCap, Unpooled.wrappedBuffer(wire), wire), wire);

        readers.assertSameOutcome(wire, Buffers.HEAP, false, "heap");
        readers.assertSameOutcome(wire, Buffers.POOLED_DIRECT, false, "pooled direct");

        if (heap.pdu != null) {
            ByteBuf out = Unpooled.buffer();
            int written = codec.encode(heap.pdu, out);
            assertEquals(written, out.readableBytes(), "encode's count");
            assertEquals(ByteBufUtil.hexDump(asEncodeWrites(heap.pdu, Arrays.copyOf(wire, heap.length))),
                    ByteBufUtil.hexDump(out), "re-encoded " + heap.pdu);
        }
    }

    /** What decode made of {@code buf}: a PDU of {@code length} octets, or a refusal. */
    private record Outcome(Pdu pdu, int length, String message, int status, int commandId, int sequenceNumber,
                           boolean framingIntact) {
    }

    /** Decodes {@code buf}, which holds {@code wire} from readerIndex 0, and checks what the codec documents. */
    private static Outcome decode(SmppCodec codec, ByteBuf buf, byte[] wire) {
        long commandLength = wire.length < 4 ? -1 : Integer.toUnsignedLong(buf.getInt(0));
        boolean framable = commandLength >= SmppCodec.HEADER_LENGTH && commandLength <= codec.maxCommandLength()
                && commandLength <= wire.length;
        Pdu pdu;
        try {
            pdu = codec.decode(buf);
        } catch (SmppDecodeException e) {
            assertEquals(0, buf.readerIndex(), "readerIndex after " + e.getMessage());
            assertEquals(framable, e.framingIntact(), e.getMessage());
            if (framable) {
                assertEquals(buf.getInt(4), e.commandId(), e.getMessage());
                assertEquals(buf.getInt(12), e.sequenceNumber(), e.getMessage());
            } else {
                assertEquals(CommandStatus.ESME_RINVCMDLEN, e.commandStatus(), e.getMessage());
                assertEquals(0, e.commandId(), e.getMessage());
                boolean headerRead = wire.length >= SmppCodec.HEADER_LENGTH && commandLength >= SmppCodec.HEADER_LENGTH;
                assertEquals(headerRead ? buf.getInt(12) : 0, e.sequenceNumber(), e.getMessage());
            }
            return new Outcome(null, 0, e.getMessage(), e.commandStatus(), e.commandId(), e.sequenceNumber(),
                    e.framingIntact());
        } catch (RuntimeException | Error e) {
            return fail("decode threw " + e + " where only SmppDecodeException is allowed", e);
        }
        if (!framable) {
            return fail("decode made " + pdu + " of a command_length of " + commandLength + " in " + wire.length
                    + " octets");
        }
        assertEquals(commandLength, buf.readerIndex(), "readerIndex after " + pdu);
        return new Outcome(pdu, (int) commandLength, null, 0, 0, 0, true);
    }

    /** The cap refuses a longer command_length, framing broken; anything else is read as without it. */
    private static void assertSmallCapDiffersOnlyByLength(Outcome uncapped, Outcome capped, byte[] wire) {
        long commandLength = wire.length < 4 ? -1 : Integer.toUnsignedLong(Unpooled.wrappedBuffer(wire).getInt(0));
        if (commandLength > SMALL_CAP) {
            assertEquals(false, capped.framingIntact, "over the cap: " + capped.message);
            assertEquals(CommandStatus.ESME_RINVCMDLEN, capped.status, capped.message);
        } else {
            assertEquals(uncapped, capped, "a cap of " + SMALL_CAP + " octets read a shorter PDU otherwise");
        }
    }

    /**
     * {@code read}, the octets {@code pdu} was decoded from, as encode writes {@code pdu} back; each
     * difference is one SMPP 3.4 allows and the codec's Javadoc states:
     * <ul>
     *   <li>a request's command_status, which should be NULL and decode ignores, is written as 0;</li>
     *   <li>a submit_sm_resp or bind_*_resp with an error status is read with or without its body and
     *       written as its header alone (4.1.2, 4.1.4, 4.1.6, 4.4.2: the body "is not returned");</li>
     *   <li>deliver_sm_resp's message_id, unused and NULL in 3.4 (4.6.2), is read whatever it holds, and left
     *       out by an error response, but is written as one NUL.</li>
     * </ul>
     * Everything else, strings, octet strings, and TLVs of any tag in their order, comes back octet for octet.
     */
    private static byte[] asEncodeWrites(Pdu pdu, byte[] read) {
        ByteBuf expected = Unpooled.wrappedBuffer(read);
        if (pdu instanceof Request) {
            expected.setInt(8, CommandStatus.ESME_ROK);
        } else if ((pdu instanceof SubmitSmResp || pdu instanceof BindResp) && pdu.commandStatus() != CommandStatus.ESME_ROK) {
            expected.writerIndex(SmppCodec.HEADER_LENGTH);
        } else if (pdu instanceof DeliverSmResp) {
            expected = Unpooled.buffer().writeBytes(read, 0, SmppCodec.HEADER_LENGTH).writeByte(0);
        }
        expected.setInt(0, expected.readableBytes());
        return ByteBufUtil.getBytes(expected);
    }
}
