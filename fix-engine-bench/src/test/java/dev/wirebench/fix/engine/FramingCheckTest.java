package dev.wirebench.fix.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FramingCheckTest {

    private static final String BODY = "35=D\u000149=WBCLIENT\u000156=WBSERVER\u000134=1\u0001";
    private static final byte[] MESSAGE = ("8=FIX.4.4\u00019=" + BODY.length() + "\u0001" + BODY + "10=123\u0001")
            .getBytes(StandardCharsets.US_ASCII);

    @Test
    void shouldPassMessagesEndToEndHoweverTheReadsCutThem() throws IOException {
        byte[] two = new byte[2 * MESSAGE.length];
        System.arraycopy(MESSAGE, 0, two, 0, MESSAGE.length);
        System.arraycopy(MESSAGE, 0, two, MESSAGE.length, MESSAGE.length);
        for (int cut = 0; cut <= two.length; cut++) {
            FramingCheck check = new FramingCheck(1000);
            ByteBuffer buffer = ByteBuffer.wrap(two);
            check.check(buffer, 0, cut);
            check.check(buffer, cut, two.length);
        }
    }

    @Test
    void shouldFailAReadThatBreaksTheStreamSayingHow() {
        assertEquals("malformed FIX from the client: does not start with 8=FIX.4.4|9=", failure("GET / HTTP/1.1\r\n", 1000));
        assertEquals("malformed FIX from the client: BodyLength " + BODY.length() + " is over 10",
                failure(new String(MESSAGE, StandardCharsets.US_ASCII), 10));
        assertEquals("malformed FIX from the client: no CheckSum(10) where BodyLength says the body ends",
                failure("8=FIX.4.4\u00019=3\u0001abcd10=000\u0001", 1000));
        assertEquals("malformed FIX from the client: CheckSum is not three digits",
                failure("8=FIX.4.4\u00019=3\u0001abc10=0x0\u0001", 1000));
    }

    @Test
    void shouldAllocateNothingOnAGoodStream() throws IOException {
        FramingCheck check = new FramingCheck(1000);
        ByteBuffer buffer = ByteBuffer.wrap(MESSAGE);
        for (int i = 0; i < 20_000; i++) {
            check.check(buffer, 0, MESSAGE.length);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 10_000; i++) {
            check.check(buffer, 0, MESSAGE.length);
        }
        long perMessage = (threads.getCurrentThreadAllocatedBytes() - before) / 10_000;
        assertTrue(perMessage == 0, perMessage + " B per message");
    }

    private static String failure(String bytes, int maxBodyLength) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes.getBytes(StandardCharsets.US_ASCII));
        return assertThrows(IOException.class,
                () -> new FramingCheck(maxBodyLength).check(buffer, 0, buffer.limit())).getMessage();
    }
}
