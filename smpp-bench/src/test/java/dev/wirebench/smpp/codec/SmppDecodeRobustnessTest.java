package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Whatever the bytes, decode returns a PDU or throws {@link SmppDecodeException}: never another
 * exception, never a hang. A PDU it returns must itself round trip.
 */
class SmppDecodeRobustnessTest {

    private static final int CORRUPTIONS = 10_000;
    /** Generous: the whole run takes well under a second on a laptop. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    private final SmppCodec codec = new SmppCodec();

    @Test
    void rejectsEveryTruncationOfEveryFixtureAsTooShort() {
        assertTimeoutPreemptively(BOUND, () -> HostileInputs.forEveryTruncation(SmppSamples.fixtures().values(),
                (cut, what) -> {
                    SmppDecodeException e = assertThrows(SmppDecodeException.class,
                            () -> codec.decode(Unpooled.wrappedBuffer(cut)), what);
                    assertEquals(false, e.framingIntact(), e.getMessage());
                }));
    }

    @Test
    void decodesOrRejectsEveryTruncationWhoseCommandLengthSaysSo() {
        assertTimeoutPreemptively(BOUND, () -> HostileInputs.forEveryTruncationThatSaysSo(SmppSamples.fixtures().values(),
                this::decodeOrReject));
    }

    @Test
    void decodesOrRejectsTenThousandSeededCorruptions() {
        List<Pdu> sources = new ArrayList<>(SmppSamples.fixtures().values());
        sources.addAll(SmppSamples.random(99, 220));
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(BOUND, () -> HostileInputs.forEachCorruption(sources, 20251121L, CORRUPTIONS,
                (wire, what) -> outcomes[decodeOrReject(wire, what) ? 0 : 1]++));
        System.out.printf("%d corruptions: %d decoded, %d rejected%n", CORRUPTIONS, outcomes[0], outcomes[1]);
    }

    /** True if the bytes decoded (to a PDU that round trips), false if rejected with SmppDecodeException. */
    private boolean decodeOrReject(byte[] wire, String what) {
        ByteBuf buf = (wire.length & 1) == 0 ? Unpooled.wrappedBuffer(wire) : Unpooled.directBuffer().writeBytes(wire);
        Pdu pdu;
        try {
            pdu = codec.decode(buf);
        } catch (SmppDecodeException e) {
            assertEquals(0, buf.readerIndex(), what + ": readerIndex after " + e.getMessage());
            return false;
        } catch (RuntimeException | Error e) {
            return fail(what + ": " + e, e);
        } finally {
            buf.release();
        }
        // an error response read with its body is written without it (strict on write)
        assertEquals(Wire.asWritten(pdu), codec.decode(Unpooled.wrappedBuffer(Wire.encode(pdu))), what + " re-encoded");
        return true;
    }
}
