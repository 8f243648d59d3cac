package dev.wirebench.fix.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * NewOrderSingles garbled on the way, sent over a plain socket after a Logon, each followed by a good
 * order with the same MsgSeqNum: FIX 4.4 says a garbled message is ignored as if it never arrived (its
 * MsgSeqNum is not taken up), so the good one is the next the server expects. An engine that executes
 * the garbled order answers it with ExecutionReports; one that ignores it answers only the good order;
 * one that ends the connection instead must still serve the good order on a new one.
 */
public final class GarbledOrders {

    /** How long a server has to answer the good order: generous, the wait ends as soon as it does. */
    private static final long ANSWER_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** New connections tried for the good order after the server ended the one with the garbled order. */
    private static final int RECONNECTS = 10;
    private static final long RECONNECT_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    private GarbledOrders() {
    }

    /** A NewOrderSingle whose CheckSum(10) is one more than its bytes add up to. */
    public static byte[] wrongCheckSum(int seq, long stamp) {
        return withWrongCheckSum(FixWire.newOrderSingle(seq, stamp));
    }

    /**
     * A NewOrderSingle whose CheckSum(10) is wrong and whose last field, TimeInForce(59), comes twice: QuickFIX/J
     * 3.0.0 stops parsing at the repeated tag, keeps the error on the message for a validating session to reject,
     * and skips the CheckSum check, so every field an order needs is there (QuickFixJFuzzTest found it).
     */
    public static byte[] wrongCheckSumAndARepeatedTag(int seq, long stamp) {
        String good = new String(FixWire.newOrderSingle(seq, stamp), StandardCharsets.US_ASCII);
        String body = good.substring(good.indexOf(FixWire.SOH + "35=") + 1, good.lastIndexOf("10="));
        return withWrongCheckSum(FixWire.message(body + "59=" + PingPong.TIME_IN_FORCE + FixWire.SOH));
    }

    private static byte[] withWrongCheckSum(byte[] message) {
        String good = new String(message, StandardCharsets.US_ASCII);
        int sum = Integer.parseInt(FixWire.field(good, 10));
        String wrong = String.format("%03d", (sum + 1) % 256);
        return (good.substring(0, good.length() - 4) + wrong + FixWire.SOH).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A NewOrderSingle whose BodyLength(9) is one short, as from a sender that miscounted; its CheckSum is
     * right for the bytes sent. One short rather than long: a length past the end would take in the next
     * message's first bytes, and an engine may then rightly lose that message too.
     */
    public static byte[] wrongBodyLength(int seq, long stamp) {
        String good = new String(FixWire.newOrderSingle(seq, stamp), StandardCharsets.US_ASCII);
        int length = Integer.parseInt(FixWire.field(good, 9));
        String head = FixWire.SOH + "9=" + length + FixWire.SOH;
        String shorter = good.replace(head, FixWire.SOH + "9=" + (length - 1) + FixWire.SOH);
        String withoutTrailer = shorter.substring(0, shorter.lastIndexOf(FixWire.SOH + "10=") + 1);
        String trailer = "10=" + FixWire.checkSum(withoutTrailer) + FixWire.SOH;
        return (withoutTrailer + trailer).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Sends {@code garbled} (MsgSeqNum 2, ClOrdID of {@code garbledStamp}) and then a good order with
     * MsgSeqNum 2 and asserts that no ExecutionReport names the garbled order while the good one is filled,
     * on the same connection or, if the server ended that one, on the next.
     */
    public static void assertIgnored(FixServer server, String what, byte[] garbled, long garbledStamp) throws IOException {
        long goodStamp = garbledStamp + 1;
        Answer answer = send(server, goodStamp, garbled, FixWire.newOrderSingle(2, goodStamp));
        assertFalse(answer.reportsOn(garbledStamp), "the order with " + what + " was executed: " + answer);
        // ending the connection is a lawful answer to garbled input; the server must then still serve, though a
        // new connection may be ended too while the server finishes ending the last one (QuickFIX/J ends a session
        // on its own thread and may take the new connection with it): tried again, a bounded number of times
        for (int attempt = 1; answer.ended && !answer.filled(goodStamp) && attempt <= RECONNECTS; attempt++) {
            if (attempt > 1) {
                LockSupport.parkNanos(RECONNECT_PAUSE_NANOS);
            }
            answer = send(server, goodStamp, FixWire.newOrderSingle(2, goodStamp));
        }
        assertTrue(answer.filled(goodStamp), "the good order after the one with " + what + " was not filled: " + answer);
    }

    /** Sends {@code garbled} (MsgSeqNum 2) after a Logon and asserts that it was filled, as by an engine that does not check. */
    public static void assertExecuted(FixServer server, String what, byte[] garbled, long garbledStamp) throws IOException {
        Answer answer = send(server, garbledStamp, garbled);
        assertTrue(answer.filled(garbledStamp), "the order with " + what + " was not executed: " + answer);
    }

    /** Logs on, sends {@code messages}, reads until the fill of {@code awaited}, the connection's end or the deadline. */
    private static Answer send(FixServer server, long awaited, byte[]... messages) throws IOException {
        try (Socket socket = FixEngineContract.loggedOn(server)) {
            OutputStream out = socket.getOutputStream();
            for (byte[] message : messages) {
                out.write(message);
            }
            out.flush();
            socket.setSoTimeout(100);
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            long deadline = System.nanoTime() + ANSWER_NANOS;
            while (System.nanoTime() < deadline) {
                Answer answer = new Answer(got.toString(StandardCharsets.US_ASCII), false);
                if (answer.filled(awaited)) {
                    return answer;
                }
                try {
                    int n = in.read(buffer);
                    if (n < 0) {
                        return new Answer(got.toString(StandardCharsets.US_ASCII), true);
                    }
                    got.write(buffer, 0, n);
                } catch (SocketTimeoutException again) {
                    // keep reading until the deadline
                } catch (IOException reset) {
                    return new Answer(got.toString(StandardCharsets.US_ASCII), true);
                }
            }
            return new Answer(got.toString(StandardCharsets.US_ASCII), false);
        }
    }

    /** What the server sent after its Logon, and whether it closed the connection. */
    private record Answer(String text, boolean ended) {

        private List<String> messages() {
            return List.of(text.split("(?<=\u000110=\\d{3}\u0001)"));
        }

        /** Whether any ExecutionReport names the order of {@code stamp}. */
        boolean reportsOn(long stamp) {
            return reports(stamp).findAny().isPresent();
        }

        boolean filled(long stamp) {
            String trade = String.valueOf(PingPong.EXEC_TYPE_TRADE);
            return reports(stamp).anyMatch(m -> trade.equals(FixWire.field(m, 150)));
        }

        private Stream<String> reports(long stamp) {
            String clOrdId = ClOrdIds.toString(stamp);
            return messages().stream().filter(m -> "8".equals(FixWire.field(m, 35)) && clOrdId.equals(FixWire.field(m, 11)));
        }

        @Override
        public String toString() {
            return (text.isEmpty() ? "nothing" : text.replace(FixWire.SOH, '|')) + (ended ? " <connection closed>" : "");
        }
    }
}
