package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixWire;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server's read filters around QuickFIX/J's codec, on a MINA session without a socket. */
class ReadGuardTest {

    @Test
    void shouldEndAConnectionWhoseBodyLengthOverflowsAnIntBeforeQuickFixJDecodesIt() throws InterruptedException {
        // QuickFIX/J 3.0.0's decoder alone never returns from these bytes: BodyLength -96 sends it back to the header
        byte[] bytes = ascii("x".repeat(100) + "8=FIX.4.4\u00019=4294967200\u0001" + "y".repeat(50));
        MinaConnection connection = new MinaConnection(QuickFixJServer.MAX_UNDECODED_BYTES);
        Thread reader = new Thread(() -> connection.receive(bytes, 0, bytes.length), "read-guard-test");
        reader.setDaemon(true);
        reader.start();
        reader.join(10_000);
        assertFalse(reader.isAlive(), "the read did not return within 10 s");
        assertEquals(List.of("java.io.IOException: malformed FIX from the client: does not start with 8=FIX.4.4|9="),
                failures(connection));
        assertTrue(connection.closing(), "the connection is being closed");
        assertEquals(List.of(), connection.messages);
    }

    @Test
    void shouldPassWellFramedMessagesInAnyReadsAndNothingAfterABreak() {
        byte[] logon = FixWire.logon();
        byte[] order = FixWire.newOrderSingle(2, 42);
        byte[] stream = concat(logon, order, ascii("8=FIX.4.4\u00019=12345678\u0001"), order);
        MinaConnection connection = new MinaConnection(QuickFixJServer.MAX_UNDECODED_BYTES);
        // MINA reads nothing more of a connection once it is closing
        for (int at = 0; at < stream.length && !connection.closing(); at += 7) {
            connection.receive(stream, at, Math.min(7, stream.length - at));
        }
        assertEquals(List.of(new String(logon, StandardCharsets.ISO_8859_1), new String(order, StandardCharsets.ISO_8859_1)),
                connection.messages);
        assertEquals(List.of("java.io.IOException: malformed FIX from the client: BodyLength is not a number"),
                failures(connection));
        assertTrue(connection.closing(), "the connection is being closed");
    }

    @Test
    void shouldKeepBodyLengthUnderTheCapAndEndAConnectionSendingMoreThanItWithoutAMessage() {
        MinaConnection connection = new MinaConnection(100);
        byte[] header = ascii("8=FIX.4.4\u00019=40\u0001");
        connection.receive(header, 0, header.length);
        assertEquals(List.of("java.io.IOException: malformed FIX from the client: BodyLength 40 is over 36"),
                failures(connection), "the cap less room for the header and the trailer");

        MinaConnection capped = new MinaConnection(30);
        byte[] start = ascii("8=FIX.4.4\u00019=");
        byte[] digits = ascii("1".repeat(30));
        capped.receive(start, 0, start.length);
        capped.receive(digits, 0, digits.length);
        assertEquals(List.of("java.io.IOException: 42 bytes from the client without a whole FIX message"), failures(capped));
        assertTrue(capped.closing(), "the connection is being closed");
    }

    private static List<String> failures(MinaConnection connection) {
        return connection.failures.stream().map(Throwable::toString).toList();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
