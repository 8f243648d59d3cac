package dev.wirebench.fix.engine;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link FramingCheck}, which the Philadelphia and Artio servers read every client byte through, on any bytes
 * cut into reads any way. Seeds: each engine's ping-pong messages as captured on the wire, alone and in streams,
 * and garbled ones ({@code FramingCheckFuzzTestInputs/}).
 */
class FramingCheckFuzzTest {

    /** The Philadelphia server's cap (its 4096-byte receive buffer less 64), and one the seeds' orders exceed. */
    private static final int[] MAX_BODY_LENGTHS = {4096 - 64, 100};
    private static final String MALFORMED = "malformed FIX from the client: ";
    /** Bytes already in the buffer before each read's, as when a read appends to what the engine has not parsed. */
    private static final int BEFORE = 5;

    /**
     * The check fails exactly the read that holds the first byte at which the stream stops being FIX 4.4 messages
     * end to end ({@link WellFramed}, written apart from it), with an {@code IOException} saying
     * {@code malformed FIX from the client:} and why, and passes every read before it and every read of a stream
     * that stays well framed; the buffer's position and limit are left alone. That holds for every split tried
     * (one read; a byte per read; reads of pseudo-random sizes up to 8, 64 and 1024 bytes drawn from the input),
     * in heap and direct buffers, so every split gives the same verdict. Nothing else is ever thrown.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void failsExactlyTheReadWhereTheStreamStopsBeingFix(byte[] stream) {
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(stream));
        for (int maxBodyLength : MAX_BODY_LENGTHS) {
            WellFramed.Break expected = WellFramed.firstBreak(stream, maxBodyLength);
            String what = "max BodyLength " + maxBodyLength + ", bytes " + HexFormat.of().formatHex(stream);
            check(stream, ScriptedChannel.oneRead(stream.length), false, maxBodyLength, expected, what + ", one read");
            check(stream, ScriptedChannel.reads(stream.length, 1, random), true, maxBodyLength, expected, what + ", a byte per read");
            for (int largest : new int[] {8, 64, 1024}) {
                check(stream, ScriptedChannel.reads(stream.length, largest, random), largest == 64, maxBodyLength, expected,
                        what + ", reads of up to " + largest);
            }
        }
    }

    private static void check(byte[] stream, int[] reads, boolean direct, int maxBodyLength, WellFramed.Break expected,
                              String what) {
        FramingCheck check = new FramingCheck(maxBodyLength);
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(BEFORE + stream.length) : ByteBuffer.allocate(BEFORE + stream.length);
        int from = 0;
        for (int read : reads) {
            buffer.clear();
            buffer.position(BEFORE).put(stream, from, read);
            int position = buffer.position();
            try {
                assertEquals(read, check.read(buffer, BEFORE, read), what + ": read() returns what was read");
            } catch (IOException e) {
                boolean inThisRead = expected != null && expected.index() >= from && expected.index() < from + read;
                if (!inThisRead) {
                    fail(what + ": failed the read of [" + from + ", " + (from + read) + ") with \"" + e.getMessage()
                            + "\"; expected " + (expected == null ? "no failure" : "the break at " + expected));
                }
                assertEquals(MALFORMED + expected.why(), e.getMessage(), what);
                assertEquals(IOException.class, e.getClass(), what);
                return;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": threw " + e, e);
            }
            assertEquals(position, buffer.position(), what + ": the check moved the position");
            assertEquals(buffer.capacity(), buffer.limit(), what + ": the check moved the limit");
            if (expected != null && expected.index() < from + read) {
                fail(what + ": passed the read of [" + from + ", " + (from + read) + ") holding the break at " + expected);
            }
            from += read;
        }
        try {
            assertEquals(-1, check.read(buffer, BEFORE, -1), what + ": the end of the stream is passed on");
        } catch (IOException e) {
            fail(what + ": the end of the stream failed: " + e);
        }
        if (expected != null) {
            fail(what + ": every read passed, though the stream breaks at " + expected);
        }
    }
}
