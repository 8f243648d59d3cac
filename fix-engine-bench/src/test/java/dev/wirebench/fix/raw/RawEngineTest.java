package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixWire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine contract on the raw baseline, whose hand-made connections carry bare order frames. */
class RawEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return new RawEngine();
    }

    @Override
    protected boolean speaksFix() {
        return false;
    }

    /** Raw has no Logon: a connection opens with its first order (the kit cuts inside the opening too). */
    @Override
    protected byte[] sessionOpening() {
        return order(1, 1);
    }

    @Override
    protected byte[] order(int seq, long stamp) {
        byte[] order = Frames.ORDER.clone();
        ClOrdIds.write(stamp, order, Frames.ORDER_CL_ORD_ID);
        return order;
    }

    @Test
    void shouldPreEncodeRealFixWithACorrectBodyLengthAndCheckSum() {
        for (byte[] frame : new byte[][] {Frames.ORDER, Frames.ACK, Frames.FILL}) {
            String text = new String(frame, StandardCharsets.US_ASCII);
            int trailer = text.lastIndexOf("\u000110=") + 1;
            int bodyStart = text.indexOf('\u0001', text.indexOf("\u00019=") + 1) + 1;
            assertEquals(Integer.parseInt(FixWire.field(text, 9)), trailer - bodyStart, text);
            assertEquals(FixWire.checkSum(text.substring(0, trailer)), FixWire.field(text, 10), text);
        }
        String fill = new String(Frames.FILL, StandardCharsets.US_ASCII);
        assertEquals("F", FixWire.field(fill, 150));
        assertEquals("187.25", FixWire.field(fill, 31));
        assertEquals("0000000000000000", FixWire.field(fill, 11));
    }

    @Test
    @Timeout(30)
    void shouldCloseTheConnectionOnBytesThatAreNotFix() throws Exception {
        RawEngine engine = new RawEngine();
        try (FixServer server = engine.startServer(ANY_LOCAL_PORT); Socket socket = new Socket()) {
            socket.connect(server.address(), 5000);
            byte[] garbage = new byte[Frames.ORDER.length];
            Arrays.fill(garbage, (byte) 'x');
            socket.getOutputStream().write(garbage);
            socket.setSoTimeout(5000);
            InputStream in = socket.getInputStream();
            assertEquals(-1, in.read(), "the server must close, not answer");
            assertTrue(server.sessionsAccepted() >= 1);
        }
    }

    @Test
    void shouldSayTheBytesArePatchedNotReEncoded() {
        assertTrue(new RawEngine().settings().get("bytes").contains("CheckSum not recomputed"));
    }
}
