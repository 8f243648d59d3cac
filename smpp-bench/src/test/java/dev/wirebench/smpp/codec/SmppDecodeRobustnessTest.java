package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

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
        forEveryTruncation((cut, what) -> {
            SmppDecodeException e = assertThrows(SmppDecodeException.class, () -> codec.decode(Unpooled.wrappedBuffer(cut)),
                    what);
            assertEquals(false, e.framingIntact(), e.getMessage());
        });
    }

    @Test
    void decodesOrRejectsEveryTruncationWhoseCommandLengthSaysSo() {
        forEveryTruncation((cut, what) -> {
            if (cut.length >= 4) {
                Unpooled.wrappedBuffer(cut).setInt(0, cut.length);
                decodeOrReject(cut, what + ", command_length too");
            }
        });
    }

    /** Every proper prefix of every fixture's wire bytes, with a description. */
    private static void forEveryTruncation(BiConsumer<byte[], String> check) {
        assertTimeoutPreemptively(BOUND, () -> {
            for (Pdu pdu : SmppSamples.fixtures().values()) {
                byte[] wire = Wire.encode(pdu);
                for (int length = 0; length < wire.length; length++) {
                    check.accept(Arrays.copyOf(wire, length), pdu + " cut to " + length);
                }
            }
        });
    }

    @Test
    void decodesOrRejectsTenThousandSeededCorruptions() {
        List<Pdu> sources = new ArrayList<>(SmppSamples.fixtures().values());
        sources.addAll(SmppSamples.random(99, 220));
        SplittableRandom random = new SplittableRandom(20251121L);
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(BOUND, () -> {
            for (int i = 0; i < CORRUPTIONS; i++) {
                Pdu source = sources.get(random.nextInt(sources.size()));
                byte[] wire = Wire.encode(source);
                int flips = 1 + random.nextInt(4);
                for (int f = 0; f < flips; f++) {
                    wire[random.nextInt(wire.length)] = (byte) random.nextInt(0x100);
                }
                // in half of them command_length stays right, so the body parser takes the blows
                if (i % 2 == 0) {
                    Unpooled.wrappedBuffer(wire).setInt(0, wire.length);
                }
                outcomes[decodeOrReject(wire, "corruption " + i + " of " + source) ? 0 : 1]++;
            }
        });
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
