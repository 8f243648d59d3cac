package dev.wirebench.fix.philadelphia;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXException;
import com.paritytrading.philadelphia.FIXMessageParser;
import com.paritytrading.philadelphia.FIXValueFormatException;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ScriptedChannel;
import dev.wirebench.fix.engine.WellFramed;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
     * only by the stream's end, by ending the session itself, with an {@code IOException} (the framing guard's, or
     * Philadelphia's {@code FIXException}s for a message too long or with too many fields), or with Philadelphia's
     * {@code FIXValueFormatException} for a MsgSeqNum (34) that is not a number (its handler reads it before ours
     * is called; the server's {@code TcpServer} then closes the connection, as on an {@code IOException}); everything
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
     * The bare parser with the server's {@code FIXConfig} on what the server's framing check lets reach it: the
     * input up to its first framing break, in reads (one; pseudo-random sizes drawn from the input) put into a
     * receive buffer of the server's size and parsed after each as {@code FIXConnection.receive()} does (parse
     * while it finds messages, then compact). It returns, or throws a {@code FIXException} (a message or a value
     * longer than the configuration allows); and every message it hands on ends with a CheckSum field
     * {@code 10=ddd|} whose value is the sum of the message's bytes before it, after a BodyLength that says where
     * that field is. Alone, on bytes that break framing, Philadelphia 2.0.0's parser loops forever on a BodyLength
     * that reads negative ({@code 9=}, then a byte above 0x7F or digits past an int: it reads any byte as a digit
     * and moves back), as in {@code loops-philadelphia-on-a-negative-body-length}: the framing check is what keeps
     * the server from it.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void parserHandsOnOnlyMessagesWhoseCheckSumHolds(byte[] bytes) {
        WellFramed.Break broken = WellFramed.firstBreak(bytes, PhiladelphiaEngine.MAX_BODY_LENGTH);
        byte[] passed = broken == null ? bytes : Arrays.copyOf(bytes, broken.index());
        String what = "bytes " + HexFormat.of().formatHex(passed);
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(bytes));
        assertNull(parse(passed, ScriptedChannel.oneRead(passed.length)), what + ", one read");
        assertNull(parse(passed, ScriptedChannel.reads(passed.length, 512, random)), what + ", reads of up to 512");
    }

    /** What is wrong with how the bare parser took {@code bytes} in {@code reads}, or null. */
    private static String parse(byte[] bytes, int[] reads) {
        ByteBuffer buffer = ByteBuffer.allocate(PhiladelphiaEngine.RX_BUFFER_BYTES);
        List<String> wrong = new ArrayList<>();
        long[] discarded = {0};
        FIXMessageParser parser = new FIXMessageParser(SERVER, message -> {
            int end = (int) (discarded[0] + buffer.position());
            String trailerProblem = trailerProblem(bytes, end);
            if (trailerProblem != null) {
                wrong.add("handed on a message ending at " + end + " that " + trailerProblem);
            }
        });
        int from = 0;
        try {
            for (int read : reads) {
                if (buffer.remaining() < read) {
                    return wrong.isEmpty() ? null : String.join("; ", wrong); // FIXConnection: too long a message
                }
                buffer.put(bytes, from, read).flip();
                from += read;
                while (parser.parse(buffer)) {
                    // on to the next message
                }
                discarded[0] += buffer.position();
                buffer.compact();
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
        } catch (IOException | FIXValueFormatException ended) {
            // the guard's "malformed FIX from the client", a FIXException, or a MsgSeqNum that is not a number:
            // the server closes the connection
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + ": threw " + e, e);
        }
        byte[] written = channel.written();
        assertNull(WellFramed.firstBreak(written, Integer.MAX_VALUE), what + ": wrote broken FIX: " + text(written));
        List<byte[]> answers = WellFramed.messages(written, Integer.MAX_VALUE);
        assertEquals(written.length, answers.stream().mapToInt(m -> m.length).sum(), what + ": wrote a message cut short");
        List<byte[]> executable = executableOrders(stream);
        String acked = null;
        for (byte[] answer : answers) {
            assertTrue(WellFramed.checkSumHolds(answer), what + ": wrote a wrong CheckSum: " + text(answer));
            if (!"8".equals(WellFramed.field(answer, 35))) {
                continue;
            }
            String clOrdId = WellFramed.field(answer, 11);
            String execType = WellFramed.field(answer, 150);
            assertTrue(executable.stream().anyMatch(order -> holdsValue(order, clOrdId)), what + ": executed an order that"
                    + " was not sent whole after a Logon: " + text(answer));
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

    /**
     * The messages that may be orders the server executes: sent framed, with a CheckSum that holds, after one that
     * may be a Logon. Told by their bytes, not by parsing fields, so that a field Philadelphia reads otherwise (a
     * tag with leading zeros, a field without '=') cannot make the reference wrong: a Logon holds {@code =A|}, an
     * order {@code =D|}.
     */
    private static List<byte[]> executableOrders(byte[] stream) {
        List<byte[]> orders = new ArrayList<>();
        boolean logon = false;
        for (byte[] message : WellFramed.messages(stream, PhiladelphiaEngine.MAX_BODY_LENGTH)) {
            if (!WellFramed.checkSumHolds(message)) {
                continue;
            }
            if (logon && holdsValue(message, "D")) {
                orders.add(message);
            }
            logon |= holdsValue(message, "A");
        }
        return orders;
    }

    /** Whether some field of {@code message} has the value {@code value}: {@code =value|} is in it. */
    private static boolean holdsValue(byte[] message, String value) {
        return new String(message, StandardCharsets.ISO_8859_1).contains("=" + value + "\u0001");
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }
}
