package dev.wirebench.fix.philadelphia;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXException;
import com.paritytrading.philadelphia.FIXMessageParser;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ScriptedChannel;
import dev.wirebench.fix.engine.WellFramed;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Philadelphia 2.0.0's parser as the Philadelphia server runs it, without a socket: the server's
 * {@link ServerSession} (its {@link FramingGuard}, Philadelphia's {@code FIXConnection} with the handler it
 * installs, our callbacks), and the bare {@link FIXMessageParser} with the server's {@code FIXConfig}. Seeds:
 * each engine's client messages as captured on the wire, alone and as sessions, and garbled ones
 * ({@code PhiladelphiaFuzzTestInputs/}).
 */
class PhiladelphiaFuzzTest {

    private static final FIXConfig SERVER = PhiladelphiaEngine.config(PingPong.SERVER_COMP_ID, PingPong.CLIENT_COMP_ID);

    /**
     * A server session fed any bytes in any reads (one read; pseudo-random sizes drawn from the input) ends
     * only by the stream's end, by ending the session itself, or with an {@code IOException} (the framing
     * guard's, or Philadelphia's {@code FIXException}s for a message too long or with too many fields); everything
     * it writes is whole FIX 4.4 messages with right BodyLengths and CheckSums; and it answers with
     * ExecutionReports only orders that were sent, framed and with a CheckSum that holds, after a Logon: an ack
     * and then a fill each, echoing the order's ClOrdID.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void serverAnswersOnlyOrdersThatWereSentWhole(byte[] stream) {
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(stream));
        String what = "bytes " + HexFormat.of().formatHex(stream);
        serve(stream, ScriptedChannel.oneRead(stream.length), what + ", one read");
        serve(stream, ScriptedChannel.reads(stream.length, 512, random), what + ", reads of up to 512");
    }

    /**
     * The bare parser with the server's {@code FIXConfig}, over any bytes in one buffer, parsing on while it
     * finds messages as {@code FIXConnection.receive()} does: it returns, or throws a {@code FIXException} (a
     * message or value too long); and every message it hands on ends with a CheckSum field {@code 10=ddd|} whose
     * value is the sum of the message's bytes before it, after a BodyLength that says where that field is. On
     * bytes that stop being FIX 4.4 framing, where {@link dev.wirebench.fix.engine.FramingCheck} ends the
     * server's connection before Philadelphia parses them, anything may happen (Philadelphia's own findings,
     * reported rather than guarded twice); the well-framed messages before such bytes still hold to the above.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void parserHandsOnOnlyMessagesWhoseCheckSumHolds(byte[] bytes) {
        String what = "bytes " + HexFormat.of().formatHex(bytes);
        WellFramed.Break broken = WellFramed.firstBreak(bytes, PhiladelphiaEngine.MAX_BODY_LENGTH);
        String problem = parse(bytes);
        if (problem == null) {
            return;
        }
        assertNotNull(broken, what + ": " + problem + ", on bytes framed well");
        // the server's guard would have let Philadelphia parse the whole messages before the break, no more
        int wellFramed = 0;
        for (byte[] message : WellFramed.messages(bytes, PhiladelphiaEngine.MAX_BODY_LENGTH)) {
            wellFramed += message.length;
        }
        assertNull(parse(Arrays.copyOf(bytes, wellFramed)), what + ": on the " + wellFramed + " well-framed bytes before "
                + broken);
    }

    /** What is wrong with how the bare parser took {@code bytes}, or null. */
    private static String parse(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        List<String> wrong = new ArrayList<>();
        FIXMessageParser parser = new FIXMessageParser(SERVER, message -> {
            String trailerProblem = trailerProblem(bytes, buffer.position());
            if (trailerProblem != null) {
                wrong.add("handed on a message ending at " + buffer.position() + " that " + trailerProblem);
            }
        });
        try {
            while (parser.parse(buffer)) {
                // as FIXConnection.receive(): on to the next message
            }
        } catch (FIXException documented) {
            // a message or a value longer than the configuration allows
        } catch (IOException | RuntimeException | Error e) {
            wrong.add("threw " + e);
        }
        return wrong.isEmpty() ? null : String.join("; ", wrong);
    }

    /**
     * Null if the bytes before {@code end} finish with a CheckSum field {@code 10=ddd|} whose value is the byte sum
     * of a message {@code 8=...|9=n|} starting at 0 or after a SOH, whose n body bytes end where the field starts;
     * else what is wrong.
     */
    private static String trailerProblem(byte[] bytes, int end) {
        int trailer = end - 7;
        if (trailer < 0 || !new String(bytes, trailer, 3, StandardCharsets.US_ASCII).equals("10=") || bytes[end - 1] != 1) {
            return "does not end with 10=ddd|";
        }
        int declared = 0;
        for (int i = trailer + 3; i < end - 1; i++) {
            if (bytes[i] < '0' || bytes[i] > '9') {
                return "has a CheckSum that is not three digits";
            }
            declared = declared * 10 + bytes[i] - '0';
        }
        for (int start = 0; start < trailer; start++) {
            if ((start == 0 || bytes[start - 1] == 1) && bodyEndsAt(bytes, start, trailer)) {
                int sum = 0;
                for (int i = start; i < trailer; i++) {
                    sum += bytes[i] & 0xff;
                }
                if (sum % 256 == declared) {
                    return null;
                }
            }
        }
        return "has no 8=...|9=n| before it whose CheckSum holds";
    }

    /** Whether {@code 8=<value>|9=<decimal n>|} starts at {@code start} and its n body bytes end at {@code trailer}. */
    private static boolean bodyEndsAt(byte[] bytes, int start, int trailer) {
        if (bytes[start] != '8' || start + 1 >= trailer || bytes[start + 1] != '=') {
            return false;
        }
        int i = start + 2;
        while (i < trailer && bytes[i] != 1) {
            i++;
        }
        if (i + 3 >= trailer || bytes[i + 1] != '9' || bytes[i + 2] != '=') {
            return false;
        }
        long n = 0;
        int digits = 0;
        for (i += 3; i < trailer && bytes[i] != 1; i++) {
            if (bytes[i] < '0' || bytes[i] > '9' || ++digits > 9) {
                return false;
            }
            n = n * 10 + bytes[i] - '0';
        }
        return digits > 0 && i < trailer && i + 1 + n == trailer;
    }

    private static void serve(byte[] stream, int[] reads, String what) {
        ScriptedChannel channel = new ScriptedChannel(stream, reads);
        ServerSession session = new ServerSession(channel, SERVER, new AtomicInteger());
        try {
            session.run();
        } catch (IOException ended) {
            // the guard's "malformed FIX from the client", or a FIXException: the server closes the connection
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + ": threw " + e, e);
        }
        byte[] written = channel.written();
        assertNull(WellFramed.firstBreak(written, Integer.MAX_VALUE), what + ": wrote broken FIX: " + text(written));
        List<byte[]> answers = WellFramed.messages(written, Integer.MAX_VALUE);
        assertEquals(written.length, answers.stream().mapToInt(m -> m.length).sum(), what + ": wrote a message cut short");
        Set<String> executable = executableOrders(stream);
        String acked = null;
        for (byte[] answer : answers) {
            assertTrue(WellFramed.checkSumHolds(answer), what + ": wrote a wrong CheckSum: " + text(answer));
            if (!"8".equals(WellFramed.field(answer, 35))) {
                continue;
            }
            String clOrdId = WellFramed.field(answer, 11);
            String execType = WellFramed.field(answer, 150);
            assertTrue(executable.contains(clOrdId), what + ": executed an order that was not sent whole after a Logon: "
                    + text(answer) + "; orders sent whole: " + executable);
            if (String.valueOf(PingPong.EXEC_TYPE_NEW).equals(execType)) {
                assertNull(acked, what + ": an ack without its fill before " + text(answer));
                acked = clOrdId;
            } else {
                assertEquals(acked, clOrdId, what + ": a fill that does not follow its ack: " + text(answer));
                acked = null;
            }
        }
        assertNull(acked, what + ": the last order was acked but not filled");
    }

    /** The ClOrdIDs of the NewOrderSingles sent framed, with a CheckSum that holds, after a Logon. */
    private static Set<String> executableOrders(byte[] stream) {
        Set<String> orders = new HashSet<>();
        boolean logon = false;
        for (byte[] message : WellFramed.messages(stream, PhiladelphiaEngine.MAX_BODY_LENGTH)) {
            String type = WellFramed.field(message, 35);
            if (!WellFramed.checkSumHolds(message)) {
                continue;
            }
            if ("A".equals(type)) {
                logon = true;
            } else if (logon && "D".equals(type)) {
                orders.add(WellFramed.field(message, 11));
            }
        }
        return orders;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }
}
