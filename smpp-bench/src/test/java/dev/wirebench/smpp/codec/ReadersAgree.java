package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.pdu.Tlv;
import dev.wirebench.smpp.peer.PduChecksum;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Decode and the flyweight on the same octets, which must agree: where decode makes a submit_sm or
 * deliver_sm, the flyweight reads the same fields and folds them to the same {@link PduChecksum}; where
 * decode refuses, the flyweight refuses with the same status, sequence number, framing verdict and message;
 * where decode makes another command, the flyweight sends the caller to decode. Shared by
 * {@code MessageFlyweightConformanceTest} (chosen inputs) and {@code SmppCodecFuzzTest} (the fuzzer's).
 */
final class ReadersAgree {

    /** Where each PDU starts: not at 0, so an absolute index that forgets the start shows. */
    private static final int OFFSET = 7;
    private static final byte JUNK = (byte) 0xEE;

    private final SmppCodec codec = new SmppCodec();
    private final MessageFlyweight flyweight = new MessageFlyweight();
    /** The checksum the flyweight read in the last {@link #assertSameOutcome} that read one. */
    private long readChecksum;

    /** How the two readers dealt with the same octets, once {@link #assertSameOutcome} has seen them agree. */
    enum Verdict { READ, REFUSED, ANOTHER_COMMAND }

    /**
     * Puts {@code wire} at {@link #OFFSET} of a buffer of that kind (with junk after it if {@code junkAfter},
     * octets both readers must leave alone), lets decode and the flyweight read the same octets, and asserts
     * they agree: the same fields and checksum, the same refusal, or decode's PDU of another command and the
     * flyweight sending the caller to decode. The checksum read is left for {@link #readChecksum()}.
     */
    Verdict assertSameOutcome(byte[] wire, Buffers buffers, boolean junkAfter, String what) {
        ByteBuf buf = buffers.allocate(OFFSET + wire.length + 1);
        try {
            for (int i = 0; i < OFFSET; i++) {
                buf.writeByte(JUNK);
            }
            buf.writeBytes(wire);
            if (junkAfter) {
                buf.writeByte(JUNK);
            }
            buf.readerIndex(OFFSET);
            int readable = buf.readableBytes();
            int writerIndex = buf.writerIndex();
            Pdu decoded = null;
            SmppDecodeException refused = null;
            try {
                decoded = codec.decode(buf);
            } catch (SmppDecodeException e) {
                refused = e;
            }
            int decodedLength = buf.readerIndex() - OFFSET;
            buf.readerIndex(OFFSET);

            // framed: command_length is sound, so the header is there and the command_id is what is read next
            int commandId = refused == null || refused.framingIntact() ? buf.getInt(OFFSET + 4) : CommandId.SUBMIT_SM;
            if (!MessageFlyweight.reads(commandId) && SmppCodec.reads(commandId)) {
                // whether decode then reads its body or refuses it, it is not the flyweight's to judge
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> flyweight.wrap(buf, OFFSET, readable), what);
                assertEquals(CommandId.name(commandId) + " is not a submit_sm or deliver_sm: read it with"
                        + " SmppCodec.decode", e.getMessage(), what);
                return Verdict.ANOTHER_COMMAND;
            }
            MessageFlyweight read;
            try {
                read = flyweight.wrap(buf, OFFSET, readable);
            } catch (SmppDecodeException e) {
                if (refused == null) {
                    return fail(what + ": decode made " + decoded + " but the flyweight refused: " + e.getMessage(), e);
                }
                assertEquals(refused.getMessage(), e.getMessage(), what);
                assertEquals(refused.commandStatus(), e.commandStatus(), what);
                assertEquals(refused.sequenceNumber(), e.sequenceNumber(), what);
                assertEquals(refused.framingIntact(), e.framingIntact(), what);
                assertEquals(null, flyweight.buffer(), what + ": a failed wrap leaves nothing to read");
                return Verdict.REFUSED;
            }
            if (refused != null) {
                return fail(what + ": decode refused (" + refused.getMessage() + ") but the flyweight read " + read);
            }
            assertEquals(OFFSET, buf.readerIndex(), what + ": readerIndex");
            assertEquals(writerIndex, buf.writerIndex(), what + ": writerIndex");
            assertEquals(decodedLength, read.commandLength(), what + ": command_length");
            assertEquals(decoded, record(read), what + ": the fields read");
            readChecksum = PduChecksum.of(read);
            assertEquals(PduChecksum.of(decoded), readChecksum, what + ": checksum");
            return Verdict.READ;
        } finally {
            buf.release();
        }
    }

    /**
     * The record of what {@code read} holds, every field through the allocation-free accessors (strings by
     * offset and length, TLVs by the cursor); the String getters are checked against them on the way.
     */
    static Pdu record(MessageFlyweight read) {
        MessageBody.Builder body = MessageBody.builder()
                .serviceType(string(read, read.serviceTypeOffset(), read.serviceTypeLength(), read.serviceType()))
                .source(read.sourceAddrTon(), read.sourceAddrNpi(),
                        string(read, read.sourceAddrOffset(), read.sourceAddrLength(), read.sourceAddr()))
                .destination(read.destAddrTon(), read.destAddrNpi(),
                        string(read, read.destinationAddrOffset(), read.destinationAddrLength(), read.destinationAddr()))
                .esmClass(read.esmClass())
                .protocolId(read.protocolId())
                .priorityFlag(read.priorityFlag())
                .scheduleDeliveryTime(string(read, read.scheduleDeliveryTimeOffset(), read.scheduleDeliveryTimeLength(),
                        read.scheduleDeliveryTime()))
                .validityPeriod(string(read, read.validityPeriodOffset(), read.validityPeriodLength(), read.validityPeriod()))
                .registeredDelivery(read.registeredDelivery())
                .replaceIfPresentFlag(read.replaceIfPresentFlag())
                .dataCoding(read.dataCoding())
                .smDefaultMsgId(read.smDefaultMsgId());
        byte[] shortMessage = new byte[read.smLength()];
        read.copyShortMessage(shortMessage, 0);
        assertEquals(ByteBufUtil.hexDump(read.buffer(), read.shortMessageOffset(), read.smLength()),
                ByteBufUtil.hexDump(shortMessage), "copyShortMessage");
        List<Tlv> tlvs = new ArrayList<>();
        MessageFlyweight.Tlvs cursor = read.tlvs();
        while (cursor.next()) {
            tlvs.add(new Tlv(cursor.tag(), ByteBufUtil.getBytes(read.buffer(), cursor.valueOffset(), cursor.length())));
        }
        assertFalse(cursor.next(), "the cursor stays at its end");
        assertEquals(read.tlvCount(), tlvs.size(), "tlvCount");
        MessageBody built = body.shortMessage(shortMessage).tlvs(tlvs).build();
        return read.commandId() == CommandId.SUBMIT_SM ? new SubmitSm(read.sequenceNumber(), built)
                : new DeliverSm(read.sequenceNumber(), built);
    }

    /** The C-Octet String at {@code offset}, through appendAscii; asciiEquals and the String getter agree with it. */
    private static String string(MessageFlyweight read, int offset, int length, String getter) {
        String appended = read.appendAscii(offset, length, new StringBuilder()).toString();
        assertEquals(appended, getter, "the String getter");
        assertTrue(read.asciiEquals(offset, length, appended), "asciiEquals " + appended);
        assertFalse(read.asciiEquals(offset, length, appended + "x"), "asciiEquals of a longer text");
        return appended;
    }

    /** The checksum the flyweight read in the last {@link #assertSameOutcome} that returned {@link Verdict#READ}. */
    long readChecksum() {
        return readChecksum;
    }
}
