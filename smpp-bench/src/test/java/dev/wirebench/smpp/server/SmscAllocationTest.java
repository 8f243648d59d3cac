package dev.wirebench.smpp.server;

import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.testkit.RawSmppSocket;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetector.Level;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the SMSC's event loop allocates per submit_sm, read and answered, with no receipt asked for: nothing
 * on the flyweight reader, and the decoded record on the decode reader, which shows the measure sees an
 * allocation per submit_sm. HotSpot's count of the bytes each thread allocated, read for the SMSC's one
 * event loop thread around {@value #MEASURED} submit_sm sent one at a time (each its own socket read, so
 * whatever a read, a PDU, a response and a flush cost is all in it), after {@value #WARMUP} to let the JIT
 * compile the path. A count, not a timing; the client's allocations are on this test's thread, not counted.
 *
 * <p>One thing is switched off while the asserted counts are taken: Netty's leak detector. At its default
 * level (SIMPLE) it picks one buffer in 128 (the socket read's, the response's, the frame's slice) and
 * records where it was made and released, a stack trace each, on whichever reader: about 40 bytes per
 * submit_sm on average, Netty's diagnostics and no part of reading or answering. The flyweight test measures
 * and prints that too, at the level this JVM runs with, and asserts nothing on it, as sampling draws it at
 * random; a run that measures the SMSC should set {@code -Dio.netty.leakDetection.level=disabled}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SmscAllocationTest {

    private static final int WARMUP = 30_000;
    private static final int MEASURED = 10_000;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void theFlyweightReaderAllocatesNothingPerSubmitSm() throws Exception {
        double perSubmit = bytesPerSubmit(SmscReader.FLYWEIGHT, Level.DISABLED);
        assertTrue(perSubmit < 1.0, perSubmit + " bytes per submit_sm on the SMSC's event loop; it must allocate nothing");
        // what the leak detector adds at this JVM's level (SIMPLE unless set): printed, not asserted
        bytesPerSubmit(SmscReader.FLYWEIGHT, ResourceLeakDetector.getLevel());
    }

    @Test
    void theDecodeReaderAllocatesTheRecordAndTheMeasureSeesIt() throws Exception {
        double perSubmit = bytesPerSubmit(SmscReader.DECODE, Level.DISABLED);
        // the SubmitSm, its MessageBody, two address Strings and short_message twice: about 270 bytes
        assertTrue(perSubmit >= 200.0, "decoding a submit_sm measured as " + perSubmit + " bytes");
    }

    /** Bytes the SMSC's event loop allocated per submit_sm, with Netty's leak detector at {@code leaks}. */
    private static double bytesPerSubmit(SmscReader reader, Level leaks) throws Exception {
        Level configured = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(leaks);
        try {
            return bytesPerSubmit(reader, leaks.name());
        } finally {
            ResourceLeakDetector.setLevel(configured);
        }
    }

    private static double bytesPerSubmit(SmscReader reader, String leaks) throws Exception {
        SmscConfig config = SmscConfig.of(SmscSessionTest.ACCOUNTS).withWorkerThreads(1).withReader(reader);
        try (Smsc smsc = Smsc.start(config);
             RawSmppSocket raw = RawSmppSocket.connect(smsc.port())) {
            assertEquals(CommandStatus.ESME_ROK, raw.bind("esme", "secret").commandStatus());
            List<Long> loops = loopThreads(smsc);
            Client client = new Client(raw);
            client.submit(WARMUP);
            long before = allocated(loops);
            client.submit(MEASURED);
            long after = allocated(loops);
            double perSubmit = (double) (after - before) / MEASURED;
            System.out.printf("SMSC event loop, %s reader, leak detection %s: %.3f B per submit_sm over %d (%d B)%n",
                    reader, leaks, perSubmit, MEASURED, after - before);
            return perSubmit;
        }
    }

    /** The ids of the SMSC's event loop threads, asked of each loop. */
    private static List<Long> loopThreads(Smsc smsc) throws Exception {
        List<Long> ids = new ArrayList<>();
        for (EventExecutor loop : smsc.workers()) {
            ids.add(loop.submit(() -> Thread.currentThread().getId()).get(5, TimeUnit.SECONDS));
        }
        return ids;
    }

    private static long allocated(List<Long> threads) {
        long sum = 0;
        for (long id : threads) {
            sum += THREADS.getThreadAllocatedBytes(id);
        }
        return sum;
    }

    /** Sends submit_sm one at a time, each after the last one's submit_sm_resp, and checks each response. */
    private static final class Client {

        private final byte[] submit = SmscSessionTest.rawSubmitSm(0, 0x00);
        private final OutputStream out;
        private final DataInputStream in;
        private final byte[] response = new byte[64];
        private int sequence;

        Client(RawSmppSocket raw) throws IOException {
            this.out = raw.socket().getOutputStream();
            this.in = new DataInputStream(new BufferedInputStream(raw.socket().getInputStream()));
        }

        void submit(int count) throws IOException {
            for (int i = 0; i < count; i++) {
                int expected = ++sequence;
                submit[12] = (byte) (expected >>> 24);
                submit[13] = (byte) (expected >>> 16);
                submit[14] = (byte) (expected >>> 8);
                submit[15] = (byte) expected;
                out.write(submit);
                out.flush();
                int length = in.readInt();
                in.readFully(response, 0, length - 4);
                int commandId = readInt(0);
                int status = readInt(4);
                if (commandId != CommandId.SUBMIT_SM_RESP || status != CommandStatus.ESME_ROK || readInt(8) != expected) {
                    throw new AssertionError(String.format("submit_sm %d answered with command_id %08x, status %08x,"
                            + " sequence %d", expected, commandId, status, readInt(8)));
                }
            }
        }

        private int readInt(int at) {
            return (response[at] & 0xFF) << 24 | (response[at + 1] & 0xFF) << 16 | (response[at + 2] & 0xFF) << 8
                    | response[at + 3] & 0xFF;
        }
    }
}
