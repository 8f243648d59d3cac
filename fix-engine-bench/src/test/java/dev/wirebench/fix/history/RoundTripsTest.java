package dev.wirebench.fix.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoundTripsTest {

    @TempDir
    Path dir;

    @Test
    void shouldTimeEachOrderToItsOwnAckAndFillWhenRepliesInterleave() throws IOException {
        Path file = history(
                "100;" + Messages.order(1),
                "110;" + Messages.order(2),
                "130;" + Messages.ack(2),
                "150;" + Messages.ack(1),
                "160;" + Messages.fill(2),
                "170;" + Messages.ack(1), // a second ack of 1: only the first counts
                "300;" + Messages.fill(1));
        RoundTrips trips = RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0);
        assertArrayEquals(new long[]{50, 200}, trips.fills());
        assertArrayEquals(new long[]{20, 50}, trips.acks());
        assertEquals(7, trips.lines());
        assertEquals(2, trips.timed());
        assertEquals(0, trips.unanswered());
        assertEquals(0, trips.strayReplies());
    }

    @Test
    void shouldMatchRepliesFiledBeforeTheirOrderAsAnOpenLoopReceiverMayFileThem() throws IOException {
        Path file = history(
                "130;" + Messages.ack(1),
                "160;" + Messages.fill(1),
                "100;" + Messages.order(1),
                "200;" + Messages.order(2),
                "260;" + Messages.fill(2));
        RoundTrips trips = RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0);
        assertArrayEquals(new long[]{60, 60}, trips.fills());
        assertArrayEquals(new long[]{30}, trips.acks());
        assertEquals(0, trips.strayReplies());
        assertEquals(0, trips.unanswered());
    }

    @Test
    void shouldCountRepliesNoOrderEverClaimsAsStray() throws IOException {
        Path file = history(
                "100;" + Messages.ack(1),
                "110;" + Messages.fill(1),
                "120;" + Messages.order(2));
        RoundTrips trips = RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0);
        assertEquals(2, trips.strayReplies());
        assertEquals(1, trips.unanswered());
        assertEquals(0, trips.fills().length);
    }

    @Test
    void shouldCountAnEarlierOrderAsUnansweredWhenALaterOneReusesItsClOrdId() throws IOException {
        Path file = history(
                "100;" + Messages.order(1),
                "200;" + Messages.order(1),
                "250;" + Messages.fill(1));
        RoundTrips trips = RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0);
        assertArrayEquals(new long[]{50}, trips.fills());
        assertEquals(1, trips.reused());
        assertEquals(1, trips.unanswered());
        assertEquals(2, trips.timed());
    }

    @Test
    void shouldSkipWarmUpOrdersWithoutCallingTheirRepliesStray() throws IOException {
        Path file = history(
                "-1000;" + Messages.order(1),
                "-900;" + Messages.fill(1),
                "-1;" + Messages.order(2), // 999 ns after the first line: inside a 1 µs warm-up
                "0;" + Messages.order(3), // 1000 ns after: timed
                "5;" + Messages.fill(2),
                "7;" + Messages.fill(3));
        RoundTrips trips = RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 1000);
        assertEquals(2, trips.skipped());
        assertArrayEquals(new long[]{7}, trips.fills());
        assertEquals(0, trips.strayReplies());
    }

    @Test
    void shouldRejectAReplyStampedBeforeItsRequest() throws IOException {
        Path file = history("100;" + Messages.order(1), "99;" + Messages.fill(1));
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0));
        assertEquals(2, e.line());
    }

    @Test
    void shouldRejectARequestWithoutAClOrdId() throws IOException {
        Path file = history("1;" + Messages.order(1), "2;8=FIX.4.4\u000135=D\u000155=AAPL\u0001");
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("35=D") && e.getMessage().contains("ClOrdID"), e.getMessage());
    }

    @Test
    void shouldRejectAMessageThatIsNotFixFields() throws IOException {
        assertNotFix("1;hello world", "does not start with BeginString");
        assertNotFix("1;8=FIX.4.4\u000135D\u0001", "field 2 ");
        assertNotFix("1;8=FIX.4.4\u0001\u000135=D\u0001", "field 2 ");
        assertNotFix("1;8=FIX.4.4\u0001=D\u0001", "field 2 ");
    }

    private void assertNotFix(String line, String what) throws IOException {
        Path file = history("1;" + Messages.order(1), line);
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> RoundTrips.read(file, FieldMatch.NEW_ORDER_SINGLE, 0));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    private Path history(String... lines) throws IOException {
        return Files.writeString(dir.resolve("history.txt"), String.join("\n", lines) + "\n");
    }
}
