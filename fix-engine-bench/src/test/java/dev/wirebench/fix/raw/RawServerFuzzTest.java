package dev.wirebench.fix.raw;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.fix.engine.ScriptedChannel;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The raw server's reading, {@link RawServer#answer} on a connection without a socket: fixed-size order frames,
 * each checked to start as FIX 4.4 text, its ClOrdID bytes copied into the two reports. Seeds: the raw client's
 * orders as captured on the wire, and others' ({@code RawServerFuzzTestInputs/}).
 */
class RawServerFuzzTest {

    /**
     * For any bytes in any reads (one read, a byte per read, pseudo-random sizes drawn from the input), the server
     * writes exactly an ack and then a fill per whole frame up to the first that does not start
     * {@code 8=FIX.4.4|9=}, each carrying that frame's 16 ClOrdID bytes in ClOrdID and ExecID and the templates'
     * bytes elsewhere, then returns; when the stream ends inside a frame it throws {@code EOFException} after
     * answering the frames before, and throws nothing else ever.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void answersEachWholeFixFrameUpToTheFirstThatIsNot(byte[] stream) {
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(stream));
        Expected expected = expected(stream);
        String what = "bytes " + HexFormat.of().formatHex(stream);
        answer(stream, ScriptedChannel.oneRead(stream.length), expected, what + ", one read");
        answer(stream, ScriptedChannel.reads(stream.length, 1, random), expected, what + ", a byte per read");
        answer(stream, ScriptedChannel.reads(stream.length, 64, random), expected, what + ", reads of up to 64");
    }

    private static void answer(byte[] stream, int[] reads, Expected expected, String what) {
        ScriptedChannel channel = new ScriptedChannel(stream, reads);
        boolean endedInsideAFrame = false;
        try {
            RawServer.answer(channel, channel);
        } catch (EOFException e) {
            endedInsideAFrame = true;
        } catch (IOException | RuntimeException | Error e) {
            throw new AssertionError(what + ": threw " + e, e);
        }
        assertEquals(expected.endsInsideAFrame, endedInsideAFrame, what + ": EOFException");
        assertArrayEquals(expected.answers, channel.written(), what + ": the reports written");
    }

    /** What the server must write for {@code stream}, told frame by frame from the templates. */
    private record Expected(byte[] answers, boolean endsInsideAFrame) {
    }

    private static Expected expected(byte[] stream) {
        int size = Frames.ORDER.length;
        ByteArrayOutputStream answers = new ByteArrayOutputStream();
        for (int at = 0; at < stream.length; at += size) {
            if (stream.length - at < size) {
                return new Expected(answers.toByteArray(), true);
            }
            if (!Arrays.equals(stream, at, at + Frames.START.length, Frames.START, 0, Frames.START.length)) {
                break;
            }
            byte[] clOrdId = Arrays.copyOfRange(stream, at + Frames.ORDER_CL_ORD_ID, at + Frames.ORDER_CL_ORD_ID + 16);
            answers.writeBytes(report(Frames.ACK, Frames.ACK_CL_ORD_ID, Frames.ACK_EXEC_ID, clOrdId));
            answers.writeBytes(report(Frames.FILL, Frames.FILL_CL_ORD_ID, Frames.FILL_EXEC_ID, clOrdId));
        }
        return new Expected(answers.toByteArray(), false);
    }

    private static byte[] report(byte[] template, int clOrdIdAt, int execIdAt, byte[] clOrdId) {
        byte[] report = template.clone();
        System.arraycopy(clOrdId, 0, report, clOrdIdAt, clOrdId.length);
        System.arraycopy(clOrdId, 0, report, execIdAt, clOrdId.length);
        return report;
    }
}
